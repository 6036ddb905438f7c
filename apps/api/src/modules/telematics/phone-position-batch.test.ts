import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { truckLatestPositions, truckPositions } from '../../db/schema';
import { hashToken } from '../../lib/secure-token';
import { driverOnTripWithLink } from '../../test/driver-phone';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { PhonePositionBatcher } from './phone-position-batch.job';

describe('phone positions stored together', () => {
  let t: TestApp;
  let world: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await tripWorld(t);
  });
  afterAll(() => t.close());

  const secondsAgo = (s: number) => new Date(Date.now() - s * 1000);
  const fix = (at: Date, latitude = 6.5246, longitude = 3.3709) => ({
    recordedAt: at,
    latitude,
    longitude,
    speedKmh: 40,
    heading: 90,
    accuracyM: 10,
  });

  it('answers every phone of a batch with its own outcome, and an unknown link alone with a 404', async () => {
    const phones = await Promise.all([driverOnTripWithLink(t, world), driverOnTripWithLink(t, world)]);
    const batcher = new PhonePositionBatcher(t.ctx, { maxBatch: 1000, maxWaiting: 1000, parallel: 1 });
    const [a, b] = phones;
    const [t30, t20, t10] = [secondsAgo(30), secondsAgo(20), secondsAgo(10)];
    const sent = [
      batcher.submit(hashToken(a!.link.token), [fix(t30), fix(t20)]),
      batcher.submit(hashToken(b!.link.token), [fix(t30), fix(t10, 91, 3)]),
      batcher.submit(hashToken('x'.repeat(32)), [fix(t30)]),
      // A position sent again is stored once.
      batcher.submit(hashToken(a!.link.token), [fix(t20)]),
    ];
    const [first, second, unknown, repeat] = await Promise.allSettled(sent);
    expect(first).toEqual({ status: 'fulfilled', value: { stored: 2, refused: [] } });
    expect(second).toEqual({
      status: 'fulfilled',
      value: { stored: 1, refused: [{ index: 1, message: 'Latitude must be between -90 and 90' }] },
    });
    expect(unknown!.status).toBe('rejected');
    expect((unknown as PromiseRejectedResult).reason).toMatchObject({ code: 'NOT_FOUND' });
    expect(repeat).toEqual({ status: 'fulfilled', value: { stored: 0, refused: [] } });

    const stored = await t.ctx.db
      .select({ truckId: truckPositions.truckId })
      .from(truckPositions)
      .where(inArray(truckPositions.truckId, [a!.truck.id, b!.truck.id]));
    expect(stored).toHaveLength(3);
    const [latest] = await t.ctx.db
      .select()
      .from(truckLatestPositions)
      .where(eq(truckLatestPositions.truckId, a!.truck.id));
    expect(latest!.recordedAt.getTime()).toBe(t20.getTime());
  });

  it('asks phones to send again later (503) when more positions wait than it holds', async () => {
    const { link } = await driverOnTripWithLink(t, world);
    const batcher = new PhonePositionBatcher(t.ctx, { maxBatch: 2, maxWaiting: 3, parallel: 1 });
    // The first goes to the database at once; the next three wait for it, and fill the queue.
    const storing = batcher.submit(hashToken(link.token), [fix(secondsAgo(200))]);
    const many = Array.from({ length: 3 }, (_, i) => fix(secondsAgo(100 + i)));
    const waiting = batcher.submit(hashToken(link.token), many);
    await expect(batcher.submit(hashToken(link.token), [fix(secondsAgo(5))])).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect(await storing).toEqual({ stored: 1, refused: [] });
    expect(await waiting).toEqual({ stored: 3, refused: [] });
  });

  it('stores a thousand positions from twenty phones sent at once over HTTP, each answered', async () => {
    const phones = await Promise.all(Array.from({ length: 20 }, () => driverOnTripWithLink(t, world)));
    const answers = await Promise.all(
      phones.flatMap(({ base }) =>
        Array.from({ length: 50 }, (_, i) =>
          call(t.app, 'POST', `${base}/positions`, {
            positions: [{ recordedAt: secondsAgo(600 - i).toISOString(), latitude: 6.5, longitude: 3.37 }],
          }),
        ),
      ),
    );
    expect(answers.map((r) => [r.status, r.body.stored])).toEqual(answers.map(() => [200, 1]));
    const rows = await t.ctx.db
      .select({ at: truckPositions.recordedAt })
      .from(truckPositions)
      .where(
        inArray(
          truckPositions.truckId,
          phones.map((p) => p.truck.id),
        ),
      );
    expect(rows).toHaveLength(1000);
  });
});
