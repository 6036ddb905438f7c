import { describe, expect, it } from 'vitest';
import { formatMoney, koboToNairaInput, MAX_AMOUNT_KOBO, nairaToKobo, NAIRA_SYMBOL } from './money';

describe('formatMoney (kobo → Naira text)', () => {
  it('uses the Naira sign by default', () => {
    expect(NAIRA_SYMBOL).toBe('₦');
    expect(formatMoney(0)).toBe('₦0.00');
  });

  it('always shows two decimals', () => {
    expect(formatMoney(1)).toBe('₦0.01');
    expect(formatMoney(10)).toBe('₦0.10');
    expect(formatMoney(100)).toBe('₦1.00');
    expect(formatMoney(250_050)).toBe('₦2,500.50');
  });

  it('groups thousands with commas', () => {
    expect(formatMoney(99_999)).toBe('₦999.99');
    expect(formatMoney(100_000)).toBe('₦1,000.00');
    expect(formatMoney(123_456_789)).toBe('₦1,234,567.89');
    expect(formatMoney(100_000_000_000)).toBe('₦1,000,000,000.00');
  });

  it('takes bigint kobo', () => {
    expect(formatMoney(123_456_789n)).toBe('₦1,234,567.89');
    expect(formatMoney(0n)).toBe('₦0.00');
    expect(formatMoney(-5n)).toBe('-₦0.05');
  });

  it('keeps every kobo of a bigint beyond the safe range of a JS number', () => {
    expect(formatMoney(10_000_000_000_000_029n)).toBe('₦100,000,000,000,000.29');
    expect(formatMoney(900_719_925_474_099_301n)).toBe('₦9,007,199,254,740,993.01');
  });

  it("shows 'N/A' when the value is missing", () => {
    expect(formatMoney(null)).toBe('N/A');
    expect(formatMoney(undefined)).toBe('N/A');
    expect(formatMoney(null, '$')).toBe('N/A');
  });

  it('puts the minus sign before the currency sign', () => {
    expect(formatMoney(-150)).toBe('-₦1.50');
    expect(formatMoney(-123_456_789)).toBe('-₦1,234,567.89');
  });

  it('rounds a fractional kobo amount to the nearest kobo', () => {
    expect(formatMoney(12.4)).toBe('₦0.12');
    expect(formatMoney(12.5)).toBe('₦0.13');
    expect(formatMoney(-0.4)).toBe('₦0.00');
  });

  it('uses a custom currency symbol when given', () => {
    expect(formatMoney(123_456_789, '$')).toBe('$1,234,567.89');
    expect(formatMoney(5_000, 'NGN ')).toBe('NGN 50.00');
    expect(formatMoney(-150, '€')).toBe('-€1.50');
  });
});

describe('formatMoney with numbers that are not amounts', () => {
  it('shows N/A for NaN and infinities', () => {
    expect(formatMoney(Number.NaN)).toBe('N/A');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('N/A');
  });
});

describe('nairaToKobo (what a person types → integer kobo)', () => {
  it.each([
    ['450000', 45_000_000],
    ['450,000', 45_000_000],
    ['₦ 1,250,000.50', 125_000_050],
    ['NGN80000', 8_000_000],
    ['0.5', 50],
    ['19.99', 1999],
  ])('reads %j', (input, kobo) => {
    expect(nairaToKobo(input)).toBe(kobo);
  });

  it('never goes through a float: 0.29 naira is 29 kobo, not 28', () => {
    expect(nairaToKobo('0.29')).toBe(29);
    expect(nairaToKobo('1234567.89')).toBe(123_456_789);
  });

  it.each(['', 'abc', '-5', '1.234', '1e5', '12..5'])('refuses %j', (input) => {
    expect(nairaToKobo(input)).toBeNull();
  });

  it('refuses amounts above the ceiling', () => {
    expect(nairaToKobo(String(MAX_AMOUNT_KOBO / 100))).toBe(MAX_AMOUNT_KOBO);
    expect(nairaToKobo(String(MAX_AMOUNT_KOBO / 100 + 1))).toBeNull();
  });

  it('round-trips through the input format', () => {
    expect(koboToNairaInput(125_000_050)).toBe('1250000.50');
    expect(nairaToKobo(koboToNairaInput(125_000_050))).toBe(125_000_050);
    expect(koboToNairaInput(null)).toBe('');
  });
});
