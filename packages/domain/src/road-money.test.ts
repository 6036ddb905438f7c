import { describe, expect, it } from 'vitest';
import {
  dieselAmountKobo,
  dieselFlagged,
  litresPer100Km,
  medianOf,
  signedSettlementKobo,
  tripBalanceKobo,
} from './road-money';

describe('money on the road', () => {
  it('prices diesel as litres times the price a litre, to the kobo', () => {
    expect(dieselAmountKobo(150.5, 125_000)).toBe(18_812_500);
    expect(dieselAmountKobo(0.01, 125_050)).toBe(1_251);
    // Floating point never leaks a kobo: 0.1 + 0.2 litres style inputs are read as hundredths.
    expect(dieselAmountKobo(33.33, 100_000)).toBe(3_333_000);
  });

  it('says what the company owes the driver, and settlement payments signed by direction', () => {
    expect(tripBalanceKobo({ advancesKobo: 10_000_000, approvedKobo: 2_200_000 })).toBe(-7_800_000);
    expect(tripBalanceKobo({ advancesKobo: 0, approvedKobo: 500 })).toBe(500);
    expect(signedSettlementKobo('TO_DRIVER', 500)).toBe(500);
    expect(signedSettlementKobo('FROM_DRIVER', 500)).toBe(-500);
  });

  it('judges a trip’s diesel against its truck’s median of earlier trips', () => {
    expect(litresPer100Km(120, 400)).toBe(30);
    expect(litresPer100Km(120, 40)).toBeNull();
    expect(litresPer100Km(0, 400)).toBeNull();
    expect(litresPer100Km(120, null)).toBeNull();
    expect(medianOf([30, 10, 20])).toBe(20);
    expect(medianOf([10, 20, 30, 40])).toBe(25);
    expect(medianOf([])).toBeNull();
    // 25 % above a median of 30 is 37.5: above it is flagged, at it is not.
    expect(dieselFlagged(37.6, [30, 29, 31])).toBe(true);
    expect(dieselFlagged(37.5, [30, 29, 31])).toBe(false);
    // Too few earlier trips to know the truck yet.
    expect(dieselFlagged(90, [30, 31])).toBe(false);
    expect(dieselFlagged(null, [30, 29, 31])).toBe(false);
  });
});
