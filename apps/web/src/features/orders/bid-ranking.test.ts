import type { ReceivedBid, ScoreSummary } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { bidMarks, sortBids } from './bid-ranking';
import { BID_A, NEW_SCORE } from './order-fixtures';

function bid(id: string, amountKobo: number, score: number | null, status: ReceivedBid['status'] = 'ACTIVE') {
  const transporterScore: ScoreSummary =
    score === null ? NEW_SCORE : { score, trips: 10, rating: { average: 4, count: 3 }, headlinePercent: 80 };
  return { ...BID_A, id, transporterName: id, amountKobo, status, transporterScore };
}

// Best value weighs a price by how far its score falls short of 100 (a new transporter counts as 70):
// cheap ₦400,000 at 50 → ₦500,000; solid ₦420,000 at 90 → ₦441,000; fresh ₦410,000 new → ₦471,500.
const cheap = bid('cheap', 40_000_000, 50);
const solid = bid('solid', 42_000_000, 90);
const fresh = bid('fresh', 41_000_000, null);
const gone = bid('gone', 10_000_000, 99, 'WITHDRAWN');
const all = [solid, gone, fresh, cheap];
const ids = (bids: ReceivedBid[]) => bids.map((b) => b.id);

describe('sorting the bids', () => {
  it('by price: the cheapest first, the withdrawn last', () => {
    expect(ids(sortBids(all, 'price'))).toEqual(['cheap', 'fresh', 'solid', 'gone']);
  });

  it('by score: the highest first, a new transporter after every scored one', () => {
    expect(ids(sortBids(all, 'score'))).toEqual(['solid', 'cheap', 'fresh', 'gone']);
  });

  it('by best value: the lowest price weighed by score first', () => {
    expect(ids(sortBids(all, 'value'))).toEqual(['solid', 'fresh', 'cheap', 'gone']);
  });
});

describe('marking the bids', () => {
  it('marks the cheapest active bid and the most reliable active transporter', () => {
    expect(bidMarks(all)).toEqual({ cheapest: 'cheap', mostReliable: 'solid' });
  });

  it('marks nobody most reliable while no active bidder has a score', () => {
    expect(bidMarks([fresh, bid('other', 45_000_000, null), gone])).toEqual({
      cheapest: 'fresh',
      mostReliable: null,
    });
  });
});
