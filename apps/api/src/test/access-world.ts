import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { OrderDetail, UserType } from '@freightlane/domain';
import * as schema from '../db/schema';
import { companies, invoices, notifications } from '../db/schema';
import { createUser } from '../db/seed/factories';
import { GOOD_PASSWORD, LOGIN_URL, signedInAccount, uniqueEmail, uniquePhone } from './accounts';
import { awardedOrder, placeBidViaApi } from './awarded-trips';
import { insertMotorBoy, signedInFleetManagerOf } from './fleet';
import {
  generalCargoRow,
  LAGOS_ADDRESS,
  orderBody,
  placeOrderViaApi,
  referenceIds,
  samplePdf,
  uploadQuoteDocument,
} from './marketplace';
import { SAMPLE_FILES, uploadAs, type MultipartFile } from './multipart';
import { startPushService } from './push-service';
import { call, type TestApp } from './test-app';
import { tripWorld, type Account, type TripRef, type TripWorld } from './trip-world';

/** The two sides of the access matrix: customer A trades with transporter A, customer B with transporter B. */
export type Side = 'A' | 'B';
export const SIDES: readonly Side[] = ['A', 'B'];

/** Who calls, in the access matrix. Only transporter A has a fleet manager among the callers. */
export const PRINCIPALS = [
  'anonymous',
  'customerA',
  'customerB',
  'transporterA',
  'transporterB',
  'fleetManagerA',
  'admin',
] as const;
export type PrincipalName = (typeof PRINCIPALS)[number];

/** A signed-in caller: its token, user and company. */
export interface Session {
  accessToken: string;
  userId: string;
  companyId: string;
  email: string;
}

const sessionOf = (a: Account): Session => ({
  accessToken: a.accessToken,
  userId: a.user.id,
  companyId: a.company.id,
  email: a.email,
});

/** The role and company of each signed-in principal, to make a fresh caller just like it. */
const PRINCIPAL_SHAPE: Record<Exclude<PrincipalName, 'anonymous'>, { userType: UserType; side?: Side }> = {
  customerA: { userType: 'CUSTOMER', side: 'A' },
  customerB: { userType: 'CUSTOMER', side: 'B' },
  transporterA: { userType: 'TRANSPORTER', side: 'A' },
  transporterB: { userType: 'TRANSPORTER', side: 'B' },
  fleetManagerA: { userType: 'FLEET_MANAGER', side: 'A' },
  admin: { userType: 'ADMIN' },
};

/** The side a principal belongs to; null for anonymous and the admin, who belong to neither. */
export function sideOf(principal: PrincipalName): Side | null {
  return principal === 'anonymous' ? null : (PRINCIPAL_SHAPE[principal].side ?? null);
}

/** The tables of the schema by their export name, for snapshots of refused cells. */
export type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never;
}[keyof typeof schema];

/**
 * The stored rows of `table` whose columns equal `where` (e.g. `stored(t, 'bids', { id })`): what a refused
 * cell must leave as it was.
 */
export async function stored(t: TestApp, table: TableName, where: Record<string, unknown>) {
  const tbl = schema[table] as PgTable & Record<string, any>;
  const conditions: SQL[] = Object.entries(where).map(([column, value]) => {
    if (!(column in tbl)) throw new Error(`${table} has no column ${column}`);
    return eq(tbl[column], value);
  });
  return t.ctx.db
    .select()
    .from(tbl)
    .where(and(...conditions));
}

/** A valid body for PUT /api/v1/user/company: every detail verification asks for. */
export function companyDetailsBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Apapa Clearing Ltd',
    cacRegistrationNumber: 'RC 1234567',
    tin: '12345678-0001',
    address: { ...LAGOS_ADDRESS },
    contactName: 'Ngozi Adebayo',
    contactPhone: uniquePhone(),
    contactEmail: uniqueEmail('contact'),
    ...overrides,
  };
}

const pdfFile = (fileName: string): MultipartFile => ({
  fileName,
  content: samplePdf(fileName),
  contentType: 'application/pdf',
});

function must<T extends { status: number; body: Record<string, any> }>(
  res: T,
  status: number,
  what: string,
): T {
  if (res.status !== status) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/**
 * The world of the access matrix: two trading pairs (customer A × transporter A, customer B × transporter
 * B, all verified), the fleet manager of transporter A, an admin, and for each side one of every object an
 * operation acts on, owned by that side. Refused cells may use these shared objects; a cell that should
 * succeed and change state makes its own with the factories (`fresh…`), so no cell depends on another.
 */
/**
 * The settings the world's test app runs with: browsers' push addresses are on the world's push service on
 * loopback, so notifications never reach out to the internet (and drain at once).
 */
export const ACCESS_WORLD_ENV = { PUSH_ALLOW_INTERNAL_HOSTS: 'true' } as const;

export async function accessWorld(t: TestApp) {
  const push = await startPushService();
  const w = await tripWorld(t, { names: { customer: 'Customer A Ltd', transporter: 'Transporter A Ltd' } });
  const fleetManagerB = await signedInFleetManagerOf(t, w.otherTransporter, { firstName: 'Femi' });
  const pairs: Record<Side, { customer: Account; transporter: Account }> = {
    A: { customer: w.customer, transporter: w.transporter },
    B: { customer: w.otherCustomer, transporter: w.otherTransporter },
  };

  const sessions: Record<Exclude<PrincipalName, 'anonymous'>, Session> = {
    customerA: sessionOf(w.customer),
    customerB: sessionOf(w.otherCustomer),
    transporterA: sessionOf(w.transporter),
    transporterB: sessionOf(w.otherTransporter),
    fleetManagerA: {
      accessToken: w.fleetManager.accessToken,
      userId: w.fleetManager.user.id,
      companyId: w.transporter.company.id,
      email: w.fleetManager.email,
    },
    admin: sessionOf(w.admin),
  };

  /** The caller's token; undefined for anonymous. */
  const tokenOf = (principal: PrincipalName): string | undefined =>
    principal === 'anonymous' ? undefined : sessions[principal].accessToken;

  /**
   * A new signed-in user of the same company and role as `principal` (a new admin for the admin), for
   * cells that change or end the caller itself: signing out, erasure, profile changes.
   */
  const freshSession = async (
    principal: Exclude<PrincipalName, 'anonymous'>,
  ): Promise<Session & { refreshToken: string }> => {
    const shape = PRINCIPAL_SHAPE[principal];
    const email = uniqueEmail(`fresh.${principal}`);
    const user = await createUser(t.ctx.db, sessions[principal].companyId, {
      email,
      password: GOOD_PASSWORD,
      userType: shape.userType,
      firstName: 'Ada',
    });
    const res = must(
      await call(t.app, 'POST', LOGIN_URL, { username: email, password: GOOD_PASSWORD }),
      200,
      'signing in a fresh user',
    );
    return {
      accessToken: res.body.accessToken as string,
      refreshToken: res.body.refreshToken as string,
      userId: user.id,
      companyId: sessions[principal].companyId,
      email,
    };
  };

  /** A user of the side's customer company who never activated the account (sign-up's first state). */
  const freshUnactivatedUser = async (side: Side) =>
    createUser(t.ctx.db, pairs[side].customer.company.id, {
      email: uniqueEmail('not.activated'),
      password: GOOD_PASSWORD,
      userType: 'CUSTOMER',
      activated: false,
    });

  /**
   * A customer company whose details and CAC certificate are all in, awaiting an admin's review, with its
   * signed-in owner.
   */
  const freshCompanyInReview = async () => {
    const owner = await freshCompanyAccount('CUSTOMER');
    must(
      await call(t.app, 'PUT', '/api/v1/user/company', companyDetailsBody(), { token: owner.accessToken }),
      200,
      'completing company details',
    );
    must(
      await uploadAs(
        t,
        '/api/v1/company/documents',
        owner.accessToken,
        { type: 'CAC_CERTIFICATE' },
        pdfFile('cac.pdf'),
      ),
      201,
      'uploading a CAC certificate',
    );
    const [company] = await stored(t, 'companies', { id: owner.companyId });
    if (company?.verificationStatus !== 'PENDING_REVIEW') {
      throw new Error(`A complete company should await review, not ${company?.verificationStatus}`);
    }
    return owner;
  };

  /**
   * A signed-in user of a new verified company of the principal's kind, for cells that change the
   * caller's company (its details, its documents) where the world's companies must stay as they are.
   */
  const freshCompanyAccount = async (kind: 'CUSTOMER' | 'TRANSPORTER') => {
    const a = await signedInAccount(t, kind, {
      verificationStatus: 'VERIFIED',
      name: `Fresh ${kind.toLowerCase()} Ltd`,
    });
    return { ...sessionOf(a), refreshToken: a.refreshToken };
  };

  /** An order of the side's customer, open for bids, with a quote document. */
  const freshOpenOrder = async (
    side: Side,
    overrides: Record<string, unknown> = {},
  ): Promise<OrderDetail> => {
    const { customer } = pairs[side];
    const quote = must(await uploadQuoteDocument(t, customer.accessToken), 201, 'uploading a quote');
    return placeOrderViaApi(t, customer.accessToken, { quoteDocumentId: quote.body.id, ...overrides });
  };

  /**
   * A general-cargo order of the side's customer open to its preferred partners only (in the world, the
   * side's transporter).
   */
  const freshPartnersOnlyOrder = (side: Side) =>
    freshOpenOrder(side, {
      preferredPartnersOnly: true,
      cargoType: 'GENERAL_CARGO',
      containers: [],
      generalCargos: [generalCargoRow()],
    });

  /** An open order of the side's customer with an active bid of the side's transporter. */
  const freshBid = async (side: Side) => {
    const order = await freshOpenOrder(side);
    const bid = await placeBidViaApi(t, pairs[side].transporter.accessToken, order.id);
    return { order, bid };
  };

  /** An order of the side's customer awarded whole to the side's transporter: one trip, its invoice. */
  const freshAwarded = async (side: Side, overrides: Record<string, unknown> = {}) =>
    awardedOrder(t, pairs[side].customer, pairs[side].transporter, overrides);

  /** A trip of the side's pair with a truck and driver of the side's transporter on it. */
  const freshTrip = async (side: Side, overrides: Record<string, unknown> = {}) => {
    const { order } = await freshAwarded(side, overrides);
    const trip = order.trips[0] as TripRef;
    const { truck, driver } = await w.assignFleet(trip.id);
    return { order, trip, truck, driver };
  };

  /** The invoice of a trip (one per trip, written at the award). */
  const invoiceOf = async (tripId: string) => {
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.tripId, tripId));
    if (!row) throw new Error(`No invoice for trip ${tripId}`);
    return row;
  };

  /** An invoice of the side's pair with one extra charge its transporter proposed, still pending. */
  const freshInvoiceWithCharge = async (side: Side) => {
    const { order } = await freshAwarded(side);
    const invoice = await invoiceOf(order.trips[0].id);
    const res = must(
      await call(
        t.app,
        'POST',
        `/api/v1/invoices/${invoice.id}/charges`,
        { amountKobo: 2_500_000, reason: 'Night parking at Tin Can' },
        { token: pairs[side].transporter.accessToken },
      ),
      201,
      'proposing a charge',
    );
    return {
      invoiceId: invoice.id,
      chargeId: res.body.charges.at(-1).id as string,
      tripId: order.trips[0].id,
    };
  };

  /** A waybill on the trip, uploaded by the side's transporter. */
  const freshTripDocument = async (side: Side, tripId: string) =>
    must(
      await uploadAs(
        t,
        `/api/v1/trips/${tripId}/documents`,
        pairs[side].transporter.accessToken,
        {
          kind: 'WAYBILL',
        },
        pdfFile('waybill.pdf'),
      ),
      201,
      'uploading a trip document',
    ).body as { id: string };

  /** An open issue on the trip, reported by the side's transporter. */
  const freshTripIssue = async (side: Side, tripId: string) =>
    must(
      await call(
        t.app,
        'POST',
        `/api/v1/trips/${tripId}/issues`,
        { issueType: 'BREAKDOWN', description: 'Gearbox failed at Mile 2' },
        { token: pairs[side].transporter.accessToken },
      ),
      201,
      'reporting an issue',
    ).body as { id: string };

  /** A phone link for the driver (who must be on a trip of the side), made by the side's transporter. */
  const freshDriverLink = async (side: Side, driverId: string) => {
    const res = must(
      await call(t.app, 'POST', `/api/v1/fleet/drivers/${driverId}/phone-link`, undefined, {
        token: pairs[side].transporter.accessToken,
      }),
      201,
      'making a phone link',
    );
    return { token: res.body.token as string, base: `/api/v1/driver/${res.body.token as string}` };
  };

  /**
   * A company document (CAC certificate) of the company. Uploading one puts a verified company back in
   * review, so the company is set verified again: the world's companies must keep trading.
   */
  const freshCompanyDocument = async (token: string, companyId: string) => {
    const res = must(
      await uploadAs(t, '/api/v1/company/documents', token, { type: 'CAC_CERTIFICATE' }, pdfFile('cac.pdf')),
      201,
      'uploading a company document',
    );
    await t.ctx.db
      .update(companies)
      .set({ verificationStatus: 'VERIFIED' })
      .where(eq(companies.id, companyId));
    return res.body as { id: string };
  };

  /** A tracking account (the Simulator) of the side's transporter. */
  const simulatorId = async () => {
    const res = must(
      await call(t.app, 'GET', '/api/v1/tracking-companies', undefined, { token: w.admin.accessToken }),
      200,
      'listing tracking companies',
    );
    return (res.body as { id: string; kind: string }[]).find((c) => c.kind === 'SIMULATOR')!.id;
  };
  const simulator = await simulatorId();
  const freshTrackingCredential = async (side: Side) =>
    must(
      await call(
        t.app,
        'POST',
        '/api/v1/tracking-credentials',
        { trackingCompanyId: simulator, label: `Demo trackers ${side}` },
        { token: pairs[side].transporter.accessToken },
      ),
      201,
      'saving a tracking account',
    ).body as { id: string };

  /** The newest notification of a user (the fan-out runs as a job, drained first). */
  const latestNotificationOf = async (userId: string) => {
    await t.ctx.jobs.drain();
    const [row] = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    if (!row) throw new Error(`No notification for user ${userId}`);
    return row;
  };

  /** The shared objects of one side, made once; refused cells act on these. */
  const buildSide = async (side: Side) => {
    const { customer, transporter } = pairs[side];
    const { order: openOrder, bid } = await freshBid(side);
    const { order: awardedOrderDetail, trip, truck, driver } = await freshTrip(side);
    const motorBoy = await insertMotorBoy(t, transporter.company.id);
    const invoice = await freshInvoiceWithCharge(side);
    const tripDocument = await freshTripDocument(side, trip.id);
    const tripIssue = await freshTripIssue(side, trip.id);
    const driverLink = await freshDriverLink(side, driver.id);
    const trackingCredential = await freshTrackingCredential(side);
    const customerDocument = await freshCompanyDocument(customer.accessToken, customer.company.id);
    const transporterDocument = await freshCompanyDocument(transporter.accessToken, transporter.company.id);
    must(
      await call(t.app, 'PUT', `/api/v1/bids/monitored/${openOrder.id}`, undefined, {
        token: transporter.accessToken,
      }),
      204,
      'watching an order',
    );
    must(
      await call(
        t.app,
        'POST',
        '/api/v1/preferred-partners',
        { transporterCompanyId: transporter.company.id },
        { token: customer.accessToken },
      ),
      201,
      'choosing a preferred partner',
    );
    const partnersOnlyOrder = await freshPartnersOnlyOrder(side);
    return {
      side,
      customer: sessionOf(customer),
      transporter: sessionOf(transporter),
      /** A fleet manager user of the side's transporter (as an object; only A's signs in as a caller). */
      fleetManager:
        side === 'A'
          ? sessions.fleetManagerA
          : {
              accessToken: fleetManagerB.accessToken,
              userId: fleetManagerB.user.id,
              companyId: w.otherTransporter.company.id,
              email: fleetManagerB.email,
            },
      customerCompanyId: customer.company.id,
      transporterCompanyId: transporter.company.id,
      /**
       * Open for bids, with a quote document and an active bid of the side's transporter, who watches it;
       * the side's customer has the side's transporter as its one preferred partner.
       */
      openOrder,
      /**
       * Open for bids to the customer's preferred partners only (the side's transporter), general cargo so
       * that `?cargoType=GENERAL_CARGO` lists it among few others.
       */
      partnersOnlyOrder,
      bid,
      /** Awarded whole to the side's transporter. */
      awardedOrder: awardedOrderDetail,
      trip,
      truck,
      driver,
      motorBoy,
      invoiceId: invoice.invoiceId,
      chargeId: invoice.chargeId,
      tripDocument,
      tripIssue,
      driverLink,
      trackingCredential,
      customerDocument,
      transporterDocument,
      customerNotification: await latestNotificationOf(customer.user.id),
      transporterNotification: await latestNotificationOf(transporter.user.id),
    };
  };

  const refs = await referenceIds(t);

  /** What `token` reads at `url`; fails on any non-200 (for snapshots through the API). */
  const read = async (url: string, token: string) =>
    must(await call(t.app, 'GET', url, undefined, { token }), 200, `reading ${url}`).body;

  /** Sends a setup call as `token`; fails on any answer but 2xx (for cells that prepare an object). */
  const send = async (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    body?: unknown,
  ) => {
    const res = await call(t.app, method, url, body, { token });
    if (res.status < 200 || res.status > 299) {
      throw new Error(`${method} ${url} failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return res.body;
  };

  const sides: Record<Side, Awaited<ReturnType<typeof buildSide>>> = {
    A: await buildSide('A'),
    B: await buildSide('B'),
  };

  return {
    t,
    trips: w as TripWorld,
    sessions,
    sides,
    tokenOf,
    refs,
    /** A valid create-order body (one Import LOC container), with top-level overrides. */
    orderBody: (overrides: Record<string, unknown> = {}) => orderBody(overrides, refs),
    read,
    send,
    stored: (table: TableName, where: Record<string, unknown>) => stored(t, table, where),
    freshSession,
    freshCompanyAccount,
    freshUnactivatedUser,
    freshCompanyInReview,
    freshOpenOrder,
    freshPartnersOnlyOrder,
    freshBid,
    freshAwarded,
    freshTrip,
    freshInvoiceWithCharge,
    freshTripDocument,
    freshTripIssue,
    freshDriverLink,
    freshCompanyDocument,
    freshTrackingCredential,
    invoiceOf,
    latestNotificationOf,
    files: { pdf: pdfFile, png: SAMPLE_FILES.png, jpeg: SAMPLE_FILES.jpeg },
    /**
     * A push service on loopback: `push.browser().subscription` is a valid PushSubscription JSON body to
     * subscribe with. Never subscribe a public address (fcm.googleapis.com ...): every later notification
     * would then wait on the internet.
     */
    push,
    /** Stops the push service; before the test app closes. */
    close: () => push.close(),
  };
}

export type AccessWorld = Awaited<ReturnType<typeof accessWorld>>;
export type AccessSide = AccessWorld['sides'][Side];
