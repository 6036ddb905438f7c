import { z } from 'zod';

/** The rules of a phone verification code (docs: issue 32; decisions: phone-verification). */
export const PHONE_CODE_DIGITS = 6;
/** A code lives 10 minutes from when it was sent. */
export const PHONE_CODE_TTL_SECONDS = 10 * 60;
/** Five wrong codes end a code: a new one must be asked for. */
export const PHONE_CODE_MAX_TRIES = 5;
/** A new code only a minute after the last one. */
export const PHONE_CODE_RESEND_SECONDS = 60;
/** At most five codes to one number in an hour. */
export const PHONE_CODE_SENDS_PER_HOUR = 5;

export const phoneCodeField = z
  .string({ error: 'Enter the 6-digit code from the SMS' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS');

/** Where a person's or a driver's number stands. */
export const phoneVerificationState = z.object({
  phoneNumber: z.string(),
  /** When the current number was proved; null while it is not. */
  verifiedAt: z.string().nullable(),
  /** When the open code was sent, while one is open for the current number. */
  codeSentAt: z.string().nullable(),
  /** When the open code stops working. */
  codeExpiresAt: z.string().nullable(),
  /** From when a new code may be asked for (a minute after the last one, or later at the hourly cap). */
  resendAt: z.string().nullable(),
});
export type PhoneVerificationState = z.infer<typeof phoneVerificationState>;

export const phoneVerificationResponse = z.object({
  status: z.literal('Successful'),
  message: z.string(),
  data: phoneVerificationState,
});
export type PhoneVerificationResponse = z.infer<typeof phoneVerificationResponse>;

/** POST /api/v1/fleet/drivers/{id}/phone-verification/check: the code the driver reads back. */
export const phoneCodeCheckRequest = z.strictObject({ code: phoneCodeField });
export type PhoneCodeCheckRequest = z.infer<typeof phoneCodeCheckRequest>;
