import { z } from 'zod';
import { SIGNUP_USER_TYPES } from '../roles';
import { emailField, nameField, newPasswordField, phoneE164Field } from './common';
import { acceptTermsField } from './data-rights';
import { phoneCodeField, phoneVerificationResponse } from './phone-verification';

/**
 * POST /api/v1/user: the spec's seven-field signup payload, plus the consent to the terms (our addition).
 * The spec's call leaves `acceptTerms` out and must still work: signing up accepts the current terms, so a
 * sign-up without the field is recorded as accepting them. Anything but `true` given in it is refused. The
 * web form (its own schema, in apps/web/src/features/account) requires the tick and sends `true`.
 */
export const signupRequest = z.strictObject({
  email: emailField,
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  companyName: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(2, 'Company name must be at least 2 characters')
    .max(120, 'Company name must be at most 120 characters'),
  phoneNumber: phoneE164Field,
  password: newPasswordField,
  type: z.enum(SIGNUP_USER_TYPES, { error: 'Type must be CUSTOMER or TRANSPORTER' }),
  acceptTerms: acceptTermsField.optional(),
});
export type SignupRequest = z.infer<typeof signupRequest>;

export const signupResponse = z.object({
  status: z.literal('Successful'),
  message: z.string(),
  data: z.object({ email: z.string(), userType: z.enum(SIGNUP_USER_TYPES) }),
});
export type SignupResponse = z.infer<typeof signupResponse>;

export const resendActivationRequest = z.strictObject({ email: emailField });
export type ResendActivationRequest = z.infer<typeof resendActivationRequest>;

/**
 * POST /api/v1/user/enrolment/phone/check. `{phoneNumber}` alone asks whether the number is still free to
 * sign up with (no session needed). Signed in, `{phoneNumber, send: true}` texts a code to the caller's own
 * number and `{phoneNumber, code}` checks it.
 */
export const phoneCheckRequest = z
  .strictObject({
    phoneNumber: phoneE164Field,
    send: z.literal(true, { error: 'send must be true when given' }).optional(),
    code: phoneCodeField.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.send && body.code !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Send a code or check one, not both at once' });
    }
  });
export type PhoneCheckRequest = z.infer<typeof phoneCheckRequest>;
/** The availability answer, as the sign-up form reads it. */
export const phoneCheckResponse = z.object({ phoneNumber: z.string(), available: z.boolean() });
export type PhoneCheckResponse = z.infer<typeof phoneCheckResponse>;
/** Every answer of the phone check: availability, or a code sent or checked. */
export const phoneCheckAnswer = z.union([phoneCheckResponse, phoneVerificationResponse]);
export type PhoneCheckAnswer = z.infer<typeof phoneCheckAnswer>;

export const tokenField = z
  .string({ error: 'Token is required' })
  .trim()
  .min(16, 'The link is incomplete; open it again from your e-mail')
  .max(200, 'The link is not valid');

export const activateRequest = z.strictObject({ token: tokenField });
export type ActivateRequest = z.infer<typeof activateRequest>;
export const activateResponse = z.object({
  status: z.literal('Successful'),
  message: z.string(),
  data: z.object({ email: z.string() }),
});
export type ActivateResponse = z.infer<typeof activateResponse>;
