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
