import { describe, expect, it } from 'vitest';
import { BID_A, BID_B, orderDetail } from './order-fixtures';
import { containerItem } from '../../test/marketplace-fixtures';
import { splitAward } from './split-award';

const items = [
  containerItem(1, 'MSKU1234565', { id: 'item-1' }),
  containerItem(2, 'TGHU7654320', { id: 'item-2' }),
  containerItem(3, 'MSCU0000017', { id: 'item-3' }),
];
const bids = [BID_A, BID_B];

describe('splitAward', () => {
  it('gives each bid its chosen items at its own price, and totals them', () => {
    const split = splitAward(items, bids, { 'item-1': BID_A.id, 'item-2': BID_B.id, 'item-3': BID_A.id });
    expect(split.shares.map((share) => [share.bid.id, share.itemIds, share.totalKobo])).toEqual([
      [BID_A.id, ['item-1', 'item-3'], 2 * BID_A.amountKobo],
      [BID_B.id, ['item-2'], BID_B.amountKobo],
    ]);
    expect(split.totalKobo).toBe(2 * 45_000_000 + 42_500_000);
    expect(split.assigned).toBe(3);
    expect(split.unassignedItemIds).toEqual([]);
    expect(split.complete).toBe(true);
    expect(split.transporterCount).toBe(2);
    expect(split.request).toEqual({
      allocations: [
        { bidId: BID_A.id, itemIds: ['item-1', 'item-3'] },
        { bidId: BID_B.id, itemIds: ['item-2'] },
      ],
    });
  });

  it('says which items remain unassigned and is not complete until none do', () => {
    const split = splitAward(items, bids, { 'item-2': BID_B.id });
    expect(split.assigned).toBe(1);
    expect(split.unassignedItemIds).toEqual(['item-1', 'item-3']);
    expect(split.complete).toBe(false);
    expect(split.totalKobo).toBe(BID_B.amountKobo);
    expect(split.transporterCount).toBe(1);
  });

  it('starts empty: nothing assigned, nothing to pay, nothing to send', () => {
    const split = splitAward(items, bids, {});
    expect(split.shares).toEqual([]);
    expect(split.totalKobo).toBe(0);
    expect(split.unassignedItemIds).toEqual(['item-1', 'item-2', 'item-3']);
    expect(split.complete).toBe(false);
    expect(split.request).toEqual({ allocations: [] });
  });

  it('leaves an item unassigned when its bid is no longer among the active ones', () => {
    const split = splitAward(items, [BID_A], { 'item-1': BID_A.id, 'item-2': BID_B.id, 'item-3': BID_A.id });
    expect(split.unassignedItemIds).toEqual(['item-2']);
    expect(split.complete).toBe(false);
    expect(split.request.allocations).toEqual([{ bidId: BID_A.id, itemIds: ['item-1', 'item-3'] }]);
  });

  it('ignores choices for items that are not in the order', () => {
    const split = splitAward(items.slice(0, 1), bids, { 'item-1': BID_A.id, 'item-9': BID_B.id });
    expect(split.shares.map((share) => share.bid.id)).toEqual([BID_A.id]);
    expect(split.complete).toBe(true);
  });

  it('marks a bid given more items than the trucks it offered', () => {
    // BID_B offers one truck.
    const split = splitAward(items, bids, { 'item-1': BID_B.id, 'item-2': BID_B.id, 'item-3': BID_A.id });
    expect(split.shares.map((share) => [share.bid.id, share.beyondOffer])).toEqual([
      [BID_A.id, false],
      [BID_B.id, true],
    ]);
  });

  it('is never complete for an order without items', () => {
    expect(splitAward([], bids, {}).complete).toBe(false);
  });

  it('works on the items of an order as the API sends it', () => {
    const order = orderDetail();
    const choice = Object.fromEntries(order.items.map((item) => [item.id, BID_B.id]));
    const split = splitAward(order.items, order.bids, choice);
    expect(split.complete).toBe(true);
    expect(split.totalKobo).toBe(order.items.length * BID_B.amountKobo);
  });
});
