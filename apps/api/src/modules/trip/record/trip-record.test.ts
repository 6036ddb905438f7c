import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TripRecordCheck } from '@freightlane/domain';
import type { Executor } from '../../../db/client';
import { SAMPLE_FILES, uploadAs } from '../../../test/multipart';
import { call, createTestApp, type TestApp } from '../../../test/test-app';
import { tripWorld, type TripWorld } from '../../../test/trip-world';

describe('the trip’s tamper-evident record', () => {
  let t: TestApp;
  let w: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  const check = async (tripId: string, token = w.customer.accessToken) => {
    const res = await call(t.app, 'GET', `/api/v1/trips/${tripId}/record`, undefined, { token });
    expect(res.status).toBe(200);
    return res.body as TripRecordCheck;
  };
  /**
   * A change made straight in the database: a session that is not the app's (as psql would be), so the
   * record's triggers do not chain it.
   */
  const direct = (edit: (tx: Executor) => Promise<unknown>) =>
    t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL freightlane.writer = 'psql'`);
      await edit(tx);
    });
  const note = (tripId: string, text: string, token = w.transporter.accessToken) =>
    call(t.app, 'PATCH', `/api/v1/trips/${tripId}`, { note: text }, { token });
  const openIssue = (tripId: string, description: string) =>
    call(
      t.app,
      'POST',
      `/api/v1/trips/${tripId}/issues`,
      { issueType: 'BREAKDOWN', description, openingTimeStamp: new Date().toISOString() },
      { token: w.transporter.accessToken },
    );

  /** A trip under way with a note from each side, an issue opened and resolved, a document and an expense. */
  async function busyTrip() {
    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'LOADED');
    expect((await note(trip.id, 'Gate 3, bay 12')).status).toBe(200);
    expect((await note(trip.id, 'Call before delivery', w.customer.accessToken)).status).toBe(200);
    expect((await note(trip.id, 'Gate 4, bay 2')).status).toBe(200);
    const issue = await openIssue(trip.id, 'Flat tyre at Ojota');
    expect(issue.status).toBe(201);
    expect(
      (
        await call(t.app, 'GET', `/api/v1/trips/issues/resolve/${issue.body.id}`, undefined, {
          token: w.transporter.accessToken,
        })
      ).status,
    ).toBe(200);
    const waybill = await uploadAs(
      t,
      `/api/v1/trips/${trip.id}/documents`,
      w.transporter.accessToken,
      {
        kind: 'WAYBILL',
      },
      { fileName: 'waybill.pdf', content: SAMPLE_FILES.pdf(), contentType: 'application/pdf' },
    );
    expect(waybill.status).toBe(201);
    const toll = await uploadAs(t, `/api/v1/trips/${trip.id}/expenses`, w.transporter.accessToken, {
      kind: 'TOLL',
      amountKobo: '500000',
    });
    expect(toll.status).toBe(201);
    return trip;
  }

  it('chains every write of the trip in order: intact, for both companies and an admin', async () => {
    const trip = await busyTrip();
    const record = await check(trip.id);
    expect(record).toMatchObject({ intact: true, broken: null });
    expect(record.head).toMatch(/^[0-9a-f]{64}$/);
    // Three steps, three note writes, the issue opened and resolved, the document, the expense.
    expect(record.links).toBe(3 + 3 + 2 + 1 + 1);
    expect(await check(trip.id, w.transporter.accessToken)).toMatchObject({
      intact: true,
      head: record.head,
    });
    expect(await check(trip.id, w.admin.accessToken)).toMatchObject({ intact: true });
    const other = await call(t.app, 'GET', `/api/v1/trips/${trip.id}/record`, undefined, {
      token: w.otherCustomer.accessToken,
    });
    expect(other.status).toBe(404);
    // A note removed through the app is a link too, and the record stays intact.
    expect((await note(trip.id, '')).status).toBe(200);
    const after = await check(trip.id);
    expect(after.intact).toBe(true);
    expect(after.links).toBeGreaterThanOrEqual(record.links + 1);
  });

  it('breaks where a status log was changed straight in the database', async () => {
    const trip = await busyTrip();
    await direct((tx) =>
      tx.execute(sql`UPDATE trip_status_logs SET at = at - interval '3 hours'
        WHERE trip_id = ${trip.id} AND status = 'LOADED'`),
    );
    const record = await check(trip.id);
    expect(record.intact).toBe(false);
    expect(record.broken).toMatchObject({ kind: 'STATUS', problem: 'CHANGED_OUTSIDE' });
    expect(record.broken!.link).toBeGreaterThan(0);
  });

  it('breaks where an entry was removed, added or a link rewritten outside the app', async () => {
    const removed = await busyTrip();
    await direct((tx) => tx.execute(sql`DELETE FROM trip_documents WHERE trip_id = ${removed.id}`));
    expect((await check(removed.id)).broken).toMatchObject({ kind: 'DOCUMENT', problem: 'REMOVED_OUTSIDE' });

    const added = await busyTrip();
    await direct((tx) =>
      tx.execute(sql`INSERT INTO trip_issues (trip_id, issue_type, description, opened_at)
        VALUES (${added.id}, 'ACCIDENT', 'Backdated claim', now() - interval '1 day')`),
    );
    expect((await check(added.id)).broken).toMatchObject({ kind: 'ISSUE', problem: 'ADDED_OUTSIDE' });

    const rewritten = await busyTrip();
    await direct((tx) =>
      tx.execute(sql`UPDATE trip_record_links SET content_hash = repeat('0', 64)
        WHERE trip_id = ${rewritten.id} AND seq = 2`),
    );
    expect((await check(rewritten.id)).broken).toEqual({ link: 2, kind: 'STATUS', problem: 'LINK_CHANGED' });
  });

  it('makes one chain of writes to one trip at the same moment, never a fork', async () => {
    const trip = await w.newTrip();
    await w.assignFleet(trip.id);
    const writes = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => note(trip.id, `Transporter note ${i}`)),
      ...Array.from({ length: 6 }, (_, i) => note(trip.id, `Customer note ${i}`, w.customer.accessToken)),
      ...Array.from({ length: 4 }, (_, i) => openIssue(trip.id, `Issue ${i}`)),
    ]);
    expect(writes.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    const record = await check(trip.id);
    expect(record).toMatchObject({ intact: true, links: 16 });
    const seqs = (await t.ctx.db.execute(
      sql`SELECT seq FROM trip_record_links WHERE trip_id = ${trip.id} ORDER BY seq`,
    )) as unknown as { rows: { seq: number }[] };
    expect(seqs.rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it('shows the record’s check on the public tracking link', async () => {
    const trip = await busyTrip();
    const res = await call(t.app, 'GET', `/api/v1/trips/open-access/${trip.trackingId}/record`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ intact: true, broken: null });
    expect(res.body.head).toBe((await check(trip.id)).head);
    const unknown = await call(t.app, 'GET', '/api/v1/trips/open-access/TRK-NOPE-0000/record');
    expect(unknown.status).toBe(404);
  });

  it('answers a malformed trip id or tracking link with a 400 naming the field, never a 500', async () => {
    for (const id of ['not-a-uuid', '%00', 'x'.repeat(90)]) {
      const res = await call(t.app, 'GET', `/api/v1/trips/${id}/record`, undefined, {
        token: w.customer.accessToken,
      });
      expect(res.status, id.slice(0, 20)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/\bid\b/);
    }
    // A link is opaque: one of the wrong shape is a link that leads nowhere, as the tracking page answers it.
    expect((await call(t.app, 'GET', '/api/v1/trips/open-access/%00/record')).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/v1/trips/open-access/${'x'.repeat(90)}/record`)).status).toBe(404);
  });
});
