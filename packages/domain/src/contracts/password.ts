import { z } from 'zod';
import { newPasswordField } from './common';
import { tokenField } from './account';
import { acceptTermsField } from './data-rights';

export const passwordResetInitiateRequest = z.strictObject({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(254, 'Username is too long')
    .pipe(z.email({ error: 'Enter the e-mail address of your account' }))
    .transform((v) => v.toLowerCase()),
});
export type PasswordResetInitiateRequest = z.infer<typeof passwordResetInitiateRequest>;

/**
 * POST /api/v1/user/password/reset/: success when status equals 'Successful'. An invited fleet manager
 * sets their first password here and gives their consent to the terms with it (`acceptTerms`); the
 * server asks for it from anyone whose consent is not on record yet.
 */
export const passwordResetRequest = z.strictObject({
  resetToken: tokenField,
  newPassword: newPasswordField,
  acceptTerms: acceptTermsField.optional(),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;
