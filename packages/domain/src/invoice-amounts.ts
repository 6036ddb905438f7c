// What an invoice adds up to and what the platform keeps of it, in integer kobo. Rates are basis points
// (750 is 7.5 %), so no amount or rate passes through a float.

/** Nigeria's VAT rate since February 2020 (Finance Act 2019): 7.5 %. */
export const VAT_BASIS_POINTS = 750;
export const BASIS_POINTS_PER_WHOLE = 10_000;

/**
 * `amountKobo` × `basisPoints` / 10 000, rounded to the nearest kobo with halves going up (the way a
 * person rounds on paper, and the way the Federal Inland Revenue Service's examples do).
 */
export function shareOf(amountKobo: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 0)
    throw new RangeError('amountKobo must be a whole kobo amount');
  if (!Number.isInteger(basisPoints) || basisPoints < 0)
    throw new RangeError('basisPoints must be a whole number');
  const product = BigInt(amountKobo) * BigInt(basisPoints);
  const whole = BigInt(BASIS_POINTS_PER_WHOLE);
  return Number((product * 2n + whole) / (whole * 2n));
}

/** The VAT on an amount before tax. */
export function vatOf(subtotalKobo: number, basisPoints: number = VAT_BASIS_POINTS): number {
  return shareOf(subtotalKobo, basisPoints);
}

export interface InvoiceAmounts {
  /** The price won at award: the haulage itself. */
  haulageKobo: number;
  /** Extra charges the customer accepted (waiting time, others). */
  chargesKobo: number;
  /** Haulage and accepted charges: what VAT is taken on. */
  subtotalKobo: number;
  vatBasisPoints: number;
  vatKobo: number;
  /** What the customer pays. */
  totalKobo: number;
}

/** An invoice's figures from its haulage price and the amounts of its accepted charges. */
export function invoiceAmounts(
  haulageKobo: number,
  acceptedChargesKobo: readonly number[] = [],
  vatBasisPoints: number = VAT_BASIS_POINTS,
): InvoiceAmounts {
  const chargesKobo = acceptedChargesKobo.reduce((sum, amount) => sum + amount, 0);
  const subtotalKobo = haulageKobo + chargesKobo;
  const vatKobo = vatOf(subtotalKobo, vatBasisPoints);
  return {
    haulageKobo,
    chargesKobo,
    subtotalKobo,
    vatBasisPoints,
    vatKobo,
    totalKobo: subtotalKobo + vatKobo,
  };
}

export interface PayoutAmounts {
  /** What the customer paid, VAT included. */
  paidKobo: number;
  commissionBasisPoints: number;
  /** The platform's commission: its rate of the amount before VAT. */
  commissionKobo: number;
  /** What the transporter receives: the payment less the commission. The VAT stays with the transporter, who remits it. */
  netKobo: number;
}

/**
 * The transporter's side of a paid invoice. The commission is taken on the haulage and charges, never
 * on the VAT, which belongs to the transporter as the supplier of the service.
 */
export function payoutAmounts(
  paidKobo: number,
  subtotalKobo: number,
  commissionBasisPoints: number,
): PayoutAmounts {
  const commissionKobo = shareOf(subtotalKobo, commissionBasisPoints);
  return { paidKobo, commissionBasisPoints, commissionKobo, netKobo: paidKobo - commissionKobo };
}

/** A rate in basis points as people read it: 750 → "7.5%", 500 → "5%". */
export function percentText(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const rest = basisPoints % 100;
  if (rest === 0) return `${whole}%`;
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}
