import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, driverActions, tripDocuments, tripIssues, tripStatusLogs } from '../../db/schema';
import { driverOnTripWithLink } from '../../test/driver-phone';
import { multipartBody, SAMPLE_FILES, type MultipartFile } from '../../test/multipart';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

describe('the driver’s actions from the phone link', () => {
  let t: TestApp;
  let world: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await tripWorld(t);
  });
  afterAll(() => t.close());

  const driverOnTrip = () => driverOnTripWithLink(t, world);

  const upload = (url: string, fields: Record<string, string>, file?: MultipartFile) =>
    t.app.inject({ method: 'POST', url, ...multipartBody(fields, file) }).then((res) => ({
      status: res.statusCode,
      body: JSON.parse(res.body) as Record<string, any>,
    }));
  const photo = (): MultipartFile => ({
    fileName: 'gate.jpg',
    content: SAMPLE_FILES.jpeg(),
    contentType: 'image/jpeg',
  });

  it('records the next step as the driver, once however often the phone sends it', async () => {
    const { trip, driver, base } = await driverOnTrip();
    const action = {
      clientActionId: randomUUID(),
      tripStatus: 'STARTED',
      position: { latitude: 6.555, longitude: 3.343 },
    };
    const first = await call(t.app, 'POST', `${base}/status`, action);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      clientActionId: action.clientActionId,
      action: 'STATUS',
      trip: { id: trip.id, tripNumber: trip.tripNumber, latestTripStatus: 'STARTED' },
      message: 'Recorded: Trip Started',
    });

    // The answer was lost and the phone sends again: the same answer, and nothing recorded twice.
    const again = await call(t.app, 'POST', `${base}/status`, action);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const logs = await t.ctx.db.select().from(tripStatusLogs).where(eq(tripStatusLogs.tripId, trip.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      actorUserId: null,
      actorDriverId: driver.id,
      recordedBy: 'DRIVER_PHONE',
    });

    const detail = await world.detail(trip.id, world.transporter.accessToken);
    expect(detail.tripStatusLogs[0].changedBy).toBe(
      `${driver.firstName} ${driver.lastName}, driver (Agege Haulage Ltd)`,
    );
    // Where the phone was names the step's place, from the gazetteer as for positions.
    expect(detail.tripStatusLogs[0].location).toMatchObject({ state: 'Lagos', lga: 'Oshodi-Isolo' });
    const [audited] = await world.audits(trip.id, 'trip.status_changed');
    expect(audited).toMatchObject({
      actorUserId: null,
      companyId: (await world.tripRow(trip.id)).transporterCompanyId,
    });
    expect(audited!.data).toMatchObject({
      from: null,
      to: 'STARTED',
      driverId: driver.id,
      recordedBy: 'DRIVER_PHONE',
    });
  });

  it('refuses a step out of order as the transporter’s own route does, and frees the id', async () => {
    const { base } = await driverOnTrip();
    const clientActionId = randomUUID();
    const wrong = await call(t.app, 'POST', `${base}/status`, { clientActionId, tripStatus: 'LOADED' });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({
      message: 'This trip has not started; it can only move to Trip Started',
      allowedNextStatuses: ['STARTED'],
    });
    const right = await call(t.app, 'POST', `${base}/status`, { clientActionId, tripStatus: 'STARTED' });
    expect(right.status).toBe(200);
    // An admin's override is not the driver's to give.
    const override = await call(t.app, 'POST', `${base}/status`, {
      clientActionId: randomUUID(),
      tripStatus: 'AT_PICKUP_LOCATION',
      overrideReason: 'Consignee lost the code',
    });
    expect(override.status).toBe(400);
    expect(override.body.errors).toEqual([{ field: 'overrideReason', message: 'Unknown field' }]);
  });

  it('records Delivered only with the consignee’s handover code', async () => {
    const { trip, base } = await driverOnTrip();
    await world.walkTo(trip.id, 'AT_DELIVERY_LOCATION');
    const deliver = (extra: Record<string, unknown>) =>
      call(t.app, 'POST', `${base}/status`, {
        clientActionId: randomUUID(),
        tripStatus: 'DELIVERED',
        ...extra,
      });

    const without = await deliver({});
    expect(without.status).toBe(400);
    expect(without.body.errors).toEqual([
      { field: 'handoverCode', message: 'Enter the 6-digit handover code' },
    ]);
    const code: string = (await world.detail(trip.id)).handover.code;
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await deliver({ handoverCode: wrongCode });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('The handover code is wrong; 4 tries left');
    // The wrong try counts, as it does for the transporter.
    expect((await world.tripRow(trip.id)).handoverFailedAttempts).toBe(1);
    const right = await deliver({ handoverCode: code });
    expect(right.status).toBe(200);
    expect(right.body.trip.latestTripStatus).toBe('DELIVERED');
  });

  it('reports an issue once, named as opened by the driver', async () => {
    const { trip, driver, base } = await driverOnTrip();
    const report = {
      clientActionId: randomUUID(),
      issueType: 'CHECKPOINT_DELAY',
      description: 'Held at the Ojota checkpoint',
      location: { state: 'Lagos', lga: 'Kosofe', description: 'Ojota' },
    };
    const first = await call(t.app, 'POST', `${base}/issues`, report);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      action: 'ISSUE',
      message: 'Issue reported: Checkpoint / police delay',
    });
    const again = await call(t.app, 'POST', `${base}/issues`, report);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const issues = await t.ctx.db.select().from(tripIssues).where(eq(tripIssues.tripId, trip.id));
    expect(issues).toHaveLength(1);
    const detail = await world.detail(trip.id);
    expect(detail.issues[0]).toMatchObject({
      issueType: 'CHECKPOINT_DELAY',
      openedBy: `${driver.firstName} ${driver.lastName}, driver (Agege Haulage Ltd)`,
      location: { state: 'Lagos', lga: 'Kosofe', description: 'Ojota' },
    });
    expect(detail.currentLocation).toMatchObject({ lga: 'Kosofe' });
  });

  it('adds a photo once, with the upload checks of trip documents', async () => {
    const { trip, driver, base } = await driverOnTrip();
    const clientActionId = randomUUID();
    const first = await upload(`${base}/documents`, { clientActionId, kind: 'PROOF_OF_DELIVERY' }, photo());
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ action: 'DOCUMENT', message: 'Photo added: Proof of delivery' });
    const again = await upload(`${base}/documents`, { clientActionId, kind: 'PROOF_OF_DELIVERY' }, photo());
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const rows = await t.ctx.db.select().from(tripDocuments).where(eq(tripDocuments.tripId, trip.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      uploadedByUserId: null,
      uploadedByDriverId: driver.id,
      contentType: 'image/jpeg',
    });
    const detail = await world.detail(trip.id, world.transporter.accessToken);
    expect(detail.documents[0]).toMatchObject({
      kind: 'PROOF_OF_DELIVERY',
      uploadedBy: `${driver.firstName} ${driver.lastName}, driver (Agege Haulage Ltd)`,
      canDelete: true,
    });

    const pdf = await upload(
      `${base}/documents`,
      { clientActionId: randomUUID(), kind: 'PHOTO' },
      { fileName: 'scan.pdf', content: SAMPLE_FILES.pdf() },
    );
    expect(pdf.status).toBe(400);
    expect(pdf.body.errors).toEqual([{ field: 'file', message: 'Upload a JPEG, PNG, WebP file' }]);
    const lying = await upload(
      `${base}/documents`,
      { clientActionId: randomUUID(), kind: 'PHOTO' },
      { fileName: 'photo.jpg', content: 'not a picture', contentType: 'image/jpeg' },
    );
    expect(lying.status).toBe(400);
    const noId = await upload(`${base}/documents`, { kind: 'SELFIE' }, photo());
    expect(noId.status).toBe(400);
    expect(noId.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'clientActionId',
      'kind',
    ]);
    const nul = await upload(
      `${base}/documents`,
      { clientActionId: randomUUID(), kind: 'PHOTO\u0000' },
      photo(),
    );
    expect(nul.status).toBe(400);
    expect(nul.body.errors[0].field).toBe('kind');
  });

  it('answers 404 for a link that is not valid, and 409 without a trip in progress', async () => {
    const { trip, driver, base } = await driverOnTrip();
    const unknown = `/api/v1/driver/${'z'.repeat(32)}`;
    const status = { clientActionId: randomUUID(), tripStatus: 'STARTED' };
    const issue = { clientActionId: randomUUID(), issueType: 'BREAKDOWN', description: 'Flat tyre' };
    expect((await call(t.app, 'POST', `${unknown}/status`, status)).status).toBe(404);
    expect((await call(t.app, 'POST', `${unknown}/issues`, issue)).status).toBe(404);
    expect(
      (await upload(`${unknown}/documents`, { clientActionId: randomUUID(), kind: 'PHOTO' }, photo())).status,
    ).toBe(404);

    const cancelled = await call(
      t.app,
      'PATCH',
      '/api/v1/trips/cancel',
      { tripIds: [trip.id], reason: 'Customer changed plans' },
      { token: world.customer.accessToken },
    );
    expect(cancelled.status).toBe(200);
    const noTrip = await call(t.app, 'POST', `${base}/status`, status);
    expect(noTrip.status).toBe(409);
    expect(noTrip.body.message).toBe(
      'You are not on a trip in progress, so there is nothing to record. Ask your transporter.',
    );
    expect((await call(t.app, 'POST', `${base}/issues`, issue)).status).toBe(409);
    expect(
      (await upload(`${base}/documents`, { clientActionId: randomUUID(), kind: 'PHOTO' }, photo())).status,
    ).toBe(409);

    const revoked = await call(t.app, 'DELETE', `/api/v1/fleet/drivers/${driver.id}/phone-link`, undefined, {
      token: world.transporter.accessToken,
    });
    expect(revoked.status).toBe(204);
    const gone = await call(t.app, 'POST', `${base}/issues`, issue);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('This driver link is not valid. Ask your transporter for a new one.');
  });

  it('refuses bad input with the field, and an id used for another action', async () => {
    const { driver, base } = await driverOnTrip();
    const issue = { clientActionId: randomUUID(), issueType: 'BREAKDOWN', description: 'Flat tyre' };
    const fieldsOf = (res: { body: Record<string, any> }) =>
      (res.body.errors as { field: string }[]).map((e) => e.field).sort();

    const nul = await call(t.app, 'POST', `${base}/issues`, { ...issue, description: 'Flat\u0000 tyre' });
    expect(nul.status).toBe(400);
    expect(fieldsOf(nul)).toEqual(['description']);
    const huge = await call(t.app, 'POST', `${base}/issues`, {
      ...issue,
      description: 'x'.repeat(1_000_000),
    });
    expect(huge.status).toBe(400);
    expect(fieldsOf(huge)).toEqual(['description']);
    const wrongTypes = await call(t.app, 'POST', `${base}/status`, {
      clientActionId: 'not-a-uuid',
      tripStatus: 5,
      position: { latitude: 'north', longitude: 3.39 },
    });
    expect(wrongTypes.status).toBe(400);
    expect(fieldsOf(wrongTypes)).toEqual(['clientActionId', 'position.latitude', 'tripStatus']);
    const notJson = await t.app.inject({
      method: 'POST',
      url: `${base}/issues`,
      headers: { 'content-type': 'application/json' },
      payload: '{"issueType": ',
    });
    expect(notJson.statusCode).toBe(400);

    expect((await call(t.app, 'POST', `${base}/issues`, issue)).status).toBe(201);
    const reused = await call(t.app, 'POST', `${base}/status`, {
      clientActionId: issue.clientActionId,
      tripStatus: 'STARTED',
    });
    expect(reused.status).toBe(409);
    expect(reused.body.errors).toEqual([
      { field: 'clientActionId', message: 'Already used for another action' },
    ]);
    const kept = await t.ctx.db
      .select()
      .from(driverActions)
      .where(and(eq(driverActions.driverId, driver.id)));
    expect(kept.map((a) => a.action)).toEqual(['ISSUE']);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'trip.issue_opened'));
    expect(audits.filter((a) => (a.data as { driverId?: string }).driverId === driver.id)).toHaveLength(1);
  });
});
