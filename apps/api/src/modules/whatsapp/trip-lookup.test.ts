import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, trips, users, whatsappMessages } from '../../db/schema';
import { listeningTestApp } from '../../test/listening-app';
import { uniquePhone } from '../../test/accounts';
import { call, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { tripLookupRequest } from './trip-lookup-request';
import { TRIP_LOOKUPS_PER_HOUR } from './trip-lookup.service';
import { postWhatsappNotification, whatsappNotification } from './webhook-notifications.test-kit';

const REFUSED =
  "We answer about a trip by its number only on the verified phone of someone at the trip's customer or transporter. If you were sent a tracking link, send us that link instead.";

describe('tripLookupRequest', () => {
  it('finds a trip number in any case, with spaces, and a tracking id bare or in its link', () => {
    expect(tripLookupRequest('where is trp-2026-000123 pls')).toEqual({
      by: 'tripNumber',
      tripNumber: 'TRP-2026-000123',
    });
    expect(tripLookupRequest('TRP 2026 000123')).toMatchObject({ tripNumber: 'TRP-2026-000123' });
    expect(tripLookupRequest('Trp - 2026 - 000123?')).toMatchObject({ tripNumber: 'TRP-2026-000123' });
    expect(tripLookupRequest('https://freightlane.ng/tripprogress/AbCdEfGhIjKlMnOpQrStUv')).toEqual({
      by: 'trackingId',
      trackingId: 'AbCdEfGhIjKlMnOpQrStUv',
    });
    expect(tripLookupRequest('my link: AbCdEfGhIjKlMnOpQrS-Uv.')).toMatchObject({
      trackingId: 'AbCdEfGhIjKlMnOpQrS-Uv',
    });
    expect(tripLookupRequest('good morning, any news?')).toBeNull();
    expect(tripLookupRequest('TRP-26-1')).toBeNull();
    expect(tripLookupRequest(null)).toBeNull();
  });
});

describe('asking about a trip by WhatsApp', () => {
  let t: TestApp;
  let w: TripWorld;
  const phone = uniquePhone;

  beforeAll(async () => {
    t = await listeningTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t?.close());

  /** The person's phone writes `text` to the platform, as Meta posts it (signed), `secondsAgo` before now. */
  async function write(from: string, text: string, secondsAgo = 0) {
    const body = whatsappNotification({
      messages: [
        {
          from: from.slice(1),
          id: `wamid.LOOKUP${randomUUID()}`,
          timestamp: String(Math.floor(Date.now() / 1000) - secondsAgo),
          type: 'text',
          text: { body: text },
        },
      ],
    });
    expect((await postWhatsappNotification(t, body)).status).toBe(200);
  }

  /** The answers the platform queued to the phone, oldest first. */
  async function answersTo(to: string) {
    await t.ctx.jobs.drain();
    const rows = await t.ctx.db
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.to, to), eq(whatsappMessages.purpose, 'trip-lookup')))
      .orderBy(whatsappMessages.createdAt);
    return rows;
  }

  async function verify(userId: string, language: string | null = null) {
    await t.ctx.db
      .update(users)
      .set({ phoneVerifiedAt: new Date(), language: language as never })
      .where(eq(users.id, userId));
  }

  it('answers anyone holding the tracking link with the public facts, free and from the platform', async () => {
    const trip = await w.newTrip();
    const stranger = phone();
    await write(stranger, `Hello, where is this? https://freightlane.ng/tripprogress/${trip.trackingId}`);
    const [answer, ...more] = await answersTo(stranger);
    expect(more).toEqual([]);
    expect(answer).toMatchObject({ kind: 'text', costKobo: 0, companyId: null, purpose: 'trip-lookup' });
    expect(answer!.text.split('\n')).toEqual([
      `Freightlane: trip ${trip.tripNumber}`,
      'Stage: Not started yet',
      'No location reported yet.',
      expect.any(String),
    ]);
  });

  it('answers a trip number from the verified phone of a user of either company, in their language', async () => {
    const trip = await w.newTrip();
    await verify(w.customer.user.id, 'pcm');
    await write(w.customer.user.phoneNumber, `trp ${trip.tripNumber.slice(4).replace('-', ' ')}`);
    const [customerAnswer] = await answersTo(w.customer.user.phoneNumber);
    expect(customerAnswer!.text.split('\n').slice(0, 2)).toEqual([
      `Freightlane: trip ${trip.tripNumber}`,
      'Where e reach: E never start',
    ]);

    await verify(w.fleetManager.user.id);
    await write(w.fleetManager.user.phoneNumber, trip.tripNumber.toLowerCase());
    const [managerAnswer] = await answersTo(w.fleetManager.user.phoneNumber);
    expect(managerAnswer!.text).toMatch(new RegExp(`^Freightlane: trip ${trip.tripNumber}\\nStage: `));
  });

  it('politely refuses a trip number from a stranger, an unverified member, or another company alike', async () => {
    const trip = await w.newTrip();
    const stranger = phone();
    await write(stranger, trip.tripNumber);
    await write(stranger, 'TRP-2099-999999');
    expect((await answersTo(stranger)).map((a) => a.text)).toEqual([REFUSED, REFUSED]);

    await t.ctx.db.update(users).set({ phoneVerifiedAt: null }).where(eq(users.id, w.transporter.user.id));
    await write(w.transporter.user.phoneNumber, trip.tripNumber);
    expect((await answersTo(w.transporter.user.phoneNumber)).map((a) => a.text)).toEqual([REFUSED]);

    await verify(w.otherCustomer.user.id);
    await write(w.otherCustomer.user.phoneNumber, trip.tripNumber);
    expect((await answersTo(w.otherCustomer.user.phoneNumber)).map((a) => a.text)).toEqual([REFUSED]);
  });

  it('answers a revoked, an expired and an unknown tracking link as the public page does', async () => {
    const revokedTrip = await w.newTrip();
    const revoke = await call(
      t.app,
      'POST',
      `/api/v1/trips/${revokedTrip.id}/tracking-link/revoke`,
      undefined,
      { token: w.customer.accessToken },
    );
    expect(revoke.status).toBe(200);
    const expiredTrip = await w.newTrip();
    await t.ctx.db
      .update(trips)
      .set({ trackingExpiresAt: new Date('2026-11-21T13:05:00Z') })
      .where(eq(trips.id, expiredTrip.id));

    const asker = phone();
    await write(asker, revokedTrip.trackingId);
    await write(asker, expiredTrip.trackingId);
    await write(asker, 'ZZZZZZZZZZZZZZZZZZZZZZ');
    expect((await answersTo(asker)).map((a) => a.text)).toEqual([
      'This tracking link has been revoked. Ask the sender for a new link.',
      'This tracking link expired on 21 Nov 2026, 14:05.',
      'No trip has this tracking link. Check the link you were sent.',
    ]);

    // A member asking by number gets the link's rules too: the trip's link has expired.
    await verify(w.customer.user.id, null);
    await write(w.customer.user.phoneNumber, expiredTrip.tripNumber);
    const answers = await answersTo(w.customer.user.phoneNumber);
    expect(answers.at(-1)!.text).toBe('This tracking link expired on 21 Nov 2026, 14:05.');
  });

  it(`answers ${TRIP_LOOKUPS_PER_HOUR} lookups an hour per phone, then says so once, then stays silent`, async () => {
    const trip = await w.newTrip();
    const asker = phone();
    for (let i = 0; i < TRIP_LOOKUPS_PER_HOUR + 3; i++) {
      await write(asker, trip.trackingId, 100 - i);
    }
    // Other words are not lookups and are not counted or answered.
    await write(asker, 'thank you', 50);
    const answers = await answersTo(asker);
    expect(answers).toHaveLength(TRIP_LOOKUPS_PER_HOUR + 1);
    expect(answers.at(-1)!.text).toBe(
      'You have asked about trips too many times in the last hour. Please try again later.',
    );
    expect(answers.slice(0, -1).every((a) => a.text.startsWith('Freightlane: trip'))).toBe(true);
  });

  it('answers from a job, so the webhook only records the message', async () => {
    const trip = await w.newTrip();
    const asker = phone();
    await write(asker, trip.trackingId);
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'whatsapp.trip-lookup'));
    expect(queued.some((j) => j.doneAt === null)).toBe(true);
    expect(await t.ctx.db.select().from(whatsappMessages).where(eq(whatsappMessages.to, asker))).toEqual([]);
    expect(await answersTo(asker)).toHaveLength(1);
  });
});
