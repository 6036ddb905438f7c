import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TripRecordCheck } from '@freightlane/domain';
import { SAMPLE_FILES, uploadAs } from '../../test/multipart';
import { pdfPages } from '../../test/pdf-text';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';

describe('the delivery dossier', () => {
  let t: TestApp;
  let w: TripWorld;
  let trip: Awaited<ReturnType<TripWorld['newTrip']>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    trip = await w.newTrip();
    await w.assignFleet(trip.id);
    await w.walkTo(trip.id, 'LOADED');
    const waybill = await uploadAs(
      t,
      `/api/v1/trips/${trip.id}/documents`,
      w.transporter.accessToken,
      { kind: 'WAYBILL' },
      { fileName: 'waybill-4471.pdf', content: SAMPLE_FILES.pdf(), contentType: 'application/pdf' },
    );
    expect(waybill.status).toBe(201);
    const issue = await call(
      t.app,
      'POST',
      `/api/v1/trips/${trip.id}/issues`,
      {
        issueType: 'BREAKDOWN',
        description: 'Gearbox failed at Ojota',
        openingTimeStamp: new Date().toISOString(),
      },
      { token: w.transporter.accessToken },
    );
    await call(t.app, 'GET', `/api/v1/trips/issues/resolve/${issue.body.id}`, undefined, {
      token: w.transporter.accessToken,
    });
    const toll = await uploadAs(t, `/api/v1/trips/${trip.id}/expenses`, w.transporter.accessToken, {
      kind: 'TOLL',
      amountKobo: '500000',
    });
    expect(toll.status).toBe(201);
    await w.walkTo(trip.id, 'DELIVERED');
  }, 120_000);
  afterAll(() => t.close());

  const dossier = async (token: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/trips/${trip.id}/dossier`,
      headers: { authorization: `Bearer ${token}` },
    });
    return res;
  };

  it('gives the customer the trip’s facts, its documents’ hashes and the record’s head, never the road cash', async () => {
    const res = await dossier(w.customer.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment;.*dossier-TRP-/);
    const text = (await pdfPages(res.rawPayload)).join(' ');
    const record = (
      await call(t.app, 'GET', `/api/v1/trips/${trip.id}/record`, undefined, {
        token: w.customer.accessToken,
      })
    ).body as TripRecordCheck;
    expect(record.intact).toBe(true);
    expect(text).toContain(`Delivery dossier ${trip.tripNumber}`);
    expect(text).toContain('Record intact, checked now');
    expect(text).toContain('Lekki Foods Ltd');
    expect(text).toContain('Agege Haulage Ltd');
    for (const step of ['Started', 'Loaded', 'Delivered']) expect(text).toMatch(new RegExp(step, 'i'));
    expect(text).toContain('the consignee gave the six-digit handover code');
    expect(text).toContain('waybill-4471.pdf');
    expect(text).toContain(createHash('sha256').update(SAMPLE_FILES.pdf()).digest('hex'));
    expect(text).toContain('Gearbox failed at Ojota');
    expect(text).toContain(record.head!);
    expect(text).toContain(`/tripprogress/${trip.trackingId}`);
    // The map: the trip's places named on the states' outlines.
    expect(text).toContain('Pickup and Delivery at their LGAs. State outlines: Natural Earth.');
    expect(text).not.toContain('Expenses on the road');
  });

  it('gives the transporter its expenses too, and another company nothing', async () => {
    const res = await dossier(w.transporter.accessToken);
    expect(res.statusCode).toBe(200);
    const text = (await pdfPages(res.rawPayload)).join(' ');
    expect(text).toContain('Expenses on the road');
    expect(text).toContain('₦5,000.00');
    expect((await dossier(w.otherCustomer.accessToken)).statusCode).toBe(404);
    expect((await dossier(w.otherTransporter.accessToken)).statusCode).toBe(404);
  });

  it('answers a malformed trip id with a 400 naming the field, never a 500', async () => {
    for (const id of ['not-a-uuid', '%00', 'x'.repeat(90)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/trips/${id}/dossier`,
        headers: { authorization: `Bearer ${w.customer.accessToken}` },
      });
      expect(res.statusCode, id.slice(0, 20)).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(/\bid\b/) });
    }
  });
});
