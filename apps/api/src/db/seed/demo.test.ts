import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  CARGO_TYPES,
  TRIP_STATUS_LABELS,
  expiringWithin,
  isFinalStatus,
  lagosToday,
  TERMS_VERSION,
  tripTimeline,
  type Address,
  type Guarantor,
  type NextOfKin,
  nextTripStatus,
  USSD_DEMO_DRIVER,
} from '@freightlane/domain';
import { DRIVER_CATALOG } from '@freightlane/domain/i18n';
import {
  appMeta,
  auditLog,
  bids,
  companies,
  companyDocuments,
  companyScorecards,
  consignments,
  driverPhoneLinks,
  drivers,
  fleetManagers,
  invoices,
  laneRates,
  motorBoys,
  notifications,
  orders,
  payments,
  payouts,
  tripDocuments,
  tripIssues,
  tripNotes,
  trackingCredentials,
  tripStatusLogs,
  trips,
  trucks,
  users,
} from '../schema';
import { measureCallUps } from '../../modules/call-up';
import { assessCompany } from '../../modules/company/company-verification.service';
import { listCurrentCompanyDocuments } from '../../queries/company.repository';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { DEMO_UNVERIFIED_PHONES } from './demo-phones';

const LOGIN = '/api/v1/auth/login?clientId=WEB_CLIENT_APP';
const DEMO_EMAILS = [
  'admin@example.com',
  'customer@example.com',
  'fleet.manager@example.com',
  'new.customer@example.com',
  'new.transporter@example.com',
  'transporter2@example.com',
  'transporter3@example.com',
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
    expect(meta?.value).toBe('8');
  });

  it('has every demo phone number verified but those left to show the verification flow', async () => {
    const people = await t.ctx.db.select().from(users);
    const unverified = people.filter((u) => u.phoneVerifiedAt === null).map((u) => u.email);
    expect(unverified.sort()).toEqual([...DEMO_UNVERIFIED_PHONES.emails].sort());
    const crew = await t.ctx.db.select().from(drivers);
    expect(crew.length).toBeGreaterThan(10);
    const unverifiedDrivers = crew.filter((d) => d.phoneVerifiedAt === null);
    expect(unverifiedDrivers.map((d) => `${d.firstName} ${d.lastName}`)).toEqual(['Terver Iorliam']);
    const [eko] = await t.ctx.db.select().from(users).where(eq(users.email, 'transporter@example.com'));
    expect(unverifiedDrivers[0]!.companyId).toBe(eko!.companyId);
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
      'transporter3@example.com': 'TRANSPORTER',
      'unverified.customer@example.com': 'CUSTOMER',
    });
    // Each accepted the terms, at sign-up or when taking their invitation.
    expect(rows.filter((u) => !u.termsAcceptedAt || u.termsVersion !== TERMS_VERSION)).toEqual([]);
    expect(await t.ctx.db.select().from(companies)).toHaveLength(8);
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
        email: 'transporter3@example.com',
        company: 'Arewa Express Haulage Ltd',
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
      'Arewa Express Haulage Ltd',
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
    // Each of the three verified transporters has trips (the Import LOC order was split between two).
    expect(new Set(tripRows.map((r) => r.transporterCompanyId)).size).toBe(3);
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
    expect(new Set(truckRows.map((r) => r.companyId)).size).toBe(3);
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

  it('keeps the SHA-256 of every trip document, so the delivery dossier lists each hash', async () => {
    const documents = await t.ctx.db
      .select({ sha256: tripDocuments.sha256, storageKey: tripDocuments.storageKey })
      .from(tripDocuments);
    expect(documents.length).toBeGreaterThan(0);
    for (const document of documents) {
      const body = Buffer.concat(await (await t.ctx.storage.read(document.storageKey)).toArray());
      expect(document.sha256).toBe(createHash('sha256').update(body).digest('hex'));
    }
  });

  it('gives Eko Haulage cash on the road and call-up tickets: their reports have rows', async () => {
    const login = await call(t.app, 'POST', LOGIN, {
      username: 'transporter@example.com',
      password: DEMO_PASSWORD,
    });
    const read = async (kind: string) => {
      const res = await call(t.app, 'GET', `/api/v1/reports/${kind}`, undefined, {
        token: login.body.accessToken,
      });
      expect(res.status).toBe(200);
      return res.body as {
        summary: { key: string; value: number | null }[];
        page: { totalElements: number };
      };
    };
    const figure = (report: Awaited<ReturnType<typeof read>>, key: string) =>
      report.summary.find((f) => f.key === key)?.value;
    const profit = await read('trip-profit');
    expect(profit.page.totalElements).toBeGreaterThan(0);
    expect(figure(profit, 'expenses')).toBeGreaterThan(0);
    const expenses = await read('expense');
    expect(figure(expenses, 'litres')).toBeGreaterThan(0);
    expect(figure(expenses, 'waiting')).toBeGreaterThan(0);
    const balances = await read('driver-balance');
    expect(figure(balances, 'owed')).toBeGreaterThan(0);
    // Once the job has measured the loaded trips' tickets, the waits in the bay show too.
    while ((await measureCallUps(t.ctx)) > 0);
    const callUps = await read('call-up');
    expect(figure(callUps, 'tickets')).toBeGreaterThan(0);
    expect(figure(callUps, 'holdingBayHours')).toBeGreaterThan(0);
    expect(figure(callUps, 'gateHours')).toBeGreaterThan(0);
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

  /** Titles Nigerians put before a name; "Chief Okon Bassey" and "Okon Bassey" are one person. */
  const HONORIFIC =
    /^(?:Alhaji|Alhaja|Hajiya|Chief|Dr|Mr|Mrs|Miss|Pastor|Elder|Deacon|Deaconess|Comrade|Engr|Rev|Fr|Malam|Mallam|Barr|Prof|Imam|Sir)\.?\s+/i;
  function bareName(name: string): string {
    let rest = name.trim();
    for (let next = rest.replace(HONORIFIC, ''); next !== rest; next = rest.replace(HONORIFIC, '')) {
      rest = next;
    }
    return rest.toLowerCase();
  }

  /** Everyone the demo names, with the role they have and their phone number. */
  async function peopleOfTheDemo() {
    const people: { role: string; name: string; phone: string }[] = [];
    const vetting = (owner: string, record: { nextOfKin: NextOfKin; guarantor: Guarantor }) => {
      people.push({
        role: `next of kin of ${owner}`,
        name: record.nextOfKin.name,
        phone: record.nextOfKin.phoneNumber,
      });
      people.push({
        role: `guarantor of ${owner}`,
        name: record.guarantor.name,
        phone: record.guarantor.phoneNumber,
      });
    };
    const userRows = await t.ctx.db.select().from(users);
    for (const u of userRows) {
      people.push({ role: `user ${u.email}`, name: `${u.firstName} ${u.lastName}`, phone: u.phoneNumber });
    }
    for (const [role, rows] of [
      ['driver', await t.ctx.db.select().from(drivers)],
      ['motor boy', await t.ctx.db.select().from(motorBoys)],
    ] as const) {
      for (const r of rows) {
        const name = `${r.firstName} ${r.lastName}`;
        people.push({ role: `${role} ${name}`, name, phone: r.phoneNumber });
        vetting(`${role} ${name}`, r);
      }
    }
    for (const m of await t.ctx.db.select().from(fleetManagers)) {
      const user = userRows.find((u) => u.id === m.userId)!;
      vetting(`fleet manager ${user.firstName} ${user.lastName}`, m);
    }
    return people;
  }

  it('names distinct people: nobody is in two roles, no guarantor or next of kin stands for two people', async () => {
    const people = await peopleOfTheDemo();
    const rolesOf = new Map<string, string[]>();
    for (const p of people) rolesOf.set(bareName(p.name), [...(rolesOf.get(bareName(p.name)) ?? []), p.role]);
    expect([...rolesOf].filter(([, roles]) => roles.length > 1)).toEqual([]);
    expect(people.filter((p) => p.role.startsWith('guarantor')).length).toBeGreaterThan(50);
  });

  it('gives every person a number of their own: distinct, valid Nigerian mobile numbers stored as +234…', async () => {
    const people = await peopleOfTheDemo();
    // The mobile ranges of MTN, Airtel, Glo and 9mobile (070x, 080x, 081x, 090x, 091x).
    const mobile = /^\+234(70[1-9]|80[2-9]|81[0-8]|90[1-9]|91[0-6])\d{7}$/;
    expect(people.filter((p) => !mobile.test(p.phone))).toEqual([]);
    const namesOf = new Map<string, Set<string>>();
    for (const p of people) namesOf.set(p.phone, (namesOf.get(p.phone) ?? new Set()).add(bareName(p.name)));
    expect([...namesOf].filter(([, names]) => names.size > 1)).toEqual([]);
    const phonesOf = new Map<string, Set<string>>();
    for (const p of people)
      phonesOf.set(bareName(p.name), (phonesOf.get(bareName(p.name)) ?? new Set()).add(p.phone));
    expect([...phonesOf].filter(([, phones]) => phones.size > 1)).toEqual([]);
  });

  it('leaves no inactive truck, driver or motor boy on a live or upcoming trip, and none on two at once', async () => {
    const live = (await t.ctx.db.select().from(trips)).filter((r) => !r.completed && !r.cancelledAt);
    const resources = [
      ...(await t.ctx.db.select().from(trucks)),
      ...(await t.ctx.db.select().from(drivers)),
      ...(await t.ctx.db.select().from(motorBoys)),
    ];
    const inactive = new Set(resources.filter((r) => !r.active).map((r) => r.id));
    expect(inactive.size).toBeGreaterThan(0);
    const onInactive = live.filter((r) =>
      [r.truckId, r.driverId, r.motorBoyId].some((id) => id && inactive.has(id)),
    );
    expect(onInactive.map((r) => r.tripNumber)).toEqual([]);
    for (const key of ['truckId', 'driverId', 'motorBoyId'] as const) {
      const ids = live.flatMap((r) => (r[key] ? [r[key]] : []));
      expect(new Set(ids).size, key).toBe(ids.length);
    }
  });

  it("keeps each trip's story in order: placed, awarded, crewed, every step, issues, papers, notes, paid", async () => {
    const now = Date.now();
    const orderOf = new Map((await t.ctx.db.select().from(orders)).map((o) => [o.id, o]));
    const bidRows = await t.ctx.db.select().from(bids);
    const logs = await t.ctx.db.select().from(tripStatusLogs).where(isNull(tripStatusLogs.undoneAt));
    const issues = await t.ctx.db.select().from(tripIssues);
    const documents = await t.ctx.db.select().from(tripDocuments);
    const notes = await t.ctx.db.select().from(tripNotes);
    const invoiceOf = new Map((await t.ctx.db.select().from(invoices)).map((i) => [i.tripId, i]));
    const paymentRows = await t.ctx.db.select().from(payments);
    const payoutRows = await t.ctx.db.select().from(payouts);
    const wrong: string[] = [];
    const past = new Date(now);
    /** The times given, those known, in the order they happened. */
    const inOrder = (what: string, ...times: (Date | null | undefined)[]) => {
      const known = times.filter((x): x is Date => x instanceof Date).map((x) => x.getTime());
      if (known.some((x, i) => i > 0 && x < known[i - 1]!)) wrong.push(what);
    };
    for (const order of orderOf.values()) {
      for (const bid of bidRows.filter((b) => b.orderId === order.id)) {
        inOrder(
          `${order.orderNumber} bid`,
          order.createdAt,
          bid.createdAt,
          bid.withdrawnAt ?? bid.decidedAt,
          past,
        );
        inOrder(`${order.orderNumber} bid before the award`, bid.createdAt, order.awardedAt);
      }
      inOrder(`${order.orderNumber} cancelled`, order.createdAt, order.cancelledAt, past);
    }
    for (const trip of await t.ctx.db.select().from(trips)) {
      const order = orderOf.get(trip.orderId)!;
      const own = logs
        .filter((l) => l.tripId === trip.id)
        .sort(
          (a, b) =>
            tripTimeline(trip.cargoType).indexOf(a.status) - tripTimeline(trip.cargoType).indexOf(b.status),
        );
      const first = own[0]?.at;
      const last = own[own.length - 1]?.at;
      const n = trip.tripNumber;
      inOrder(`${n} awarded after it was placed`, order.createdAt, order.awardedAt, trip.createdAt);
      inOrder(`${n} steps`, trip.createdAt, trip.truckAssignedAt, ...own.map((l) => l.at), past);
      if (trip.latestStatusAt?.getTime() !== last?.getTime()) wrong.push(`${n} latest status time`);
      if (first && trip.pickupDate !== lagosToday(first))
        wrong.push(`${n} picked up on another day than it started`);
      if (!first && !trip.cancelledAt && trip.pickupDate < lagosToday())
        wrong.push(`${n} pickup date passed`);
      // A delivered trip keeps the date it was expected by: its transporter's on-time delivery counts it.
      if (trip.expectedDeliveryDate && trip.expectedDeliveryDate < trip.pickupDate) {
        wrong.push(`${n} expected delivery`);
      }
      for (const issue of issues.filter((i) => i.tripId === trip.id)) {
        inOrder(`${n} issue`, first, issue.openedAt, issue.resolvedAt, past);
        if (trip.completed) inOrder(`${n} issue before the end`, issue.resolvedAt ?? issue.openedAt, last);
      }
      for (const document of documents.filter((d) => d.tripId === trip.id)) {
        inOrder(`${n} ${document.kind}`, trip.createdAt, document.createdAt, past);
      }
      for (const note of notes.filter((x) => x.tripId === trip.id)) {
        inOrder(`${n} ${note.side} note`, trip.createdAt, note.createdAt, note.updatedAt, past);
      }
      const invoice = invoiceOf.get(trip.id)!;
      if (invoice.createdAt.getTime() !== trip.createdAt.getTime())
        wrong.push(`${n} invoice raised apart from the award`);
      inOrder(`${n} invoice due`, invoice.createdAt, invoice.dueAt);
      if (invoice.paidAt) inOrder(`${n} paid after it ended`, last, invoice.paidAt);
      for (const payment of paymentRows.filter((p) => p.invoiceId === invoice.id)) {
        inOrder(`${n} payment`, invoice.createdAt, payment.paidAt);
        const payout = payoutRows.find((p) => p.invoiceId === invoice.id);
        inOrder(`${n} payout`, payment.paidAt, payout?.paidOutAt, past);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('writes addresses and places that read well: no place word said twice in a row', async () => {
    const addresses: [string, Address | null | undefined][] = [];
    for (const c of await t.ctx.db.select().from(companies)) addresses.push([c.name, c.address]);
    for (const o of await t.ctx.db.select().from(orders)) {
      addresses.push(
        [`${o.orderNumber} pickup`, o.pickupAddress],
        [`${o.orderNumber} delivery`, o.recipientAddress],
      );
    }
    for (const [role, rows] of [
      ['driver', await t.ctx.db.select().from(drivers)],
      ['motor boy', await t.ctx.db.select().from(motorBoys)],
      ['fleet manager', await t.ctx.db.select().from(fleetManagers)],
    ] as const) {
      for (const r of rows) addresses.push([role, r.address], [`${role}'s guarantor`, r.guarantor.address]);
    }
    const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
    const repeated = addresses.filter(
      ([, a]) => a && a.neighborhood && (same(a.neighborhood, a.lga) || same(a.neighborhood, a.city)),
    );
    expect(repeated.map(([owner, a]) => `${owner}: ${a!.neighborhood}, ${a!.lga}, ${a!.city}`)).toEqual([]);
    // A reported place reads "<description> · <LGA>, <state>": the description must not name the LGA again.
    const places = [
      ...(await t.ctx.db.select().from(tripStatusLogs)).map((l) => l.location),
      ...(await t.ctx.db.select().from(tripIssues)).map((i) => i.location),
    ].filter((l) => l?.description);
    expect(places.length).toBeGreaterThan(0);
    expect(
      places
        .filter((l) => new RegExp(`\\b${l!.lga}\\b`, 'i').test(l!.description!))
        .map((l) => l!.description),
    ).toEqual([]);
  });

  it('dates every notification by the event it reports, a status change by its log, and titles them alike', async () => {
    // Whatever the seed left queued runs now, as it would once the server starts.
    await t.ctx.jobs.drain();
    const now = Date.now();
    const rows = await t.ctx.db.select().from(notifications);
    expect(new Set(rows.map((r) => r.kind))).toEqual(
      new Set([
        'COMPANY_VERIFIED',
        'ORDER_OPEN_FOR_BIDS',
        'BID_RECEIVED',
        'BID_WITHDRAWN',
        'BIDDING_CLOSED',
        'BID_WON',
        'BID_LOST',
        'INVOICE_RAISED',
        'RESOURCES_ASSIGNED',
        'TRIP_STATUS_CHANGED',
        'TRIP_CANCELLED',
        'ISSUE_OPENED',
        'ISSUE_RESOLVED',
        'DOCUMENT_ADDED',
        'NOTE_ADDED',
        'PAYMENT_RECEIVED',
        'PAYOUT_PAID',
      ]),
    );
    const orderRows = await t.ctx.db.select().from(orders);
    const bidRows = await t.ctx.db.select().from(bids);
    const tripRows = await t.ctx.db.select().from(trips);
    const logs = await t.ctx.db.select().from(tripStatusLogs).where(isNull(tripStatusLogs.undoneAt));
    const issues = await t.ctx.db.select().from(tripIssues);
    const documents = await t.ctx.db.select().from(tripDocuments);
    const notes = await t.ctx.db.select().from(tripNotes);
    const paymentRows = await t.ctx.db.select().from(payments);
    const payoutRows = await t.ctx.db.select().from(payouts);
    const userRows = await t.ctx.db.select().from(users);
    const companyRows = await t.ctx.db.select().from(companies);
    const orderOfBid = (bidId: string) =>
      orderRows.find((o) => o.id === bidRows.find((b) => b.id === bidId)?.orderId);
    const tripOfLink = (link: string | null) => tripRows.find((r) => link === `/trips/${r.id}`);

    /** When the event a notification reports happened, read from the seeded rows. */
    const eventTime = (row: (typeof rows)[number]): Date | null | undefined => {
      const [kind, id, rest] = row.sourceKey.split(':');
      switch (kind) {
        case 'trip-status': {
          const log = logs.find((l) => l.tripId === id && l.status === rest);
          const trip = tripRows.find((r) => r.id === id);
          return log && row.title === `${trip!.tripNumber}: ${TRIP_STATUS_LABELS[log.status]}`
            ? log.at
            : null;
        }
        case 'bid-placed':
          return bidRows.find((b) => b.id === id)?.createdAt;
        case 'bid-withdrawn':
          return bidRows.find((b) => b.id === id)?.withdrawnAt;
        case 'bid-won':
        case 'bid-lost':
        case 'invoices-raised':
          return orderOfBid(id!)?.awardedAt;
        case 'order-opened':
          return orderRows.find((o) => o.id === id)?.createdAt;
        case 'bidding-closed':
        case 'bidding-closed-bidders':
          return orderRows.find((o) => o.id === id)?.biddingClosesAt;
        case 'order-cancelled':
          return orderRows.find((o) => o.id === id)?.cancelledAt;
        case 'trip-issue-opened':
          return issues.find((i) => i.id === id)?.openedAt;
        case 'trip-issue-resolved':
          return issues.find((i) => i.id === id)?.resolvedAt;
        case 'trip-document':
          return documents.find((d) => d.id === id)?.createdAt;
        case 'trip-note':
          return notes.find((n) => tripOfLink(row.link)?.id === n.tripId && n.note === row.body)?.createdAt;
        case 'trip-crew':
          return tripOfLink(row.link)?.truckAssignedAt;
        case 'trips-cancelled':
          return tripOfLink(row.link)?.cancelledAt;
        case 'payment-received':
          return paymentRows.find((p) => p.id === id)?.paidAt;
        case 'payout-paid':
          return payoutRows.find((p) => p.id === id)?.paidOutAt;
        case 'company-verified': {
          const user = userRows.find((u) => u.id === row.userId);
          return companyRows.find((c) => c.id === user?.companyId)?.verifiedAt;
        }
        default:
          return null;
      }
    };
    const wrong = rows
      .filter((row) => row.createdAt.getTime() > now || eventTime(row)?.getTime() !== row.createdAt.getTime())
      .map((row) => `${row.sourceKey} "${row.title}" at ${row.createdAt.toISOString()}`);
    expect(wrong).toEqual([]);
    // One pattern: "<trip, order or invoice number, or company>: <what happened>", no full stop.
    expect(rows.filter((r) => !/^[^:]+: \S[^]*[^.]$/.test(r.title)).map((r) => r.title)).toEqual([]);
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
    expect(await t.ctx.positionPoller.pollDue()).toBe(1);
    const map = await call(t.app, 'GET', '/api/v1/trips/map?sabiPort=false&bargeTrip=false', undefined, {
      token,
    });
    const located = (map.body as { position: unknown; currentLocation: unknown }[]).filter((i) => i.position);
    expect(located.length).toBeGreaterThanOrEqual(5);
    expect(located.every((i) => i.currentLocation)).toBe(true);
    const links = await t.ctx.db.select().from(driverPhoneLinks);
    expect(links).toHaveLength(1);
  });

  it('gives Eko a driver on a basic phone whose trip’s next step can be recorded by USSD with PIN 2580', async () => {
    const [driver] = await t.ctx.db
      .select()
      .from(drivers)
      .where(eq(drivers.phoneNumber, USSD_DEMO_DRIVER.phoneNumber));
    expect(driver).toMatchObject({ firstName: 'Rabiu', lastName: 'Dogonyaro', language: 'ha', active: true });
    expect(driver!.phoneVerifiedAt).toBeInstanceOf(Date);
    const [trip] = await t.ctx.db
      .select()
      .from(trips)
      .where(and(eq(trips.driverId, driver!.id), eq(trips.completed, false), isNull(trips.cancelledAt)));
    expect(trip?.latestStatus).toBeTruthy();
    const next = nextTripStatus(trip!.cargoType, trip!.latestStatus);
    expect(next).not.toBe('DELIVERED');
    const sessionId = 'demo-ussd-session';
    const dial = (text: string) =>
      call(t.app, 'POST', '/api/dev/ussd/session', { sessionId, phoneNumber: driver!.phoneNumber, text });
    expect((await dial('')).body).toEqual({
      kind: 'CON',
      screen: 'Freightlane. Sannu Rabiu, saka PIN ɗinka mai lambobi 4:',
    });
    expect((await dial(`${USSD_DEMO_DRIVER.pin}*2`)).body.kind).toBe('CON');
    expect((await dial(`${USSD_DEMO_DRIVER.pin}*2*1`)).body).toEqual({
      kind: 'END',
      screen: `An rubuta: ${DRIVER_CATALOG.ha!['status.' + next]}. Na gode!`,
    });
    const [moved] = await t.ctx.db.select().from(trips).where(eq(trips.id, trip!.id));
    expect(moved!.latestStatus).toBe(next);
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

  it("counts every trading company's scorecard from the seeded trips", async () => {
    const cards = await t.ctx.db
      .select({ name: companies.name, trips: companyScorecards.trips, side: companyScorecards.side })
      .from(companyScorecards)
      .innerJoin(companies, eq(companies.id, companyScorecards.companyId));
    const eko = cards.find((c) => c.name === 'Eko Haulage Ltd');
    const completed = await t.ctx.db
      .select({ id: trips.id })
      .from(trips)
      .innerJoin(companies, eq(companies.id, trips.transporterCompanyId))
      .where(
        and(eq(companies.name, 'Eko Haulage Ltd'), eq(trips.completed, true), isNull(trips.cancelledAt)),
      );
    // Every completed trip counted, not only those a later update happened to note.
    expect(completed.length).toBeGreaterThan(0);
    expect(eko).toMatchObject({ side: 'transporter', trips: completed.length });
    expect(cards.find((c) => c.name === 'Okafor Imports Ltd')?.side).toBe('customer');
  });

  it('carries the past that scores three transporters, prices the demo lanes and weighs three bids', async () => {
    const cards = await t.ctx.db
      .select({ name: companies.name, score: companyScorecards.score, trips: companyScorecards.trips })
      .from(companyScorecards)
      .innerJoin(companies, eq(companies.id, companyScorecards.companyId))
      .where(eq(companyScorecards.side, 'transporter'));
    const score = (name: string) => cards.find((c) => c.name === name)?.score ?? null;
    const arewa = score('Arewa Express Haulage Ltd');
    const eko = score('Eko Haulage Ltd');
    const gardenCity = score('Garden City Logistics Ltd');
    // Each has a score, and the three records read in the order they were written: always on time, mostly,
    // often late.
    expect([arewa, eko, gardenCity].every((s) => s !== null)).toBe(true);
    expect(arewa!).toBeGreaterThan(eko!);
    expect(eko!).toBeGreaterThan(gardenCity!);
    // The lanes the history ran each have a band of at least five awards.
    const bands = await t.ctx.db.select().from(laneRates);
    expect(
      bands
        .filter((b) => b.awards >= 5)
        .map((b) => `${b.cargoType} ${b.equipment} ${b.deliveryState}`)
        .sort(),
    ).toEqual(
      expect.arrayContaining([
        'GENERAL_CARGO FLATBED kano',
        'IMPORT_SHIPPER_OWNED FTS_20 lagos',
        'IMPORT_SHIPPER_OWNED FTS_40 lagos',
      ]),
    );
    // The customer's open order from Apapa has three bids to weigh, each with its transporter's score.
    const login = await call(t.app, 'POST', LOGIN, {
      username: 'customer@example.com',
      password: DEMO_PASSWORD,
    });
    const [open] = await t.ctx.db.select().from(orders).where(eq(orders.reference, 'BL-MEDU-2231'));
    const res = await call(t.app, 'GET', `/api/v1/orders/${open!.id}`, undefined, {
      token: login.body.accessToken,
    });
    expect(res.status).toBe(200);
    const offered = (
      res.body.bids as { transporterName: string; transporterScore: { score: number | null } }[]
    )
      .map((b) => [b.transporterName, b.transporterScore.score])
      .sort();
    expect(offered).toEqual([
      ['Arewa Express Haulage Ltd', arewa],
      ['Eko Haulage Ltd', eko],
      ['Garden City Logistics Ltd', gardenCity],
    ]);
  });

  it('shows Eko a return load on a fresh install: an open order picking up near where one of its trucks delivers', async () => {
    const login = await call(t.app, 'POST', LOGIN, {
      username: 'transporter@example.com',
      password: DEMO_PASSWORD,
    });
    const res = await call(t.app, 'GET', '/api/v1/return-loads', undefined, {
      token: login.body.accessToken,
    });
    expect(res.status).toBe(200);
    const matched = (res.body.content as { matchCount: number; tripNumber: string }[]).filter(
      (trip) => trip.matchCount > 0,
    );
    expect(matched.length).toBeGreaterThan(0);
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
    expect(await t.ctx.db.select().from(companies)).toHaveLength(8);
    // The whole demo world is written here, trips walked step by step: slow on a loaded machine.
  }, 180_000);
});
