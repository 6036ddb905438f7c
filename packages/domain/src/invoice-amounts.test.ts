import { describe, expect, it } from 'vitest';
import {
  VAT_BASIS_POINTS,
  invoiceAmounts,
  payoutAmounts,
  percentText,
  shareOf,
  vatOf,
} from './invoice-amounts';
import { MAX_AMOUNT_KOBO } from './money';

describe('vatOf', () => {
  it('is 7.5 % by default', () => {
    expect(VAT_BASIS_POINTS).toBe(750);
    expect(vatOf(40_000_000)).toBe(3_000_000);
    expect(vatOf(0)).toBe(0);
  });

  it.each([
    // 7.5 % of 1 kobo is 0.075: rounds down to nothing.
    [1, 0],
    // 0.45 rounds down, 0.525 up.
    [6, 0],
    [7, 1],
    // Exactly half a kobo (20 × 0.075 = 1.5) goes up.
    [20, 2],
    [60, 5],
    // 13.5 → 14 and 14.25 → 14.
    [180, 14],
    [190, 14],
    [42_500_001, 3_187_500],
    [41_500_000, 3_112_500],
  ])('rounds half up to the kobo: 7.5 %% of %i kobo is %i', (amount, vat) => {
    expect(vatOf(amount)).toBe(vat);
  });

  it('stays exact at the largest amounts, past what a float multiplication keeps', () => {
    expect(vatOf(MAX_AMOUNT_KOBO)).toBe(750_000_000_000);
    // 7.5 % of 9 999 999 999 999 is 749 999 999 999.925: up to the next kobo.
    expect(vatOf(MAX_AMOUNT_KOBO - 1)).toBe(750_000_000_000);
    // 7.5 % of 9 999 999 999 993 is 749 999 999 999.475: down.
    expect(vatOf(MAX_AMOUNT_KOBO - 7)).toBe(749_999_999_999);
    expect(vatOf(Number.MAX_SAFE_INTEGER)).toBe(675_539_944_105_574);
  });

  it('takes another rate when given one', () => {
    expect(vatOf(10_000, 500)).toBe(500);
    expect(vatOf(333, 1)).toBe(0);
    expect(vatOf(5_000, 1)).toBe(1);
  });
});

describe('shareOf', () => {
  it('refuses amounts and rates that are not whole, or negative', () => {
    expect(() => shareOf(-1, 750)).toThrow(RangeError);
    expect(() => shareOf(1.5, 750)).toThrow(RangeError);
    expect(() => shareOf(Number.MAX_SAFE_INTEGER + 1, 750)).toThrow(RangeError);
    expect(() => shareOf(100, 7.5)).toThrow(RangeError);
    expect(() => shareOf(100, -750)).toThrow(RangeError);
  });

  it('is the whole at 10 000 basis points and nothing at 0', () => {
    expect(shareOf(123_457, 10_000)).toBe(123_457);
    expect(shareOf(123_457, 0)).toBe(0);
  });
});

describe('invoiceAmounts', () => {
  it('is the haulage with VAT on top when nothing else was accepted', () => {
    expect(invoiceAmounts(40_000_000)).toEqual({
      haulageKobo: 40_000_000,
      chargesKobo: 0,
      subtotalKobo: 40_000_000,
      vatBasisPoints: 750,
      vatKobo: 3_000_000,
      totalKobo: 43_000_000,
    });
  });

  it('takes VAT once on the haulage and charges together, not per line', () => {
    // Per line: 7.5 % of 7 is 0.525 → 1, three times 3; on the sum of 21 kobo, 1.575 → 2.
    const amounts = invoiceAmounts(7, [7, 7]);
    expect(amounts).toMatchObject({ chargesKobo: 14, subtotalKobo: 21, vatKobo: 2, totalKobo: 23 });
  });

  it('adds up every accepted charge', () => {
    const amounts = invoiceAmounts(40_000_000, [1_234_567, 7_654_321]);
    expect(amounts).toMatchObject({
      chargesKobo: 8_888_888,
      subtotalKobo: 48_888_888,
      vatKobo: 3_666_667,
      totalKobo: 52_555_555,
    });
    expect(amounts.totalKobo).toBe(amounts.subtotalKobo + amounts.vatKobo);
  });

  it('keeps the rate it was raised with', () => {
    expect(invoiceAmounts(10_000, [], 500)).toMatchObject({
      vatBasisPoints: 500,
      vatKobo: 500,
      totalKobo: 10_500,
    });
  });

  it('stays in whole kobo at the largest haulage', () => {
    const amounts = invoiceAmounts(MAX_AMOUNT_KOBO, [MAX_AMOUNT_KOBO]);
    expect(amounts.totalKobo).toBe(21_500_000_000_000);
    expect(Number.isSafeInteger(amounts.totalKobo)).toBe(true);
  });
});

describe('payoutAmounts', () => {
  it('takes the commission on haulage and charges, never on the VAT', () => {
    const invoice = invoiceAmounts(40_000_000, [1_500_000]);
    const payout = payoutAmounts(invoice.totalKobo, invoice.subtotalKobo, 500);
    expect(payout).toEqual({
      paidKobo: 44_612_500,
      commissionBasisPoints: 500,
      // 5 % of 41 500 000, not of the 44 612 500 paid.
      commissionKobo: 2_075_000,
      netKobo: 42_537_500,
    });
  });

  it('rounds the commission half up and leaves the rest to the transporter', () => {
    // 2.5 % of 1 020 kobo is 25.5 → 26.
    expect(payoutAmounts(1_097, 1_020, 250)).toMatchObject({ commissionKobo: 26, netKobo: 1_071 });
    // 2.5 % of 1 019 is 25.475 → 25.
    expect(payoutAmounts(1_095, 1_019, 250)).toMatchObject({ commissionKobo: 25, netKobo: 1_070 });
  });

  it('takes nothing at a zero rate', () => {
    expect(payoutAmounts(43_000_000, 40_000_000, 0)).toMatchObject({
      commissionKobo: 0,
      netKobo: 43_000_000,
    });
  });
});

describe('percentText', () => {
  it.each([
    [750, '7.5%'],
    [500, '5%'],
    [0, '0%'],
    [1, '0.01%'],
    [10, '0.1%'],
    [1_250, '12.5%'],
    [1_275, '12.75%'],
    [10_000, '100%'],
  ])('reads %i basis points as %s', (basisPoints, text) => {
    expect(percentText(basisPoints)).toBe(text);
  });
});
