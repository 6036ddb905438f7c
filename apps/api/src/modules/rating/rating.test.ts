import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, tripRatings, trips } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripRef, type TripWorld } from '../../test/trip-world';
import { ratingSummaries } from './rating.repository';

const DAY_MS = 24 * 3600 * 1000;

describe('trip ratings', () => {
  let t: TestApp;
  let w: TripWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
  });
  afterAll(() => t.close());

  const ratingsUrl = (tripId: string) => `/api/v1/trips/${tripId}/ratings`;
  const read = (token: string, tripId: string) =>
    call(t.app, 'GET', ratingsUrl(tripId), undefined, { token });
  const rate = (token: string, tripId: string, body: unknown) =>
    call(t.app, 'POST', ratingsUrl(tripId), body, { token });
  const change = (token: string, tripId: string, body: unknown) =>
    call(t.app, 'PUT', `${ratingsUrl(tripId)}/mine`, body, { token });
  const list = (token: string, query = '') =>
    call(t.app, 'GET', `/api/v1/admin/ratings${query}`, undefined, { token });
  const setVisibility = (token: string, ratingId: string, body: unknown) =>
    call(t.app, 'PUT', `/api/v1/admin/ratings/${ratingId}/comment-visibility`, body, { token });

  const customerRating = { score: 4, tags: ['ON_TIME', 'GOOD_COMMUNICATION'], comment: '  Smooth trip  ' };
  const transporterRating = { score: 3, tags: ['LONG_WAIT'] };

  /** A trip of the world's pair marked delivered `daysAgo` days ago, as the status log's trigger would. */
  async function deliveredTrip(daysAgo = 0, parties?: Parameters<TripWorld['award']>[2]): Promise<TripRef> {
    const trip = parties ? ((await w.award({}, undefined, parties)).trips[0] as TripRef) : await w.newTrip();
    const at = new Date(Date.now() - daysAgo * DAY_MS);
    await t.ctx.db
      .update(trips)
      .set({ latestStatus: 'DELIVERED', latestStatusAt: at, deliveredAt: at })
      .where(eq(trips.id, trip.id));
    return trip;
  }

  /** Moves a rating's giving time back, as if it was given `days` days ago. */
  const givenDaysAgo = (ratingId: string, days: number) =>
    t.ctx.db
      .update(tripRatings)
      .set({ createdAt: sql`now() - make_interval(days => ${days}::int, mins => 1)` })
      .where(eq(tripRatings.id, ratingId));

  const audits = (entityId: string, action: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));

  describe('who may rate, and when', () => {
    it('opens once the trip is delivered, whatever came after, and answers the rating', async () => {
      const trip = await w.newTrip();
      await w.assignFleet(trip.id);
      await w.walkTo(trip.id, 'AT_DELIVERY_LOCATION');

      const before = await read(w.customer.accessToken, trip.id);
      expect(before.status).toBe(200);
      expect(before.body).toEqual({
        canRate: false,
        rateUntil: null,
        mine: null,
        theirs: null,
        theirsGiven: false,
        theirsShowsAt: null,
        editableUntil: null,
      });
      const early = await rate(w.customer.accessToken, trip.id, customerRating);
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('A trip can be rated once it is delivered');

      await w.walkTo(trip.id, 'EMPTY_DROP_OFF');
      const { deliveredAt } = await w.tripRow(trip.id);
      const open = await read(w.customer.accessToken, trip.id);
      expect(open.body).toMatchObject({ canRate: true, mine: null, editableUntil: null });
      expect(open.body.rateUntil).toBe(new Date(deliveredAt!.getTime() + 30 * DAY_MS).toISOString());

      const res = await rate(w.customer.accessToken, trip.id, customerRating);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        tripId: trip.id,
        raterSide: 'customer',
        score: 4,
        tags: ['ON_TIME', 'GOOD_COMMUNICATION'],
        comment: 'Smooth trip',
        commentHidden: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const [row] = await t.ctx.db.select().from(tripRatings).where(eq(tripRatings.id, res.body.id));
      expect(row).toMatchObject({
        raterCompanyId: w.customer.company.id,
        ratedCompanyId: w.transporter.company.id,
        createdBy: w.customer.user.id,
      });
      const [audit] = await audits(res.body.id, 'rating.given');
      expect(audit).toMatchObject({
        actorUserId: w.customer.user.id,
        companyId: w.customer.company.id,
        entityType: 'trip_rating',
        data: expect.objectContaining({ tripNumber: trip.tripNumber, raterSide: 'customer', score: 4 }),
      });
    });

    it('lets the transporter side rate through its owner or a fleet manager, once per side', async () => {
      const trip = await deliveredTrip();
      const res = await rate(w.fleetManager.accessToken, trip.id, transporterRating);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        raterSide: 'transporter',
        score: 3,
        tags: ['LONG_WAIT'],
        comment: null,
      });
      const [row] = await t.ctx.db.select().from(tripRatings).where(eq(tripRatings.id, res.body.id));
      expect(row).toMatchObject({
        raterCompanyId: w.transporter.company.id,
        ratedCompanyId: w.customer.company.id,
      });

      const again = await rate(w.transporter.accessToken, trip.id, { score: 5, tags: [] });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Your company has already rated this trip; change that rating instead');
      const customer = await rate(w.customer.accessToken, trip.id, { score: 5, tags: [] });
      expect(customer.status).toBe(201);
    });

    it('refuses a cancelled trip', async () => {
      const trip = await deliveredTrip();
      await t.ctx.db.update(trips).set({ cancelledAt: new Date() }).where(eq(trips.id, trip.id));
      const res = await rate(w.customer.accessToken, trip.id, customerRating);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This trip was cancelled, so it cannot be rated');
      const view = await read(w.customer.accessToken, trip.id);
      expect(view.body).toMatchObject({ canRate: false, rateUntil: null });
    });

    it('closes 30 days after delivery', async () => {
      const open = await deliveredTrip(29);
      expect((await read(w.customer.accessToken, open.id)).body.canRate).toBe(true);
      expect((await rate(w.customer.accessToken, open.id, customerRating)).status).toBe(201);

      const closed = await deliveredTrip(30);
      const view = await read(w.customer.accessToken, closed.id);
      expect(view.body.canRate).toBe(false);
      expect(Date.parse(view.body.rateUntil)).toBeLessThanOrEqual(Date.now());
      const res = await rate(w.customer.accessToken, closed.id, customerRating);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Ratings close 30 days after delivery');
    });

    it('answers 404 to a company outside the trip, 403 to admins and 401 to anonymous callers', async () => {
      const trip = await deliveredTrip();
      for (const token of [w.otherCustomer.accessToken, w.otherTransporter.accessToken]) {
        const seen = await read(token, trip.id);
        expect(seen.status).toBe(404);
        expect(seen.body.message).toBe('Trip not found');
        expect((await rate(token, trip.id, customerRating)).status).toBe(404);
        expect((await change(token, trip.id, customerRating)).status).toBe(404);
      }
      for (const res of [
        await read(w.admin.accessToken, trip.id),
        await rate(w.admin.accessToken, trip.id, customerRating),
        await change(w.admin.accessToken, trip.id, customerRating),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Your account type cannot do this.');
      }
      expect((await call(t.app, 'POST', ratingsUrl(trip.id), customerRating)).status).toBe(401);
      expect((await t.ctx.db.select().from(tripRatings).where(eq(tripRatings.tripId, trip.id))).length).toBe(
        0,
      );

      const unknown = await read(w.customer.accessToken, 'not-a-trip');
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual([{ field: 'params.tripId', message: 'Trip not found' }]);
    });
  });

  describe('bad input', () => {
    let trip: TripRef;
    beforeAll(async () => {
      trip = await deliveredTrip();
    });

    const refused = async (token: string, body: unknown, field: string, message: string) => {
      const res = await rate(token, trip.id, body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
    };

    it('names the score when it is not a whole number from 1 to 5', async () => {
      const message = 'Score must be a whole number from 1 to 5';
      for (const score of [0, 6, 'x', 2.5, null]) {
        await refused(w.customer.accessToken, { score, tags: [] }, 'score', message);
      }
    });

    it('names the tag that is unknown or about the other direction, too many tags and repeats', async () => {
      await refused(
        w.customer.accessToken,
        { score: 4, tags: ['FAST'] },
        'tags.0',
        'Choose tags from the list',
      );
      await refused(
        w.customer.accessToken,
        { score: 4, tags: ['ON_TIME', 'QUICK_PAYMENT'] },
        'tags.1',
        'Quick payment is not a tag for rating a transporter',
      );
      await refused(
        w.transporter.accessToken,
        { score: 4, tags: ['CARGO_DAMAGED'] },
        'tags.0',
        'Cargo damaged is not a tag for rating a customer',
      );
      const six = [
        'ON_TIME',
        'CAREFUL_WITH_CARGO',
        'GOOD_COMMUNICATION',
        'ALWAYS_TRACKED',
        'PROFESSIONAL_CREW',
        'LATE',
      ];
      await refused(w.customer.accessToken, { score: 4, tags: six }, 'tags', 'Choose at most 5 tags');
      await refused(
        w.customer.accessToken,
        { score: 4, tags: ['LATE', 'LATE'] },
        'tags',
        'Choose each tag once',
      );
      await refused(w.customer.accessToken, { score: 4 }, 'tags', 'Tags must be a list (empty for none)');
    });

    it('names the comment when too long, with a control character or a NUL byte', async () => {
      const base = { score: 4, tags: [] };
      await refused(
        w.customer.accessToken,
        { ...base, comment: 'a'.repeat(1001) },
        'comment',
        'Comment must be at most 1000 characters',
      );
      await refused(
        w.customer.accessToken,
        { ...base, comment: 'ring\u0007ring' },
        'comment',
        'Comment must not contain control characters',
      );
      const nul = await rate(w.customer.accessToken, trip.id, { ...base, comment: 'bad\u0000byte' });
      expect(nul.status).toBe(400);
      expect(nul.body.errors).toEqual([
        { field: 'comment', message: 'Text must not contain a NUL character' },
      ]);
      await refused(w.customer.accessToken, { ...base, stars: 5 }, 'stars', 'Unknown field');
      expect((await t.ctx.db.select().from(tripRatings).where(eq(tripRatings.tripId, trip.id))).length).toBe(
        0,
      );
    });

    it('takes 1000 characters after trimming, lines included, and an empty comment as none', async () => {
      const comment = `${'a'.repeat(498)}\r\n${'b'.repeat(500)}`;
      const res = await rate(w.customer.accessToken, trip.id, {
        score: 4,
        tags: [],
        comment: `  ${comment}  `,
      });
      expect(res.status).toBe(201);
      expect(res.body.comment).toBe(comment);
      const other = await rate(w.transporter.accessToken, trip.id, { score: 4, tags: [], comment: '   ' });
      expect(other.body.comment).toBeNull();
    });
  });

  describe('the reveal rule and the edit window', () => {
    it('hides a rating from the other side until it rates too, then shows both and locks both', async () => {
      const trip = await deliveredTrip();
      const given = await rate(w.customer.accessToken, trip.id, customerRating);

      const customerView = await read(w.customer.accessToken, trip.id);
      expect(customerView.body).toMatchObject({
        canRate: false,
        mine: given.body,
        theirs: null,
        theirsGiven: false,
        editableUntil: new Date(Date.parse(given.body.createdAt) + 7 * DAY_MS).toISOString(),
      });
      const transporterView = await read(w.transporter.accessToken, trip.id);
      expect(transporterView.body).toMatchObject({
        canRate: true,
        mine: null,
        theirs: null,
        theirsGiven: true,
        // It shows anyway 7 days after it was given: the day is named, not the rating.
        theirsShowsAt: new Date(Date.parse(given.body.createdAt) + 7 * DAY_MS).toISOString(),
      });
      expect(JSON.stringify(transporterView.body)).not.toContain('Smooth trip');

      const answer = await rate(w.transporter.accessToken, trip.id, transporterRating);
      expect(answer.status).toBe(201);
      for (const token of [w.customer.accessToken, w.transporter.accessToken, w.fleetManager.accessToken]) {
        const view = await read(token, trip.id);
        expect(view.body).toMatchObject({
          canRate: false,
          theirsGiven: true,
          theirsShowsAt: null,
          editableUntil: null,
        });
        expect(view.body.mine).not.toBeNull();
        expect(view.body.theirs).not.toBeNull();
      }
      expect((await read(w.transporter.accessToken, trip.id)).body.theirs).toEqual(given.body);

      for (const [token, body] of [
        [w.customer.accessToken, customerRating],
        [w.transporter.accessToken, transporterRating],
      ] as const) {
        const locked = await change(token, trip.id, body);
        expect(locked.status).toBe(409);
        expect(locked.body.message).toBe(
          'Both sides have rated this trip and both ratings now show, so neither can change',
        );
      }
    });

    it('shows a rating 7 days after it was given, and it can no longer change', async () => {
      const trip = await deliveredTrip(10);
      const given = await rate(w.customer.accessToken, trip.id, customerRating);
      await givenDaysAgo(given.body.id, 6);
      expect((await read(w.transporter.accessToken, trip.id)).body.theirs).toBeNull();
      expect((await change(w.customer.accessToken, trip.id, { score: 5, tags: [] })).status).toBe(200);

      await givenDaysAgo(given.body.id, 7);
      const transporterView = await read(w.transporter.accessToken, trip.id);
      expect(transporterView.body.theirs).toMatchObject({
        id: given.body.id,
        score: 5,
        raterSide: 'customer',
      });
      expect(transporterView.body.canRate).toBe(true);
      expect((await read(w.customer.accessToken, trip.id)).body.editableUntil).toBeNull();

      const late = await change(w.customer.accessToken, trip.id, customerRating);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(
        'A rating can be changed for 7 days after it was given; this one now shows to the other side',
      );
    });

    it('changes a rating within its window, with an audit row of what changed', async () => {
      const trip = await deliveredTrip();
      const given = await rate(w.transporter.accessToken, trip.id, transporterRating);
      const res = await change(w.fleetManager.accessToken, trip.id, {
        score: 5,
        tags: ['QUICK_LOADING', 'SAFE_SITE'],
        comment: 'Loaded us in an hour',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: given.body.id,
        score: 5,
        tags: ['QUICK_LOADING', 'SAFE_SITE'],
        comment: 'Loaded us in an hour',
        createdAt: given.body.createdAt,
      });
      expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(given.body.updatedAt));
      const [audit] = await audits(given.body.id, 'rating.changed');
      expect(audit).toMatchObject({
        actorUserId: w.fleetManager.user.id,
        data: {
          tripId: trip.id,
          tripNumber: trip.tripNumber,
          before: { score: 3, tags: ['LONG_WAIT'], comment: null },
          after: { score: 5, tags: ['QUICK_LOADING', 'SAFE_SITE'], comment: 'Loaded us in an hour' },
        },
      });

      const wrongTag = await change(w.transporter.accessToken, trip.id, { score: 5, tags: ['ON_TIME'] });
      expect(wrongTag.status).toBe(400);
      expect(wrongTag.body.errors).toEqual([
        { field: 'tags.0', message: 'On time is not a tag for rating a customer' },
      ]);
    });

    it('answers 404 to a change before the side rated', async () => {
      const trip = await deliveredTrip();
      const res = await change(w.customer.accessToken, trip.id, customerRating);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Your company has not rated this trip yet');
    });
  });

  describe('the back office', () => {
    let trip: TripRef;
    let ratingId: string;
    beforeAll(async () => {
      trip = await deliveredTrip();
      ratingId = (
        await rate(w.customer.accessToken, trip.id, { score: 1, tags: ['LATE'], comment: 'Useless idiots' })
      ).body.id;
      await rate(w.transporter.accessToken, trip.id, transporterRating);
    });

    it('lists ratings newest first, with names and comments, and only those with a comment on request', async () => {
      const all = await list(w.admin.accessToken, '?size=100');
      expect(all.status).toBe(200);
      const times = all.body.content.map((r: { createdAt: string }) => Date.parse(r.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(all.body.content).toContainEqual(
        expect.objectContaining({
          id: ratingId,
          tripId: trip.id,
          tripNumber: trip.tripNumber,
          raterSide: 'customer',
          raterCompanyName: 'Lekki Foods Ltd',
          ratedCompanyName: 'Agege Haulage Ltd',
          score: 1,
          tags: ['LATE'],
          comment: 'Useless idiots',
          commentHidden: false,
        }),
      );
      const withComment = await list(w.admin.accessToken, '?withComment=true&size=100');
      expect(withComment.body.content.length).toBeGreaterThan(0);
      expect(withComment.body.content.every((r: { comment: string | null }) => r.comment !== null)).toBe(
        true,
      );
      expect(withComment.body.totalElements).toBeLessThan(all.body.totalElements);

      const page = await list(w.admin.accessToken, '?size=1&page=1');
      expect(page.body).toMatchObject({ number: 1, size: 1, totalElements: all.body.totalElements });
      expect(page.body.content[0].id).toBe(all.body.content[1].id);

      expect((await list(w.customer.accessToken)).status).toBe(403);
      expect((await list(w.admin.accessToken, '?withComment=yes')).body.errors).toEqual([
        { field: 'query.withComment', message: 'withComment must be true or false' },
      ]);
    });

    it('hides a comment with a reason: the companies read null, the score and tags stay, the log has it', async () => {
      const noReason = await setVisibility(w.admin.accessToken, ratingId, { hidden: true, reason: '  ' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual([
        { field: 'reason', message: 'Give the reason for hiding the comment' },
      ]);
      expect(
        (await setVisibility(w.customer.accessToken, ratingId, { hidden: true, reason: 'x' })).status,
      ).toBe(403);

      const res = await setVisibility(w.admin.accessToken, ratingId, { hidden: true, reason: 'Insults' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: ratingId,
        comment: 'Useless idiots',
        commentHidden: true,
        commentHiddenReason: 'Insults',
        commentHiddenAt: expect.any(String),
      });
      for (const [token, key] of [
        [w.customer.accessToken, 'mine'],
        [w.transporter.accessToken, 'theirs'],
      ] as const) {
        const view = await read(token, trip.id);
        expect(view.body[key]).toMatchObject({
          id: ratingId,
          score: 1,
          tags: ['LATE'],
          comment: null,
          commentHidden: true,
        });
        expect(JSON.stringify(view.body)).not.toContain('Useless');
      }
      const [audit] = await audits(ratingId, 'rating.comment_hidden');
      expect(audit).toMatchObject({
        actorUserId: w.admin.user.id,
        companyId: w.customer.company.id,
        entityType: 'trip_rating',
        data: expect.objectContaining({ tripId: trip.id, reason: 'Insults' }),
      });

      const twice = await setVisibility(w.admin.accessToken, ratingId, { hidden: true, reason: 'Insults' });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('The comment is already hidden');
    });

    it('shows a hidden comment again, with its own audit row', async () => {
      const res = await setVisibility(w.admin.accessToken, ratingId, { hidden: false });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        commentHidden: false,
        commentHiddenAt: null,
        commentHiddenReason: null,
      });
      expect((await read(w.transporter.accessToken, trip.id)).body.theirs.comment).toBe('Useless idiots');
      expect(await audits(ratingId, 'rating.comment_shown')).toHaveLength(1);
      const again = await setVisibility(w.admin.accessToken, ratingId, { hidden: false });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('The comment is not hidden');
    });

    it('answers 404 for an unknown rating and 409 for a rating without a comment', async () => {
      const unknown = await setVisibility(w.admin.accessToken, crypto.randomUUID(), { hidden: false });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Rating not found');
      const [silent] = await t.ctx.db
        .select()
        .from(tripRatings)
        .where(and(eq(tripRatings.tripId, trip.id), eq(tripRatings.raterSide, 'transporter')));
      const res = await setVisibility(w.admin.accessToken, silent!.id, { hidden: true, reason: 'Spam' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This rating has no comment');
    });
  });

  describe('ratingSummaries', () => {
    it('averages the revealed ratings of each company only, to one decimal, with their count', async () => {
      const pair = { customer: w.otherCustomer, transporter: w.otherTransporter };
      const rateAs = async (side: 'customer' | 'transporter', tripId: string, score: number) =>
        (await rate(pair[side].accessToken, tripId, { score, tags: [] })).body.id as string;

      const both1 = await deliveredTrip(0, pair);
      await rateAs('customer', both1.id, 5);
      await rateAs('transporter', both1.id, 2);
      const both2 = await deliveredTrip(0, pair);
      await rateAs('customer', both2.id, 4);
      await rateAs('transporter', both2.id, 4);
      // Hidden: only the customer rated, a day ago.
      const hidden = await deliveredTrip(0, pair);
      await givenDaysAgo(await rateAs('customer', hidden.id, 1), 1);
      // Shown by age: given 7 days ago, the transporter never rated.
      const aged = await deliveredTrip(10, pair);
      await givenDaysAgo(await rateAs('customer', aged.id, 2), 7);

      const transporterId = pair.transporter.company.id;
      const customerId = pair.customer.company.id;
      const stranger = crypto.randomUUID();
      expect(await ratingSummaries(t.ctx.db, [transporterId, stranger], 'transporter')).toEqual([
        { companyId: transporterId, average: 3.7, count: 3 },
        { companyId: stranger, average: null, count: 0 },
      ]);
      expect(await ratingSummaries(t.ctx.db, [customerId, transporterId], 'customer')).toEqual([
        { companyId: customerId, average: 3, count: 2 },
        { companyId: transporterId, average: null, count: 0 },
      ]);
      expect(await ratingSummaries(t.ctx.db, [], 'customer')).toEqual([]);
    });
  });
});
