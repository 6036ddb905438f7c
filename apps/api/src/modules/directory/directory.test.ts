import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TransporterFigures, TruckType } from '@freightlane/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyLanes, companyScorecards, preferredPartners } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { insertTruck } from '../../test/fleet';
import { createVerifiedCustomer, createVerifiedTransporter } from '../../test/marketplace';
import { call, createTestApp, type TestApp } from '../../test/test-app';

type Account = Awaited<ReturnType<typeof createVerifiedTransporter>>;

/** A counted card: `onTime` of 10 deliveries on time, rated 4.5 by 2. */
function figures(trips: number, onTime: number): TransporterFigures {
  return {
    completedTripsRecent: trips,
    completedTripsAll: trips,
    onTimePickup: { count: 10, of: 10 },
    onTimeDelivery: { count: onTime, of: 10 },
    trackingCoverage: { count: 0, of: 0 },
    issues: { byType: {}, trips },
    cancellationsAfterAward: { count: 0, of: trips },
    proofOfDeliveryOnTime: { count: 0, of: 0 },
    rating: { average: 4.5, count: 2 },
  };
}

/** Alpha as the directory and its profile show it: its card at a glance and its active trucks. */
const ALPHA_CARD_AND_FLEET = {
  scorecard: { score: 90, trips: 30, rating: { average: 4.5, count: 2 }, headlinePercent: 80 },
  fleetSize: 3,
  truckTypes: [
    { truckType: 'FLATBED', trucks: 2 },
    { truckType: 'TIPPER', trucks: 1 },
  ],
};
/** A company with no card counted yet. */
const NO_CARD = { score: null, trips: 0, rating: { average: null, count: 0 }, headlinePercent: null };

/**
 * A small directory, all named after one tag so other tests' companies stay out of the counts:
 *
 *   company     score  trips  active trucks              lanes (trips)                                 preferred by C
 *   Alpha       90     30     2 flatbed, 1 tipper (+1   Lagos→Kano 10, Lagos→Oyo 5, Rivers→Lagos 2,    no
 *                              retired tanker)           Ogun→Lagos 1
 *   Bravo       70     50     5 chassis 40              Lagos→Kano 3                                    yes
 *   Delta       -      0      (1 retired flatbed)       Kano→Lagos 1                                    no
 *   Echo        new    3      1 tanker                  -                                               no
 *   Pending     99     80     unverified: never listed
 *   Suspended   95     60     suspended: never listed
 */
describe('company profiles and the "Find transporters" directory', () => {
  let t: TestApp;
  const tag = `Dz${randomUUID().slice(0, 6)}`;
  let customer: Account;
  let otherCustomer: Account;
  let alpha: Account;
  let bravo: Account;
  let delta: Account;
  let echo: Account;
  let pending: Account;
  let suspended: Account;

  /** The directory as `token` reads it, narrowed to this world's companies by name unless `q` is given. */
  const directory = (token: string, query: Record<string, string | number> = {}) => {
    const search = new URLSearchParams({ q: tag });
    for (const [key, value] of Object.entries(query)) search.set(key, String(value));
    return call(t.app, 'GET', `/api/v1/transporter-directory?${search}`, undefined, { token });
  };
  const names = async (query: Record<string, string | number> = {}) => {
    const res = await directory(customer.accessToken, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.content.map((row: { name: string }) => row.name.replace(`${tag} `, ''));
  };
  const profile = (companyId: string, token?: string) =>
    call(t.app, 'GET', `/api/v1/companies/${companyId}/profile`, undefined, token ? { token } : {});

  async function card(company: Account, score: number | null, trips: number, onTime = 8) {
    await t.ctx.db.insert(companyScorecards).values({
      companyId: company.company.id,
      side: 'transporter',
      figures: figures(trips, onTime),
      score,
      trips,
      computedAt: new Date(),
    });
  }
  async function lanes(company: Account, served: [string, string, number][]) {
    await t.ctx.db.insert(companyLanes).values(
      served.map(([pickupState, deliveryState, trips]) => ({
        companyId: company.company.id,
        pickupState,
        deliveryState,
        trips,
      })),
    );
  }
  async function fleet(company: Account, types: TruckType[], retired: TruckType[] = []) {
    for (const type of types) await insertTruck(t, company.company.id, { type });
    for (const type of retired) await insertTruck(t, company.company.id, { type, active: false });
  }

  beforeAll(async () => {
    t = await createTestApp();
    customer = await createVerifiedCustomer(t);
    otherCustomer = await createVerifiedCustomer(t);
    alpha = await createVerifiedTransporter(t, { name: `${tag} Alpha` });
    bravo = await createVerifiedTransporter(t, { name: `${tag} Bravo`, address: undefined });
    delta = await createVerifiedTransporter(t, { name: `${tag} Delta` });
    echo = await createVerifiedTransporter(t, { name: `${tag} Echo` });
    pending = await signedInAccount(t, 'TRANSPORTER', {
      name: `${tag} Pending`,
      verificationStatus: 'PENDING_REVIEW',
    });
    suspended = await createVerifiedTransporter(t, { name: `${tag} Suspended` });
    await t.ctx.db
      .update(companies)
      .set({ suspendedAt: new Date(), suspensionReason: 'Unpaid fines' })
      .where(eq(companies.id, suspended.company.id));
    // A customer of the same name is not a transporter.
    await createVerifiedCustomer(t, { name: `${tag} Customer` });

    await card(alpha, 90, 30);
    await card(bravo, 70, 50);
    await card(echo, null, 3);
    await card(pending, 99, 80);
    await card(suspended, 95, 60);
    await fleet(alpha, ['FLATBED', 'FLATBED', 'TIPPER'], ['TANKER']);
    await fleet(bravo, Array<TruckType>(5).fill('CONTAINER_CHASSIS_40'));
    await fleet(delta, [], ['FLATBED']);
    await fleet(echo, ['TANKER']);
    await fleet(pending, ['TANKER', 'TANKER']);
    await fleet(suspended, ['TANKER']);
    await lanes(alpha, [
      ['Lagos', 'Kano', 10],
      ['Lagos', 'Oyo', 5],
      ['Rivers', 'Lagos', 2],
      ['Ogun', 'Lagos', 1],
    ]);
    await lanes(bravo, [['Lagos', 'Kano', 3]]);
    await lanes(delta, [['Kano', 'Lagos', 1]]);
    await lanes(pending, [['Lagos', 'Kano', 40]]);
    await lanes(suspended, [['Lagos', 'Kano', 30]]);
    await t.ctx.db
      .insert(preferredPartners)
      .values({ customerCompanyId: customer.company.id, transporterCompanyId: bravo.company.id });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists verified, active transporters only, the best score first and new companies last', async () => {
    const res = await directory(customer.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalElements: 4, totalPages: 1, number: 0, size: 20 });
    expect(res.body.content.map((r: { name: string }) => r.name)).toEqual(
      ['Alpha', 'Bravo', 'Echo', 'Delta'].map((n) => `${tag} ${n}`),
    );
    const [first, second, third, fourth] = res.body.content;
    expect(first).toEqual({
      companyId: alpha.company.id,
      name: `${tag} Alpha`,
      state: 'Lagos',
      verifiedSince: expect.any(String),
      ...ALPHA_CARD_AND_FLEET,
      topLanes: [
        { pickupState: 'Lagos', deliveryState: 'Kano', trips: 10 },
        { pickupState: 'Lagos', deliveryState: 'Oyo', trips: 5 },
        { pickupState: 'Rivers', deliveryState: 'Lagos', trips: 2 },
      ],
      isPreferredPartner: false,
    });
    expect(second).toMatchObject({ state: null, fleetSize: 5, isPreferredPartner: true });
    // Echo has a card with too few trips for a score; Delta has none yet. Both are "New on Freightlane".
    expect(third.scorecard).toMatchObject({ score: null, trips: 3 });
    expect(fourth).toMatchObject({
      scorecard: NO_CARD,
      fleetSize: 0,
      truckTypes: [],
      topLanes: [{ pickupState: 'Kano', deliveryState: 'Lagos', trips: 1 }],
    });
    // Another customer reads the same companies, none of them its partner.
    const theirs = await directory(otherCustomer.accessToken);
    expect(theirs.body.content.map((r: { isPreferredPartner: boolean }) => r.isPreferredPartner)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    // Named outright, the unverified and the suspended companies are still not there.
    expect(await names({ q: `${tag} Pending` })).toEqual([]);
    expect(await names({ q: `${tag} Suspended` })).toEqual([]);
  });

  it('sorts by completed trips, by fleet size and by name', async () => {
    expect(await names({ sort: 'trips' })).toEqual(['Bravo', 'Alpha', 'Echo', 'Delta']);
    expect(await names({ sort: 'fleet' })).toEqual(['Bravo', 'Alpha', 'Echo', 'Delta']);
    expect(await names({ sort: 'name' })).toEqual(['Alpha', 'Bravo', 'Delta', 'Echo']);
    expect(await names({ sort: 'score' })).toEqual(['Alpha', 'Bravo', 'Echo', 'Delta']);
  });

  it('filters by the lane served, either end alone or both', async () => {
    expect(await names({ pickupState: 'Lagos', deliveryState: 'Kano' })).toEqual(['Alpha', 'Bravo']);
    expect(await names({ deliveryState: 'Lagos' })).toEqual(['Alpha', 'Delta']);
    expect(await names({ pickupState: 'Rivers' })).toEqual(['Alpha']);
    expect(await names({ pickupState: 'Kano', deliveryState: 'Kano' })).toEqual([]);
  });

  it('filters by an active truck of the type, by fleet size and by score', async () => {
    // Alpha's tanker and Delta's flatbed are retired.
    expect(await names({ truckType: 'TANKER' })).toEqual(['Echo']);
    expect(await names({ truckType: 'FLATBED' })).toEqual(['Alpha']);
    expect(await names({ minFleet: 3 })).toEqual(['Alpha', 'Bravo']);
    expect(await names({ minFleet: 5, sort: 'name' })).toEqual(['Bravo']);
    expect(await names({ minFleet: 0 })).toHaveLength(4);
    expect(await names({ minScore: 75 })).toEqual(['Alpha']);
    // Any minimum score leaves out the companies without one.
    expect(await names({ minScore: 0 })).toEqual(['Alpha', 'Bravo']);
    expect(
      await names({ pickupState: 'Lagos', truckType: 'CONTAINER_CHASSIS_40', minFleet: 1, minScore: 50 }),
    ).toEqual(['Bravo']);
  });

  it('pages in the project envelope', async () => {
    const first = await directory(customer.accessToken, { size: 3 });
    expect(first.body).toMatchObject({ totalElements: 4, totalPages: 2, number: 0, size: 3 });
    expect(first.body.content).toHaveLength(3);
    const second = await directory(customer.accessToken, { size: 3, page: 1 });
    expect(second.body).toMatchObject({ totalElements: 4, totalPages: 2, number: 1 });
    expect(second.body.content.map((r: { name: string }) => r.name)).toEqual([`${tag} Delta`]);
    const beyond = await directory(customer.accessToken, { size: 3, page: 5 });
    expect(beyond.body).toMatchObject({ content: [], totalElements: 4, number: 5 });
  });

  it('answers 400 naming the field for each bad filter', async () => {
    const bad: [Record<string, string>, string][] = [
      [{ pickupState: 'Atlantis' }, 'query.pickupState'],
      [{ deliveryState: 'lagos' }, 'query.deliveryState'],
      [{ truckType: 'BICYCLE' }, 'query.truckType'],
      [{ minFleet: '-1' }, 'query.minFleet'],
      [{ minFleet: '10001' }, 'query.minFleet'],
      [{ minFleet: '2.5' }, 'query.minFleet'],
      [{ minFleet: 'many' }, 'query.minFleet'],
      [{ minScore: '101' }, 'query.minScore'],
      [{ minScore: '-5' }, 'query.minScore'],
      [{ sort: 'price' }, 'query.sort'],
      [{ q: 'x'.repeat(101) }, 'query.q'],
      [{ page: '-1' }, 'query.page'],
      [{ size: '500' }, 'query.size'],
    ];
    for (const [query, field] of bad) {
      const res = await directory(customer.accessToken, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    expect((await directory(customer.accessToken, { minFleet: 10_000, minScore: 100 })).status).toBe(200);
  });

  it('is for customers only', async () => {
    const admin = await signedInAccount(t, 'ADMIN');
    expect((await directory(alpha.accessToken)).status).toBe(403);
    expect((await directory(admin.accessToken)).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/transporter-directory')).status).toBe(401);
  });

  it("shows a transporter's profile to a customer: its fleet, every lane and the scorecard summary", async () => {
    const res = await profile(alpha.company.id, customer.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      side: 'transporter',
      companyId: alpha.company.id,
      name: `${tag} Alpha`,
      state: 'Lagos',
      verifiedSince: expect.any(String),
      memberSince: expect.any(String),
      ...ALPHA_CARD_AND_FLEET,
      lanes: [
        { pickupState: 'Lagos', deliveryState: 'Kano', trips: 10 },
        { pickupState: 'Lagos', deliveryState: 'Oyo', trips: 5 },
        { pickupState: 'Rivers', deliveryState: 'Lagos', trips: 2 },
        { pickupState: 'Ogun', deliveryState: 'Lagos', trips: 1 },
      ],
      isPreferredPartner: false,
    });
    expect((await profile(bravo.company.id, customer.accessToken)).body.isPreferredPartner).toBe(true);
    expect((await profile(bravo.company.id, otherCustomer.accessToken)).body.isPreferredPartner).toBe(false);
    const newcomer = await profile(delta.company.id, customer.accessToken);
    expect(newcomer.body).toMatchObject({ fleetSize: 0, truckTypes: [], scorecard: { score: null } });
  });

  it("shows a customer's profile to transporters and to itself, never to another customer", async () => {
    const byTransporter = await profile(customer.company.id, alpha.accessToken);
    expect(byTransporter.status).toBe(200);
    expect(byTransporter.body).toEqual({
      side: 'customer',
      companyId: customer.company.id,
      name: customer.company.name,
      state: null,
      verifiedSince: expect.any(String),
      memberSince: expect.any(String),
      scorecard: NO_CARD,
    });
    expect((await profile(customer.company.id, customer.accessToken)).status).toBe(200);
    const byCompetitor = await profile(customer.company.id, otherCustomer.accessToken);
    expect(byCompetitor.status).toBe(404);
    expect(byCompetitor.body.message).toBe('Company not found');
  });

  it('answers 404 for a competitor, an unverified or suspended company, the platform and an unknown id', async () => {
    const admin = await signedInAccount(t, 'ADMIN');
    expect((await profile(bravo.company.id, alpha.accessToken)).status).toBe(404);
    expect((await profile(pending.company.id, customer.accessToken)).status).toBe(404);
    expect((await profile(suspended.company.id, customer.accessToken)).status).toBe(404);
    expect((await profile(admin.company.id, customer.accessToken)).status).toBe(404);
    expect((await profile(admin.company.id, admin.accessToken)).status).toBe(404);
    expect((await profile(randomUUID(), customer.accessToken)).status).toBe(404);
    // A company reads its own profile whatever its state; the back office reads any, with no partnership.
    expect((await profile(pending.company.id, pending.accessToken)).status).toBe(200);
    const byAdmin = await profile(alpha.company.id, admin.accessToken);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.isPreferredPartner).toBeUndefined();
    const bad = await profile('not-a-uuid', customer.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('params.companyId');
    expect((await profile(alpha.company.id)).status).toBe(401);
  });
});
