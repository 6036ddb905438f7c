/**
 * Nigerian phone numbers. The spec has two checks: a national number of exactly 10 digits
 * (without the leading 0) and one of exactly 11 digits (with it); both may be empty. We store
 * and exchange numbers as E.164 (+234 followed by the 10-digit national number).
 */
export const NIGERIA_PHONE_CODE = '+234';

const TEN_DIGITS = /^\d{10}$/;
const ELEVEN_DIGITS = /^\d{11}$/;
const E164_NG = /^\+234[1-9]\d{9}$/;

/** Spec rule: valid if empty or exactly 10 digits. */
export function isValidTenDigitPhone(value: string): boolean {
  return value === '' || TEN_DIGITS.test(value);
}

/** Spec rule: valid if empty or exactly 11 digits. */
export function isValidElevenDigitPhone(value: string): boolean {
  return value === '' || ELEVEN_DIGITS.test(value);
}

export function isNigerianE164(value: string): boolean {
  return E164_NG.test(value);
}

/**
 * Turns what a person types (0803 123 4567, 803-123-4567, +234 803 123 4567, 2348031234567)
 * into +2348031234567. Returns null when it is not a Nigerian number.
 */
export function toNigerianE164(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, '');
  let national: string | null = null;
  if (/^\+234\d{10}$/.test(digits)) national = digits.slice(4);
  // People often keep the trunk 0 after the country code: +234 0803 123 4567.
  else if (/^\+?2340\d{10}$/.test(digits)) national = digits.slice(digits.indexOf('0', 3) + 1);
  else if (/^234\d{10}$/.test(digits)) national = digits.slice(3);
  else if (/^0\d{10}$/.test(digits)) national = digits.slice(1);
  else if (TEN_DIGITS.test(digits)) national = digits;
  if (!national || national.startsWith('0')) return null;
  return `${NIGERIA_PHONE_CODE}${national}`;
}

/** +2348031234567 → 0803 123 4567, the way Nigerians write a number. */
export function formatNigerianPhone(e164: string): string {
  if (!isNigerianE164(e164)) return e164;
  const n = `0${e164.slice(4)}`;
  return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
}
