import {
  isValidElevenDigitPhone,
  isValidTenDigitPhone,
  NIGERIA_PHONE_CODE,
  phoneE164Field,
  toNigerianE164,
} from '@freightlane/domain';
import { z } from 'zod';

export const PHONE_REQUIRED_MESSAGE = 'Phone number is required';
export const PHONE_FORMAT_MESSAGE =
  'Enter the 10 digits after the phone code (803 123 4567) or 11 digits starting with 0 (0803 123 4567)';

/** Spaces, dashes and brackets people type between the digits, and a pasted phone code. */
export function stripPhoneSeparators(value: string): string {
  const digits = value.replace(/[\s\-().]/g, '');
  const national = digits.slice(NIGERIA_PHONE_CODE.length);
  return digits.startsWith(NIGERIA_PHONE_CODE) && /^\d{10}$/.test(national) ? national : digits;
}

/**
 * What a person types after the phone code: the national number with 10 digits, or 11 with the
 * leading 0 (the spec's two checks). The form hands the API its E.164 form, via the domain.
 */
export const nationalPhoneInput = z
  .string()
  .transform(stripPhoneSeparators)
  .refine((digits) => digits !== '', PHONE_REQUIRED_MESSAGE)
  .refine(
    (digits) =>
      digits === '' ||
      (digits.length === 11
        ? isValidElevenDigitPhone(digits) && digits.startsWith('0')
        : isValidTenDigitPhone(digits)),
    PHONE_FORMAT_MESSAGE,
  )
  .transform((digits, ctx) => {
    const e164 = toNigerianE164(digits);
    if (e164 === null) {
      if (digits !== '') ctx.addIssue({ code: 'custom', message: PHONE_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return e164;
  })
  .pipe(phoneE164Field);

/** The E.164 number when the input is a valid national number, else null. */
export function nationalToE164(value: string): string | null {
  const result = nationalPhoneInput.safeParse(value);
  return result.success ? result.data : null;
}

/** +2348031234567 → 8031234567, for filling the input (which follows the phone code) from a stored number. */
export function e164ToNational(e164: string | null | undefined): string {
  if (!e164) return '';
  return e164.startsWith(NIGERIA_PHONE_CODE) ? e164.slice(NIGERIA_PHONE_CODE.length) : e164;
}
