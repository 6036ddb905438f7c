import { and, eq, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { bids, companies, orders, preferredPartners } from '../db/schema';

/** The order fields the visibility rule reads. */
export interface VisibleOrder {
  id: string;
  status: string;
  customerCompanyId: string;
  preferredPartnersOnly: boolean;
}

/**
 * Who among transporters may see an order: any transporter while it is OPEN, except that a
 * preferred-partners-only order is shown only to the customer's preferred partners; and, whatever
 * its status, a transporter that has bid on it, so its bid history keeps the orders it bid on.
 */
export async function canTransporterSeeOrder(
  db: Executor,
  transporterCompanyId: string,
  order: VisibleOrder,
): Promise<boolean> {
  const [bid] = await db
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.orderId, order.id), eq(bids.transporterCompanyId, transporterCompanyId)))
    .limit(1);
  if (bid) return true;
  if (order.status !== 'OPEN') return false;
  if (!order.preferredPartnersOnly) return true;
  return isPreferredPartner(db, order.customerCompanyId, transporterCompanyId);
}

/** Whether the transporter is one of the customer's preferred partners. */
export async function isPreferredPartner(
  db: Executor,
  customerCompanyId: string,
  transporterCompanyId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: preferredPartners.transporterCompanyId })
    .from(preferredPartners)
    .where(
      and(
        eq(preferredPartners.customerCompanyId, customerCompanyId),
        eq(preferredPartners.transporterCompanyId, transporterCompanyId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** SQL twin of canTransporterSeeOrder, for a where clause over `orders` (not aliased). */
export function transporterCanSeeOrderSql(transporterCompanyId: string | Placeholder): SQL {
  const isPreferred = sql`EXISTS (
    SELECT 1 FROM ${preferredPartners}
    WHERE ${preferredPartners.customerCompanyId} = ${orders.customerCompanyId}
      AND ${preferredPartners.transporterCompanyId} = ${transporterCompanyId}
  )`;
  const hasBid = sql`EXISTS (
    SELECT 1 FROM ${bids}
    WHERE ${bids.orderId} = ${orders.id} AND ${bids.transporterCompanyId} = ${transporterCompanyId}
  )`;
  return or(
    hasBid,
    and(eq(orders.status, 'OPEN'), or(eq(orders.preferredPartnersOnly, false), isPreferred)),
  )!;
}

/**
 * The transporter companies that may bid on a new order: verified and not suspended, and for a
 * preferred-partners-only order only the customer's preferred partners.
 */
export async function listTransportersWhoMayBid(
  db: Executor,
  order: Pick<VisibleOrder, 'customerCompanyId' | 'preferredPartnersOnly'>,
): Promise<string[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.type, 'TRANSPORTER'),
        eq(companies.verificationStatus, 'VERIFIED'),
        isNull(companies.suspendedAt),
        order.preferredPartnersOnly
          ? sql`EXISTS (
              SELECT 1 FROM ${preferredPartners}
              WHERE ${preferredPartners.customerCompanyId} = ${order.customerCompanyId}
                AND ${preferredPartners.transporterCompanyId} = ${companies.id})`
          : undefined,
      ),
    );
  return rows.map((r) => r.id);
}
