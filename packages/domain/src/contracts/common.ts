import { z } from 'zod';
import { isCommonPassword } from '../common-passwords';
import { isNigerianE164 } from '../phone';

/** Every error body: a message, and for bad input the fields at fault. */
export const errorResponse = z.object({
  message: z.string(),
  code: z
    .string()
    .optional()
    .describe('Machine-readable reason, e.g. ACCOUNT_NOT_ACTIVATED or TOKEN_EXPIRED'),
  errors: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .optional()
    .describe('One entry per bad field'),
  allowedNextStatuses: z
    .array(z.string())
    .optional()
    .describe('On a refused trip status change: the statuses the trip may move to now'),
  lockedUntil: z.string().optional().describe('When a locked handover code accepts tries again (ISO 8601)'),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** The spec: a standard email pattern. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((v) => v.toLowerCase());

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((p) => !isCommonPassword(p), 'This password is too common; choose another one');

/** Nigerian number in E.164, as the spec's signup payload sends it (country code prefixed). */
export const phoneE164Field = z
  .string({ error: 'Phone number is required' })
  .trim()
  .refine(isNigerianE164, 'Enter a Nigerian phone number as +234 followed by 10 digits');

export const nameField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80, `${label} must be at most 80 characters`);

/** The spec's success envelope for user calls. */
export const successfulStatus = z.object({ status: z.literal('Successful') });
export type SuccessfulStatus = z.infer<typeof successfulStatus>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
