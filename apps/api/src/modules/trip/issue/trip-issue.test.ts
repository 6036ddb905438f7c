import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tripIssues } from '../../../db/schema';
import { setTripState } from '../../../test/awarded-trips';
import { containerRows, createVerifiedCustomer, createVerifiedTransporter } from '../../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../../test/test-app';
import { tripWorld, type Account, type TripRef, type TripWorld } from '../../../test/trip-world';

const HOUR = 3600_000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR).toISOString();
const BERGER = { state: 'Lagos', lga: 'Kosofe', description: 'Berger, Lagos-Ibadan Expressway' } as const;

describe('trip issues', () => {
  let t: TestApp;
  let w: TripWorld;
  let tripsOfPair: TripRef[];
  let otherTrip: TripRef;

  beforeAll(async () => {
    t = await createTestApp();
    w = await tripWorld(t);
    tripsOfPair = await w.newTrips(4);
    otherTrip = await w.tripOfOthers();
  });
  afterAll(() => t.close());

  const open = (token: string | undefined, tripId: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', `/api/v1/trips/${tripId}/issues`, body, token ? { token } : {});
  const resolve = (token: string | undefined, issueId: string) =>
    call(t.app, 'GET', `/api/v1/trips/issues/resolve/${issueId}`, undefined, token ? { token } : {});
  const list = (token: string, query = '') =>
    call(t.app, 'GET', `/api/v1/trips/issues${query}`, undefined, { token });
  const issueCount = async (tripId: string) =>
    (await t.ctx.db.select().from(tripIssues).where(eq(tripIssues.tripId, tripId))).length;

  describe('POST /api/v1/trips/{id}/issues', () => {
    it('opens an issue for the customer, moves the trip to its location and writes an audit row', async () => {
      const trip = tripsOfPair[0]!;
      const openedAt = hoursAgo(2);
      const res = await open(w.customer.accessToken, trip.id, {
        issueType: 'CHECKPOINT_DELAY',
        description: '  Held at the Berger checkpoint for papers  ',
        openingTimeStamp: openedAt,
        location: BERGER,
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        trip: { id: trip.id, tripNumber: trip.tripNumber },
        issueType: 'CHECKPOINT_DELAY',
        description: 'Held at the Berger checkpoint for papers',
        status: 'OPEN',
        openingTimeStamp: openedAt,
        location: BERGER,
        openedBy: 'Kemi User (Lekki Foods Ltd)',
        alarm: null,
        resolvedAt: null,
        resolvedBy: null,
      });
      const row = await w.tripRow(trip.id);
      expect(row.currentLocation).toEqual(BERGER);
      const audits = await w.audits(res.body.id, 'trip.issue_opened');
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        actorUserId: w.customer.user.id,
        companyId: w.customer.company.id,
        entityType: 'trip_issue',
        ipAddress: expect.any(String),
      });
      expect(audits[0]!.data).toMatchObject({
        tripId: trip.id,
        side: 'CUSTOMER',
        issueType: 'CHECKPOINT_DELAY',
      });
    });

    it('lets the transporter, its fleet manager and an admin open issues; the time defaults to now', async () => {
      const trip = tripsOfPair[1]!;
      const before = await w.tripRow(trip.id);
      const cases = [
        [w.transporter.accessToken, 'Kemi User (Agege Haulage Ltd)'],
        [w.fleetManager.accessToken, 'Bola Adeyemi (Agege Haulage Ltd)'],
        [w.admin.accessToken, 'Kemi User (Freightlane Ops)'],
      ] as const;
      for (const [token, openedBy] of cases) {
        const startedAt = Date.now();
        const res = await open(token, trip.id, {
          issueType: 'BREAKDOWN',
          description: 'Gearbox failed at Ojota',
        });
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ openedBy, status: 'OPEN', location: null });
        const openedAt = new Date(res.body.openingTimeStamp).getTime();
        expect(openedAt).toBeGreaterThanOrEqual(startedAt - 1000);
        expect(openedAt).toBeLessThanOrEqual(Date.now() + 1000);
      }
      // Without a location the trip keeps the one it had.
      const after = await w.tripRow(trip.id);
      expect(after.currentLocation).toEqual(before.currentLocation);
    });

    it.each([
      [
        'a future opening time',
        { openingTimeStamp: new Date(Date.now() + HOUR).toISOString() },
        'openingTimeStamp',
        'The opening time cannot be in the future',
      ],
      [
        'an opening time more than 7 days ago',
        { openingTimeStamp: hoursAgo(7 * 24 + 1) },
        'openingTimeStamp',
        'The opening time can be at most 7 days ago',
      ],
      [
        'an opening time that is not a date',
        { openingTimeStamp: 'yesterday' },
        'openingTimeStamp',
        'Enter the time as an ISO 8601 date and time',
      ],
      ['an unknown issue type', { issueType: 'FLAT_TYRE' }, 'issueType', 'Choose what happened'],
      ['a too short description', { description: 'x' }, 'description', 'Describe what happened'],
      [
        'an LGA of another state',
        { location: { state: 'Lagos', lga: 'Kano Municipal' } },
        'location.lga',
        'Choose an LGA of Lagos',
      ],
      ['an unknown field', { severity: 'HIGH' }, 'severity', 'Unknown field'],
    ])('refuses %s with 400 on the field and writes nothing', async (_name, change, field, message) => {
      const trip = tripsOfPair[2]!;
      const before = await issueCount(trip.id);
      const res = await open(w.transporter.accessToken, trip.id, {
        issueType: 'ACCIDENT',
        description: 'Minor collision near Mile 2',
        ...change,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
      expect(await issueCount(trip.id)).toBe(before);
    });

    it('refuses a trip id that is not a uuid with 400', async () => {
      const res = await open(w.customer.accessToken, 'not-a-trip', {
        issueType: 'OTHER',
        description: 'Lost',
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'params.id', message: 'Trip not found' }]);
    });

    it('needs a signed-in caller', async () => {
      const res = await open(undefined, tripsOfPair[0]!.id, { issueType: 'OTHER', description: 'Nobody' });
      expect(res.status).toBe(401);
    });

    it("answers 404 on another company's trip, from either side, and on an unknown trip", async () => {
      const before = await issueCount(otherTrip.id);
      for (const token of [w.customer.accessToken, w.transporter.accessToken, w.fleetManager.accessToken]) {
        const res = await open(token, otherTrip.id, { issueType: 'OTHER', description: 'Not my trip' });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Trip not found');
      }
      const unknown = await open(w.customer.accessToken, '00000000-0000-4000-8000-000000000000', {
        issueType: 'OTHER',
        description: 'No such trip',
      });
      expect(unknown.status).toBe(404);
      expect(await issueCount(otherTrip.id)).toBe(before);
    });

    it('refuses a cancelled or a completed trip with 409', async () => {
      const [cancelled, completed] = await w.newTrips(2);
      await setTripState(t, [cancelled!.id], { cancelled: true });
      await setTripState(t, [completed!.id], { latestStatus: 'DELIVERED', completed: true });
      const body = { issueType: 'DIVERSION', description: 'Road closed at Ikorodu' };
      const onCancelled = await open(w.transporter.accessToken, cancelled!.id, body);
      expect(onCancelled.status).toBe(409);
      expect(onCancelled.body.message).toBe('This trip was cancelled; it takes no further change');
      const onCompleted = await open(w.customer.accessToken, completed!.id, body);
      expect(onCompleted.status).toBe(409);
      expect(onCompleted.body.message).toBe(
        'This trip is completed; issues can only be opened on a trip under way',
      );
      expect(await issueCount(cancelled!.id)).toBe(0);
      expect(await issueCount(completed!.id)).toBe(0);
    });
  });

  describe('GET /api/v1/trips/issues/resolve/{id}', () => {
    let issueId: string;
    beforeAll(async () => {
      const res = await open(w.customer.accessToken, tripsOfPair[3]!.id, {
        issueType: 'PORT_CONGESTION',
        description: 'Queue at the Apapa gate since morning',
        openingTimeStamp: hoursAgo(5),
      });
      issueId = res.body.id;
    });

    it("answers 404 for another company's issue and leaves it open", async () => {
      for (const token of [w.otherCustomer.accessToken, w.otherTransporter.accessToken]) {
        const res = await resolve(token, issueId);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Issue not found');
      }
      const [row] = await t.ctx.db.select().from(tripIssues).where(eq(tripIssues.id, issueId));
      expect(row!.status).toBe('OPEN');
    });

    it('refuses an id that is not a uuid with 400, an unknown issue with 404 and no token with 401', async () => {
      const bad = await resolve(w.transporter.accessToken, '12');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'params.id', message: 'Issue not found' }]);
      const unknown = await resolve(w.transporter.accessToken, '00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect((await resolve(undefined, issueId)).status).toBe(401);
    });

    it('resolves for the other party of the trip, once: the second resolve is a 409', async () => {
      const startedAt = Date.now();
      const res = await resolve(w.fleetManager.accessToken, issueId);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({
        id: issueId,
        status: 'RESOLVED',
        openedBy: 'Kemi User (Lekki Foods Ltd)',
        resolvedBy: 'Bola Adeyemi (Agege Haulage Ltd)',
      });
      expect(new Date(res.body.resolvedAt).getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
      const audits = await w.audits(issueId, 'trip.issue_resolved');
      expect(audits).toHaveLength(1);
      expect(audits[0]!.companyId).toBe(w.transporter.company.id);
      expect(audits[0]!.ipAddress).toEqual(expect.any(String));

      const again = await resolve(w.customer.accessToken, issueId);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This issue is already resolved');
      const [row] = await t.ctx.db.select().from(tripIssues).where(eq(tripIssues.id, issueId));
      expect(row!.resolvedAt!.toISOString()).toBe(res.body.resolvedAt);
    });

    it('lets only one of two parallel resolves succeed', async () => {
      const opened = await open(w.transporter.accessToken, tripsOfPair[3]!.id, {
        issueType: 'BREAKDOWN',
        description: 'Radiator leak at Toll Gate',
      });
      const answers = await Promise.all([
        resolve(w.customer.accessToken, opened.body.id),
        resolve(w.transporter.accessToken, opened.body.id),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const audits = await w.audits(opened.body.id, 'trip.issue_resolved');
      expect(audits).toHaveLength(1);
      const winner = answers.find((a) => a.status === 200)!;
      const [row] = await t.ctx.db.select().from(tripIssues).where(eq(tripIssues.id, opened.body.id));
      expect(row!.resolvedByUserId).toBe(audits[0]!.actorUserId);
      expect(row!.resolvedAt!.toISOString()).toBe(winner.body.resolvedAt);
    });
  });

  describe('GET /api/v1/trips/issues', () => {
    let lister: Account;
    let runner: Account;
    /** Sorted by id, so `trip.id,ASC` has a known answer. */
    let byId: TripRef[];
    const issueIds: Record<string, string> = {};

    beforeAll(async () => {
      lister = await createVerifiedCustomer(t, { name: 'Surulere Beverages Ltd' });
      runner = await createVerifiedTransporter(t, { name: 'Ojota Movers Ltd' });
      const listed = (
        await w.award({ containers: containerRows(3, w.linerId) }, undefined, {
          customer: lister,
          transporter: runner,
        })
      ).trips as TripRef[];
      byId = [...listed].sort((a, b) => (a.id < b.id ? -1 : 1));
      const [low, mid, high] = byId;
      const sameTime = hoursAgo(3);
      const opens: [string, TripRef, string][] = [
        ['early', mid!, hoursAgo(30)],
        ['sameHigh', high!, sameTime],
        ['sameLow', low!, sameTime],
        ['late', mid!, hoursAgo(1)],
      ];
      for (const [name, trip, openingTimeStamp] of opens) {
        const res = await open(runner.accessToken, trip.id, {
          issueType: 'OTHER',
          description: `Issue ${name}`,
          openingTimeStamp,
        });
        expect(res.status).toBe(201);
        issueIds[name] = res.body.id;
      }
      expect((await resolve(lister.accessToken, issueIds.sameLow!)).status).toBe(200);
    });

    const idsOf = (body: Record<string, any>) => body.content.map((i: { id: string }) => i.id);

    it('answers the issue page, not the trip detail: the static path wins over /trips/{id}', async () => {
      expect(t.app.hasRoute({ method: 'GET', url: '/api/v1/trips/:id' })).toBe(true);
      const res = await list(lister.accessToken);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ totalElements: 4, totalPages: 1, number: 0, size: 20 });
      // The dynamic path still answers the trip itself, with its issues newest first.
      const detail = await call(t.app, 'GET', `/api/v1/trips/${byId[1]!.id}`, undefined, {
        token: lister.accessToken,
      });
      expect(detail.status).toBe(200);
      expect(detail.body.tripNumber).toBe(byId[1]!.tripNumber);
      expect(idsOf({ content: detail.body.issues })).toEqual([issueIds.late, issueIds.early]);
    });

    it('sorts by opening time, newest first, then by trip id by default', async () => {
      const res = await list(lister.accessToken);
      expect(idsOf(res.body)).toEqual([issueIds.late, issueIds.sameLow, issueIds.sameHigh, issueIds.early]);
      expect(res.body.content[1]).toMatchObject({
        trip: { id: byId[0]!.id, tripNumber: byId[0]!.tripNumber },
        description: 'Issue sameLow',
        status: 'RESOLVED',
        openedBy: 'Kemi User (Ojota Movers Ltd)',
        resolvedBy: 'Kemi User (Surulere Beverages Ltd)',
      });
    });

    it('applies the sort list in the order given', async () => {
      const byTripThenOldest = await list(runner.accessToken, '?sort=trip.id,ASC&sort=openingTimeStamp,ASC');
      expect(idsOf(byTripThenOldest.body)).toEqual([
        issueIds.sameLow,
        issueIds.early,
        issueIds.late,
        issueIds.sameHigh,
      ]);
      const oldestThenTripDesc = await list(
        runner.accessToken,
        '?sort=openingTimeStamp,ASC&sort=trip.id,DESC',
      );
      expect(idsOf(oldestThenTripDesc.body)).toEqual([
        issueIds.early,
        issueIds.sameHigh,
        issueIds.sameLow,
        issueIds.late,
      ]);
    });

    it('filters by status and by trip, and pages', async () => {
      const openOnes = await list(lister.accessToken, '?status=OPEN');
      expect(idsOf(openOnes.body)).toEqual([issueIds.late, issueIds.sameHigh, issueIds.early]);
      const resolved = await list(lister.accessToken, '?status=RESOLVED');
      expect(idsOf(resolved.body)).toEqual([issueIds.sameLow]);
      const ofMid = await list(lister.accessToken, `?tripId=${byId[1]!.id}`);
      expect(idsOf(ofMid.body)).toEqual([issueIds.late, issueIds.early]);
      const page = await list(lister.accessToken, '?page=1&size=3');
      expect(page.body).toMatchObject({ totalElements: 4, totalPages: 2, number: 1, size: 3 });
      expect(idsOf(page.body)).toEqual([issueIds.early]);
    });

    it("shows each company only its trips' issues and an admin every issue", async () => {
      const ours = Object.values(issueIds);
      const others = await list(w.otherCustomer.accessToken, '?size=100');
      expect(idsOf(others.body).filter((id: string) => ours.includes(id))).toEqual([]);
      const viaTripId = await list(w.otherTransporter.accessToken, `?tripId=${byId[0]!.id}`);
      expect(viaTripId.body.totalElements).toBe(0);
      const all = await list(w.admin.accessToken, '?size=100');
      expect(idsOf(all.body)).toEqual(expect.arrayContaining(ours));
      expect(all.body.totalElements).toBeGreaterThan(ours.length);
    });

    it('refuses an unknown sort, status or trip id with 400', async () => {
      const sort = await list(lister.accessToken, '?sort=description,ASC');
      expect(sort.status).toBe(400);
      expect(sort.body.errors[0].field).toBe('query.sort');
      const status = await list(lister.accessToken, '?status=CLOSED');
      expect(status.status).toBe(400);
      expect(status.body.errors).toEqual([{ field: 'query.status', message: 'status is OPEN or RESOLVED' }]);
      const tripId = await list(lister.accessToken, '?tripId=abc');
      expect(tripId.status).toBe(400);
      expect((await call(t.app, 'GET', '/api/v1/trips/issues')).status).toBe(401);
    });
  });
});
