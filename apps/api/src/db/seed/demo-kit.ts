import { asc, eq } from 'drizzle-orm';
import {
  containerCheckDigit,
  lagosDateInDays,
  type Address,
  type CargoType,
  type ContainerSize,
  type CreateOrderRequest,
  type LocationInput,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Principal } from '../../plugins/auth';
import { placeBid } from '../../modules/bid/bid.service';
import { awardOrder } from '../../modules/order/award.service';
import { placeOrder } from '../../modules/order/order.service';
import type { Tx } from '../client';
import { companies, orderItems, shippingLines, terminals, users } from '../schema';

export const SEED_IP = 'demo-seed';
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

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
  street: 'Plot 4, Agbara Industrial Estate',
  neighborhood: 'Agbara',
  lga: 'Ado-Odo/Ota',
  city: 'Agbara',
  state: 'Ogun',
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
 * Orders, bids and awards for one demo customer, through the same services the API uses. `serialStart`
 * keeps container numbers of different seed versions apart.
 */
export async function marketKit(seedCtx: AppContext, tx: Tx, customer: Principal, serialStart: number) {
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

  const order = (
    cargoType: CargoType,
    fields: Partial<CreateOrderRequest> & Pick<CreateOrderRequest, 'pickup' | 'recipient'>,
  ) =>
    placeOrder(
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
          biddingClosesAt: new Date(Date.now() + 2 * DAY).toISOString(),
          targetAmountKobo: null,
        },
        preferredPartnersOnly: false,
        quoteDocumentId: null,
        ...fields,
      },
      SEED_IP,
    );
  const bid = (by: Principal, orderId: string, naira: number, trucksAvailable: number, note = '') =>
    placeBid(seedCtx, by, { orderId, amountKobo: naira * 100, trucksAvailable, note }, SEED_IP);
  const itemIdsOf = async (orderId: string) => {
    const rows = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position));
    return rows.map((r) => r.id);
  };
  const awardWhole = async (orderId: string, bidId: string) =>
    awardOrder(
      seedCtx,
      customer,
      orderId,
      { allocations: [{ bidId, itemIds: await itemIdsOf(orderId) }] },
      SEED_IP,
    );
  return { terminal, address, containers, order, bid, itemIdsOf, awardWhole };
}
