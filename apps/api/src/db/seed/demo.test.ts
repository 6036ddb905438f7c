import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { CARGO_TYPES, expiringWithin, isFinalStatus, TERMS_VERSION, tripTimeline } from '@freightlane/domain';
import {
  appMeta,
  auditLog,
  bids,
  companies,
  companyDocuments,
  consignments,
  driverPhoneLinks,
  drivers,
  invoices,
  motorBoys,
  orders,
  tripDocuments,
  tripIssues,
  tripNotes,
  trackingCredentials,
  tripStatusLogs,
  trips,
  trucks,
  users,
} from '../schema';
import { assessCompany } from '../../modules/company/company-verification';
import { listCurrentCompanyDocuments } from '../../queries/company.repository';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';

const LOGIN = '/api/v1/auth/login?clientId=WEB_CLIENT_APP';
const DEMO_EMAILS = [
  'admin@example.com',
  'customer@example.com',
  'fleet.manager@example.com',
  'new.customer@example.com',
  'new.transporter@example.com',
  'transporter2@example.com',
  'transporter@example.com',
  'unverified.customer@example.com',
];

describe('seedDemo', () => {
  let t: TestApp;
  let firstRun: boolean;
  beforeAll(async () => {
    t = await createTestApp();
    // The test app starts with SEED_DEMO=false, so the database is empty until seeded here.
    expect(t.ctx.env.seedDemo).toBe(false);
    expect(await t.ctx.db.select().from(users)).toEqual([]);
    firstRun = await seedDemo(t.ctx);
  }, 180_000);
  afterAll(() => t.close());

  it('writes the demo world once and reports that it did', async () => {
    expect(firstRun).toBe(true);
    expect(await seedDemo(t.ctx)).toBe(false);
    const [meta] = await t.ctx.db.select().from(appMeta).where(eq(appMeta.key, 'demo_seed_version'));
    expect(meta?.value).toBe('5');
  });

  it('records who and from where for every change the seed made through the services', async () => {
    const rows = await t.ctx.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(50);
    expect(await t.ctx.db.select().from(auditLog).where(isNull(auditLog.ipAddress))).toEqual([]);
  });

  it('creates the demo users, and only once', async () => {
    await seedDemo(t.ctx);
    const rows = await t.ctx.db.select().from(users);
    expect(rows.map((u) => u.email).sort()).toEqual(DEMO_EMAILS);
    expect(Object.fromEntries(rows.map((u) => [u.email, u.userType]))).toEqual({
      'customer@example.com': 'CUSTOMER',
      'fleet.manager@example.com': 'FLEET_MANAGER',
      'transporter@example.com': 'TRANSPORTER',
      'admin@example.com': 'ADMIN',
      'new.customer@example.com': 'CUSTOMER',
      'new.transporter@example.com': 'TRANSPORTER',
      'transporter2@example.com': 'TRANSPORTER',
      'unverified.customer@example.com': 'CUSTOMER',
    });
    // Each accepted the terms, at sign-up or when taking their invitation.
    expect(rows.filter((u) => !u.termsAcceptedAt || u.termsVersion !== TERMS_VERSION)).toEqual([]);
    expect(await t.ctx.db.select().from(companies)).toHaveLength(7);
  });

  it('gives each demo user a company of the right kind', async () => {
    const rows = await t.ctx.db
      .select({
        email: users.email,
        company: companies.name,
        type: companies.type,
        status: companies.verificationStatus,
      })
      .from(users)
      .innerJoin(companies, eq(users.companyId, companies.id));
    expect(rows.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: 'admin@example.com', company: 'Freightlane Operations', type: 'PLATFORM', status: 'VERIFIED' },
      { email: 'customer@example.com', company: 'Okafor Imports Ltd', type: 'CUSTOMER', status: 'VERIFIED' },
      {
        email: 'fleet.manager@example.com',
        company: 'Eko Haulage Ltd',
        type: 'TRANSPORTER',
        status: 'VERIFIED',
      },
      {
        email: 'new.customer@example.com',
        company: 'Bright Foods Nigeria Ltd',
        type: 'CUSTOMER',
        status: 'UNVERIFIED',
      },
      {
        email: 'new.transporter@example.com',
        company: 'Northgate Trucking Ltd',
        type: 'TRANSPORTER',
        status: 'PENDING_REVIEW',
      },
      {
        email: 'transporter@example.com',
        company: 'Eko Haulage Ltd',
        type: 'TRANSPORTER',
        status: 'VERIFIED',
      },
      {
        email: 'transporter2@example.com',
        company: 'Garden City Logistics Ltd',
        type: 'TRANSPORTER',
        status: 'VERIFIED',
      },
      {
        email: 'unverified.customer@example.com',
        company: 'Yusuf Agro Exports Ltd',
        type: 'CUSTOMER',
        status: 'UNVERIFIED',
      },
    ]);
  });

  it('leaves one transporter with every document in, awaiting review', async () => {
    const login = await call(t.app, 'POST', LOGIN, {
      username: 'new.transporter@example.com',
      password: DEMO_PASSWORD,
    });
    const res = await call(t.app, 'GET', '/api/v1/company/documents/validate', undefined, {
      token: login.body.accessToken,
    });
    expect(res.body).toMatchObject({
      verificationStatus: 'PENDING_REVIEW',
      complete: true,
      missingDocuments: [],
    });
    const files = await call(t.app, 'GET', '/api/v1/company/documents', undefined, {
      token: login.body.accessToken,
    });
    expect(files.body).toHaveLength(3);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/company/documents/${files.body[0].id}/file`,
      headers: { authorization: `Bearer ${login.body.accessToken}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  /** What GET /company/documents/validate answers each verified company, asked by one of its members. */
  async function checksOfVerifiedCompanies() {
    const members = await t.ctx.db
      .select({ email: users.email, userType: users.userType, company: companies.name })
      .from(users)
      .innerJoin(companies, eq(users.companyId, companies.id))
      .where(eq(companies.verificationStatus, 'VERIFIED'));
    const checks: Record<string, unknown> = {};
    for (const member of members) {
      // Admins have no documents check; a fleet manager's company is checked through its owner.
      if (member.userType === 'ADMIN' || member.userType === 'FLEET_MANAGER') continue;
      const login = await call(t.app, 'POST', LOGIN, { username: member.email, password: DEMO_PASSWORD });
      const res = await call(t.app, 'GET', '/api/v1/company/documents/validate', undefined, {
        token: login.body.accessToken,
      });
      expect(res.status, member.email).toBe(200);
      checks[member.company] = res.body;
    }
    return checks;
  }

  const COMPLETE = {
    verificationStatus: 'VERIFIED',
    complete: true,
    missingDetails: [],
    missingDocuments: [],
    awaitingReview: [],
  };

  it("answers every verified company's documents check as complete, every document approved", async () => {
    const checks = await checksOfVerifiedCompanies();
    expect(Object.keys(checks).sort()).toEqual([
      'Eko Haulage Ltd',
      'Garden City Logistics Ltd',
      'Okafor Imports Ltd',
    ]);
    for (const [company, check] of Object.entries(checks)) {
      expect(check, company).toMatchObject(COMPLETE);
      const { documents } = check as { documents: { status: string }[] };
      expect(documents.length, company).toBeGreaterThan(0);
      expect(new Set(documents.map((d) => d.status)), company).toEqual(new Set(['APPROVED']));
    }
    // Nobody in the platform's own company may ask (admins have no documents check); the check's
    // assessment of it, over what it has uploaded, is complete too.
    const [platform] = await t.ctx.db.select().from(companies).where(eq(companies.type, 'PLATFORM'));
    expect(platform?.verificationStatus).toBe('VERIFIED');
    const uploaded = await listCurrentCompanyDocuments(t.ctx.db, platform!.id);
    expect(assessCompany(platform!, uploaded)).toMatchObject({ complete: true, missingDocuments: [] });
  });

  it('has orders in every state, with bids in every state', async () => {
    const rows = await t.ctx.db.select().from(orders);
    const states = rows.map((o) =>
      o.status === 'OPEN' && o.biddingClosesAt.getTime() < Date.now() ? 'CLOSED' : o.status,
    );
    expect(new Set(states)).toEqual(new Set(['OPEN', 'CLOSED', 'AWARDED', 'CANCELLED']));
    expect(rows.some((o) => o.preferredPartnersOnly && o.status === 'OPEN')).toBe(true);
    const bidStates = (await t.ctx.db.select().from(bids)).map((b) => b.status);
    expect(new Set(bidStates)).toEqual(new Set(['ACTIVE', 'WITHDRAWN', 'WON', 'LOST']));
  });

  it('has awarded trips of every cargo type, each with a consignment and an invoice', async () => {
    const tripRows = await t.ctx.db.select().from(trips);
    expect(new Set(tripRows.map((r) => r.cargoType))).toEqual(new Set(CARGO_TYPES));
    expect(await t.ctx.db.select().from(consignments)).toHaveLength(tripRows.length);
    const invoiceRows = await t.ctx.db.select().from(invoices);
    expect(invoiceRows).toHaveLength(tripRows.length);
    // Only the cancelled trip's invoice is void; the completed trips' are paid, after they ended.
    const voided = invoiceRows.filter((i) => i.status === 'VOID');
    expect(voided.map((i) => i.tripId)).toEqual(tripRows.filter((r) => r.cancelledAt).map((r) => r.id));
    const completed = new Map(tripRows.filter((r) => r.completed).map((r) => [r.id, r]));
    const paid = invoiceRows.filter((i) => i.status === 'PAID');
    expect(paid.map((i) => i.tripId).sort()).toEqual([...completed.keys()].sort());
    for (const invoice of paid) {
      expect(invoice.paidAt!.getTime()).toBeGreaterThan(
        completed.get(invoice.tripId)!.latestStatusAt!.getTime(),
      );
      expect(invoice.paidAt!.getTime()).toBeLessThan(Date.now());
    }
    expect(invoiceRows.filter((i) => i.status === 'PENDING_PAYMENT')).toHaveLength(
      tripRows.length - 1 - completed.size,
    );
    expect(tripRows.every((r) => /^TRP-\d{4}-\d{6}$/.test(r.tripNumber))).toBe(true);
    // The Import LOC order was split between the two verified transporters.
    expect(new Set(tripRows.map((r) => r.transporterCompanyId)).size).toBe(2);
  });

  it('has trips at every step of every cargo type, each walked through the status rules', async () => {
    const tripRows = await t.ctx.db.select().from(trips);
    for (const cargoType of CARGO_TYPES) {
      const ofType = tripRows.filter((r) => r.cargoType === cargoType && !r.cancelledAt);
      const reached = new Set(ofType.map((r) => r.latestStatus));
      expect(reached, cargoType).toEqual(new Set([null, ...tripTimeline(cargoType)]));
      // Completed exactly at the last step of the timeline.
      for (const trip of ofType) {
        expect(trip.completed, trip.tripNumber).toBe(isFinalStatus(cargoType, trip.latestStatus));
        if (trip.latestStatus) expect(trip.resourcesAssigned && trip.truckId && trip.driverId).toBeTruthy();
      }
    }
    const logs = await t.ctx.db.select().from(tripStatusLogs);
    for (const trip of tripRows.filter((r) => r.latestStatus)) {
      const own = logs.filter((l) => l.tripId === trip.id).map((l) => l.status);
      expect(own.sort(), trip.tripNumber).toEqual(
        tripTimeline(trip.cargoType)
          .slice(0, tripTimeline(trip.cargoType).indexOf(trip.latestStatus!) + 1)
          .slice()
          .sort(),
      );
    }
    expect(tripRows.filter((r) => r.cancelledAt)).toHaveLength(1);
  });

  it('gives each verified transporter a fleet, with documents to flag and a fleet manager who can sign in', async () => {
    const truckRows = await t.ctx.db.select().from(trucks);
    const driverRows = await t.ctx.db.select().from(drivers);
    expect(new Set(truckRows.map((r) => r.companyId)).size).toBe(2);
    expect(await t.ctx.db.select().from(motorBoys)).not.toHaveLength(0);
    expect(truckRows.some((r) => !r.active)).toBe(true);
    const statuses = truckRows.flatMap((r) =>
      Object.values(r.documents).map((d) => expiringWithin(d?.expiresOn ?? null)),
    );
    expect(statuses).toEqual(expect.arrayContaining(['EXPIRED', 'EXPIRING', 'VALID']));
    expect(driverRows.map((d) => expiringWithin(d.licenceExpiresOn))).toContain('EXPIRING');
    const login = await call(t.app, 'POST', LOGIN, {
      username: 'fleet.manager@example.com',
      password: DEMO_PASSWORD,
    });
    expect(login.status).toBe(200);
    const list = await call(t.app, 'GET', '/api/v1/fleet/trucks?size=100', undefined, {
      token: login.body.accessToken,
    });
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.email, 'transporter@example.com'));
    expect(list.body.totalElements).toBe(truckRows.filter((r) => r.companyId === owner!.companyId).length);
  });

  it('has open and resolved issues, notes from every side and documents on the trips', async () => {
    const issueRows = await t.ctx.db.select().from(tripIssues);
    expect(new Set(issueRows.map((i) => i.status))).toEqual(new Set(['OPEN', 'RESOLVED']));
    const noteRows = await t.ctx.db.select().from(tripNotes);
    expect(new Set(noteRows.map((n) => n.side))).toEqual(new Set(['CUSTOMER', 'TRANSPORTER', 'ADMIN']));
    const documentRows = await t.ctx.db.select().from(tripDocuments);
    expect(new Set(documentRows.map((d) => d.kind))).toEqual(
      new Set(['WAYBILL', 'TERMINAL_DELIVERY_ORDER', 'PROOF_OF_DELIVERY', 'EQUIPMENT_INTERCHANGE_RECEIPT']),
    );
    const login = await call(t.app, 'POST', LOGIN, {
      username: 'customer@example.com',
      password: DEMO_PASSWORD,
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/trips/documents/${documentRows[0]!.id}`,
      headers: { authorization: `Bearer ${login.body.accessToken}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows the demo customer a real dashboard', async () => {
    const login = await call(t.app, 'POST', LOGIN, {
      username: 'customer@example.com',
      password: DEMO_PASSWORD,
    });
    const res = await call(t.app, 'GET', '/api/v1/dashboard/customer', undefined, {
      token: login.body.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.uncompletedTrips).toBeGreaterThanOrEqual(5);
    expect(res.body.pendingPaymentsKobo).toBeGreaterThan(0);
    expect(res.body.ordersAwaitingAward.length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['customer@example.com', 'CUSTOMER', 'Adaeze'],
    ['transporter@example.com', 'TRANSPORTER', 'Musa'],
    ['admin@example.com', 'ADMIN', 'Tolu'],
  ])('lets %s sign in with the demo password', async (username, userType, firstName) => {
    expect(DEMO_PASSWORD).toBe('demo-password-2026');
    const res = await call(t.app, 'POST', LOGIN, { username, password: 'demo-password-2026' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userType, firstName, tokenType: 'Bearer' });
    expect(typeof res.body.accessToken).toBe('string');
    expect(typeof res.body.refreshToken).toBe('string');
  });

  it('refuses a wrong password for a demo user', async () => {
    const res = await call(t.app, 'POST', LOGIN, {
      username: 'customer@example.com',
      password: 'demo-password-2025',
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });

  it("gives a world seeded before version 4 the verified companies' documents", async () => {
    const [customer] = await t.ctx.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Okafor Imports Ltd'));
    await t.ctx.db.delete(companyDocuments).where(eq(companyDocuments.companyId, customer!.id));
    await t.ctx.db.update(appMeta).set({ value: '3' }).where(eq(appMeta.key, 'demo_seed_version'));
    expect(await seedDemo(t.ctx)).toBe(true);
    const rows = await t.ctx.db
      .select()
      .from(companyDocuments)
      .where(and(eq(companyDocuments.companyId, customer!.id), eq(companyDocuments.status, 'APPROVED')));
    expect(rows.map((r) => r.type)).toEqual(['CAC_CERTIFICATE']);
    expect((await checksOfVerifiedCompanies())['Okafor Imports Ltd']).toMatchObject(COMPLETE);
    // Only what was missing is added: a second pass writes nothing.
    const before = await t.ctx.db.select().from(companyDocuments);
    await t.ctx.db.update(appMeta).set({ value: '3' }).where(eq(appMeta.key, 'demo_seed_version'));
    await seedDemo(t.ctx);
    expect(await t.ctx.db.select().from(companyDocuments)).toHaveLength(before.length);
  });

  it('follows the trucks of Eko’s trips under way with the simulator, so the map shows them once polled', async () => {
    const login = await call(t.app, 'POST', LOGIN, {
      username: 'transporter@example.com',
      password: DEMO_PASSWORD,
    });
    const token = login.body.accessToken as string;
    const accounts = await call(t.app, 'GET', '/api/v1/tracking-credentials', undefined, { token });
    expect(accounts.body).toEqual([
      expect.objectContaining({ label: 'Demo trackers (simulator)', deviceCount: 5, linkedDeviceCount: 5 }),
    ]);
    await t.ctx.db.update(trackingCredentials).set({ nextPollAt: new Date(Date.now() - 1000) });
    expect(await t.ctx.trackingPoller.pollDue()).toBe(1);
    const map = await call(t.app, 'GET', '/api/v1/trips/map?sabiPort=false&bargeTrip=false', undefined, {
      token,
    });
    const located = (map.body as { position: unknown; currentLocation: unknown }[]).filter((i) => i.position);
    expect(located.length).toBeGreaterThanOrEqual(5);
    expect(located.every((i) => i.currentLocation)).toBe(true);
    const links = await t.ctx.db.select().from(driverPhoneLinks);
    expect(links).toHaveLength(1);
  });

  it('keeps new.customer@example.com waiting for activation', async () => {
    const res = await call(t.app, 'POST', LOGIN, {
      username: 'new.customer@example.com',
      password: 'demo-password-2026',
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ACCOUNT_NOT_ACTIVATED');
    expect(res.body.message).toMatch(/not been activated/);
  });
});

describe('seedDemo from two instances starting together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds once: one call writes, the other finds the work done', async () => {
    const results = await Promise.all([seedDemo(t.ctx), seedDemo(t.ctx)]);
    expect(results.sort()).toEqual([false, true]);
    const rows = await t.ctx.db.select({ email: users.email }).from(users);
    expect(rows.map((u) => u.email).sort()).toEqual(DEMO_EMAILS);
    expect(await t.ctx.db.select().from(companies)).toHaveLength(7);
    // The whole demo world is written here, trips walked step by step: slow on a loaded machine.
  }, 180_000);
});
