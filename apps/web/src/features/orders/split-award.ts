import type { AwardOrderRequest, OrderItem, ReceivedBid } from '@freightlane/domain';

/** What one bid gets in a split: its items and what they cost at its price. */
export interface SplitAwardShare {
  bid: ReceivedBid;
  itemIds: string[];
  totalKobo: number;
  /** More items than the trucks the transporter offered: allowed, but worth a second look. */
  beyondOffer: boolean;
}

export interface SplitAward {
  /** One entry per bid given at least one item, in the order the bids came. */
  shares: SplitAwardShare[];
  /** How many items have a bid. */
  assigned: number;
  /** The items still without a bid, in the order's own order. */
  unassignedItemIds: string[];
  totalKobo: number;
  /** Every item has a bid, so the split can be awarded. */
  complete: boolean;
  /** How many different transporters the split pays. */
  transporterCount: number;
  request: AwardOrderRequest;
}

/**
 * The arithmetic of awarding an order's items across several bids: each item goes to the bid chosen for
 * it (`choice`: item id to bid id), each transporter is paid its own price per item. A choice of a bid
 * that is not among `bids` (withdrawn meanwhile) leaves its item unassigned; choices of items not in
 * the order count for nothing.
 */
export function splitAward(
  items: readonly OrderItem[],
  bids: readonly ReceivedBid[],
  choice: Readonly<Record<string, string>>,
): SplitAward {
  const shares = bids
    .map((bid) => {
      const itemIds = items.filter((item) => choice[item.id] === bid.id).map((item) => item.id);
      return {
        bid,
        itemIds,
        totalKobo: bid.amountKobo * itemIds.length,
        beyondOffer: itemIds.length > bid.trucksAvailable,
      };
    })
    .filter((share) => share.itemIds.length > 0);
  const awarded = new Set(shares.flatMap((share) => share.itemIds));
  const unassignedItemIds = items.filter((item) => !awarded.has(item.id)).map((item) => item.id);
  return {
    shares,
    assigned: awarded.size,
    unassignedItemIds,
    totalKobo: shares.reduce((sum, share) => sum + share.totalKobo, 0),
    complete: items.length > 0 && unassignedItemIds.length === 0,
    transporterCount: new Set(shares.map((share) => share.bid.transporterCompanyId)).size,
    request: { allocations: shares.map((share) => ({ bidId: share.bid.id, itemIds: share.itemIds })) },
  };
}
