import { valueWeightedPrice, type ReceivedBid } from '@freightlane/domain';

/** How the customer sorts the bids: cheapest first, best score first, or best value (price for score). */
export const BID_SORTS = ['price', 'score', 'value'] as const;
export type BidSort = (typeof BID_SORTS)[number];

const live = (bid: ReceivedBid) => bid.status === 'ACTIVE' || bid.status === 'WON';
const scoreOf = (bid: ReceivedBid) => bid.transporterScore.score;

/** Highest score first; a transporter still new (no score) after every scored one. */
function byScore(a: ReceivedBid, b: ReceivedBid): number {
  const sa = scoreOf(a);
  const sb = scoreOf(b);
  if (sa === sb) return 0;
  if (sa === null) return 1;
  if (sb === null) return -1;
  return sb - sa;
}

const byValue = (a: ReceivedBid, b: ReceivedBid) =>
  valueWeightedPrice(a.amountKobo, scoreOf(a)) - valueWeightedPrice(b.amountKobo, scoreOf(b));

/**
 * The bids in the chosen order: the live ones (active, won) always before the rest, then by the key, then
 * the cheaper first where the key ties.
 */
export function sortBids(bids: readonly ReceivedBid[], sort: BidSort): ReceivedBid[] {
  const byKey = sort === 'score' ? byScore : sort === 'value' ? byValue : () => 0;
  return [...bids].sort(
    (a, b) => Number(live(b)) - Number(live(a)) || byKey(a, b) || a.amountKobo - b.amountKobo,
  );
}

export interface BidMarks {
  /** The lowest-priced active bid. */
  cheapest: string | null;
  /** The active bid of the highest-scored transporter; null while no active bidder has a score. */
  mostReliable: string | null;
}

/** Which active bids carry the marks; on a tie, the cheaper bid (then the earlier one) carries it. */
export function bidMarks(bids: readonly ReceivedBid[]): BidMarks {
  const active = sortBids(
    bids.filter((bid) => bid.status === 'ACTIVE'),
    'price',
  );
  const scored = active.filter((bid) => scoreOf(bid) !== null);
  return {
    cheapest: active[0]?.id ?? null,
    mostReliable: scored.length > 0 ? [...scored].sort(byScore)[0]!.id : null,
  };
}
