import type { MyBid } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { awardedItemCounts, type BidRow } from './bid.repository';

/** A bid as the transporter who placed it sees it. */
export function toMyBid(bid: BidRow, awardedItemCount: number): MyBid {
  return {
    id: bid.id,
    orderId: bid.orderId,
    amountKobo: bid.amountKobo,
    trucksAvailable: bid.trucksAvailable,
    note: bid.note,
    status: bid.status,
    awardedItemCount,
    createdAt: bid.createdAt.toISOString(),
    updatedAt: bid.updatedAt.toISOString(),
  };
}

/** Several bids at once, with what each won counted in one query. */
export async function toMyBids(db: Executor, rows: BidRow[]): Promise<MyBid[]> {
  const awarded = await awardedItemCounts(
    db,
    rows.filter((b) => b.status === 'WON').map((b) => b.id),
  );
  return rows.map((b) => toMyBid(b, awarded.get(b.id) ?? 0));
}
