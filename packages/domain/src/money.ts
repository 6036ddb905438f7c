/** The default currency symbol of the spec: Naira. */
export const NAIRA_SYMBOL = '₦';
export const DEFAULT_CURRENCY = 'NGN';

// Whole Naira are formatted as a bigint and the kobo appended, so no amount passes through a
// float and loses precision.
const nairaFormat = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0, useGrouping: true });

/**
 * Money is held as integer kobo. Shown with the spec's rule: the Naira sign, two decimals,
 * thousands separators, and 'N/A' when the value is missing.
 */
export function formatMoney(
  amountKobo: number | bigint | null | undefined,
  symbol: string = NAIRA_SYMBOL,
): string {
  if (amountKobo === null || amountKobo === undefined) return 'N/A';
  if (typeof amountKobo === 'number' && !Number.isFinite(amountKobo)) return 'N/A';
  const kobo = typeof amountKobo === 'bigint' ? amountKobo : BigInt(Math.round(amountKobo));
  const negative = kobo < 0n;
  const abs = negative ? -kobo : kobo;
  const naira = nairaFormat.format(abs / 100n);
  const koboPart = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${symbol}${naira}.${koboPart}`;
}

/** Most a single amount may be, in kobo: ₦100 billion, far above any haulage price. */
export const MAX_AMOUNT_KOBO = 10_000_000_000_000;

/**
 * Reads a naira amount typed by a person ("1,250,000.50", "₦ 80000") into integer kobo without
 * passing through a float. Null when it is not a non-negative amount with at most two decimals.
 */
export function nairaToKobo(input: string): number | null {
  const cleaned = input.replace(/[₦,\s]/g, '').replace(/^NGN/i, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const kobo = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  if (kobo > BigInt(MAX_AMOUNT_KOBO)) return null;
  return Number(kobo);
}

/** Kobo as a plain naira figure for an input field: 125000050 → "1250000.50". */
export function koboToNairaInput(amountKobo: number | null | undefined): string {
  if (amountKobo === null || amountKobo === undefined) return '';
  const kobo = BigInt(Math.round(amountKobo));
  return `${kobo / 100n}.${(kobo % 100n).toString().padStart(2, '0')}`;
}
