/** The default currency symbol of the spec: Naira. */
export const NAIRA_SYMBOL = '₦';
export const DEFAULT_CURRENCY = 'NGN';

const groupFormat = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/**
 * Money is held as integer kobo. Shown with the spec's rule: the Naira sign, two decimals,
 * thousands separators, and 'N/A' when the value is missing.
 */
export function formatMoney(
  amountKobo: number | bigint | null | undefined,
  symbol: string = NAIRA_SYMBOL,
): string {
  if (amountKobo === null || amountKobo === undefined) return 'N/A';
  const kobo = typeof amountKobo === 'bigint' ? amountKobo : BigInt(Math.round(amountKobo));
  const negative = kobo < 0n;
  const abs = negative ? -kobo : kobo;
  const naira = Number(abs / 100n) + Number(abs % 100n) / 100;
  return `${negative ? '-' : ''}${symbol}${groupFormat.format(naira)}`;
}
