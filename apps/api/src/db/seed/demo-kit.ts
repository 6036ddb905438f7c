import { asc, eq } from 'drizzle-orm';
import {
  containerCheckDigit,
  lagosDateInDays,
  type Address,
  type AwardOrderRequest,
  type CargoType,
  type ContainerSize,
  type CreateOrderRequest,
  type LocationInput,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Principal } from '../../plugins/auth';
import { MAIL_JOB } from '../../plugins/mail';
import type { JobQueue } from '../../plugins/jobs';
import { placeBid } from '../../modules/bid/bid.service';
import { INVOICE_REMINDER_JOB } from '../../modules/invoice/invoice-reminder.job';
import { NOTIFICATION_FANOUT_JOB } from '../../modules/notification/notification-fanout.job';
import { awardOrder } from '../../modules/order/award.service';
import { ORDER_OPENED_JOB } from '../../modules/order/order-announcement.job';
import { placeOrder } from '../../modules/order/order.service';
import type { Tx } from '../client';
import { companies, orderItems, shippingLines, terminals, users } from '../schema';
import { awardedAt, bidPlacedAt, biddingClosedAt, placedAt, type StoryClock } from './demo-story';

export const SEED_IP = 'demo-seed';
export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * Jobs the seed does not leave to the worker. The demo's past is told by demo-history at the time each
 * event happened, not by fan-outs that would run when the server starts; invoice reminders are queued
 * again once the award has its place in the story; and the demo's people signed up, were invited and
 * accepted long ago, so nobody is e-mailed.
 */
const TOLD_BY_THE_SEED = new Set([NOTIFICATION_FANOUT_JOB, ORDER_OPENED_JOB, INVOICE_REMINDER_JOB, MAIL_JOB]);

/** The context the seed calls the API's services with: its transaction, and the job queue above. */
export function demoContext(ctx: AppContext, tx: Tx): AppContext {
  const jobs = Object.create(ctx.jobs, {
    enqueue: {
      value: (...args: Parameters<JobQueue['enqueue']>) =>
        TOLD_BY_THE_SEED.has(args[1]) ? Promise.resolve() : ctx.jobs.enqueue(...args),
    },
  }) as JobQueue;
  return { ...ctx, db: tx as unknown as AppContext['db'], jobs };
}

/** A container number with a correct ISO 6346 check digit. */
export function containerNumber(owner: string, serial: number): string {
  const firstTen = `${owner}${String(serial).padStart(6, '0')}`;
  return `${firstTen}${containerCheckDigit(firstTen)}`;
}

/** The Lagos date `daysFromNow` days from today. */
export function lagosDate(daysFromNow: number): string {
  return lagosDateInDays(daysFromNow);
}

export const IKEJA_WAREHOUSE: Address = {
  street: '12 Oba Akran Avenue',
  neighborhood: 'Ikeja Industrial Estate',
  lga: 'Ikeja',
  city: 'Ikeja',
  state: 'Lagos',
};
export const AGBARA_FACTORY: Address = {
  street: 'Plot 4, Block B',
  neighborhood: 'Agbara Industrial Estate',
  lga: 'Ado-Odo/Ota',
  city: 'Agbara',
  state: 'Ogun',
};
/** Garden City works around Port Harcourt: a consignee's warehouse and an exporter's in Trans-Amadi. */
export const TRANS_AMADI_WAREHOUSE: Address = {
  street: 'Plot 12, Trans-Amadi Industrial Layout',
  neighborhood: '',
  lga: 'Obio/Akpor',
  city: 'Port Harcourt',
  state: 'Rivers',
};
export const TRANS_AMADI_EXPORT_SHED: Address = {
  street: 'Plot 9, Trans-Amadi Industrial Layout',
  neighborhood: '',
  lga: 'Obio/Akpor',
  city: 'Port Harcourt',
  state: 'Rivers',
};
export const KANO_DEPOT: Address = {
  street: '21 Bompai Road',
  neighborhood: 'Bompai',
  lga: 'Nasarawa',
  city: 'Kano',
  state: 'Kano',
};
export const ABA_MARKET: Address = {
  street: '7 Faulks Road',
  neighborhood: 'Ariaria',
  lga: 'Aba North',
  city: 'Aba',
  state: 'Abia',
};

/** The caller a demo user would be once signed in, for calling services directly. */
export async function principalOf(tx: Tx, email: string): Promise<Principal> {
  const [row] = await tx
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`Demo user ${email} is missing`);
  const role =
    row.user.userType === 'CUSTOMER'
      ? 'role_customer'
      : row.user.userType === 'ADMIN'
        ? 'role_admin'
        : row.user.userType === 'FLEET_MANAGER'
          ? 'role_fleet_manager'
          : 'role_transporter';
  return {
    userId: row.user.id,
    sessionId: 'demo-seed',
    companyId: row.company.id,
    companyType: row.company.type,
    verificationStatus: row.company.verificationStatus,
    role,
    userType: row.user.userType,
    firstName: row.user.firstName,
  };
}

/**
 * Orders, bids and awards for one demo customer, through the same services the API uses, each then put at
 * its moment in the story. `serialStart` keeps container numbers of different seed versions apart.
 */
export async function marketKit(
  ctx: AppContext,
  tx: Tx,
  customer: Principal,
  serialStart: number,
  clock: StoryClock,
) {
  const seedCtx = demoContext(ctx, tx);
  const terminalRows = await tx.select().from(terminals);
  const terminal = (code: string): LocationInput => {
    const found = terminalRows.find((t) => t.code === code);
    if (!found) throw new Error(`Terminal ${code} is not seeded`);
    return { kind: 'TERMINAL', terminalId: found.id };
  };
  const address = (a: Address): LocationInput => ({ kind: 'ADDRESS', address: a });
  const linerRows = await tx.select().from(shippingLines);
  const liner = (code: string) => linerRows.find((l) => l.code === code)!.id;

  let serial = serialStart;
  const containers = (count: number, owner: string, linerCode: string, size: ContainerSize = 'FTS_40') =>
    Array.from({ length: count }, () => ({
      containerNumber: containerNumber(owner, (serial += 37)),
      containerSize: size,
      linerId: liner(linerCode),
      deliveryOrderValidityDate: lagosDate(14),
    }));

  /** An order placed at `at`; its bidding closes when the fields say (two days on unless given). */
  const order = async (
    cargoType: CargoType,
    fields: Partial<CreateOrderRequest> & Pick<CreateOrderRequest, 'pickup' | 'recipient'>,
    at: Date,
  ) => {
    const placed = await placeOrder(
      seedCtx,
      customer,
      {
        cargoType,
        clientName: 'Okafor Imports Ltd',
        reference: '',
        containers: [],
        generalCargos: [],
        bidDetails: {
          pickupDate: lagosDate(4),
          biddingClosesAt: new Date(clock.now + 2 * DAY).toISOString(),
          targetAmountKobo: null,
        },
        preferredPartnersOnly: false,
        returnLoadsWelcome: false,
        quoteDocumentId: null,
        ...fields,
      },
      SEED_IP,
    );
    await placedAt(tx, placed.id, at);
    return placed;
  };
  const bid = async (
    by: Principal,
    orderId: string,
    naira: number,
    trucksAvailable: number,
    at: Date,
    note = '',
  ) => {
    const placed = await placeBid(
      seedCtx,
      by,
      { orderId, amountKobo: naira * 100, trucksAvailable, note },
      SEED_IP,
    );
    await bidPlacedAt(tx, placed.id, at);
    return placed;
  };
  const itemIdsOf = async (orderId: string) => {
    const rows = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position));
    return rows.map((r) => r.id);
  };
  /**
   * Bidding closes at `closed`, and the customer awards at `awarded`: the trips and their invoices are
   * raised then, and the invoices fall due the platform's payment terms later.
   */
  const award = async (
    orderId: string,
    allocations: AwardOrderRequest['allocations'],
    { closed, awarded }: { closed: Date; awarded: Date },
  ) => {
    await awardOrder(seedCtx, customer, orderId, { allocations }, SEED_IP);
    await biddingClosedAt(tx, orderId, closed);
    await awardedAt(ctx, tx, orderId, awarded);
  };
  const awardWhole = async (orderId: string, bidId: string, times: { closed: Date; awarded: Date }) =>
    award(orderId, [{ bidId, itemIds: await itemIdsOf(orderId) }], times);
  return { terminal, address, containers, order, bid, itemIdsOf, award, awardWhole };
}
