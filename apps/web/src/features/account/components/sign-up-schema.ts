import { ACCEPT_TERMS_MESSAGE, COUNTRY_NIGERIA, signupRequest } from '@freightlane/domain';
import { z } from 'zod';
import { nationalPhoneInput } from '../../../lib/phone-input';

/**
 * The country a new account is opened in, whose phone code the form shows. Before sign-up there is no
 * user whose country GET /user/me could give, and the API takes Nigerian numbers only
 * (docs/decisions/005).
 */
export const SIGN_UP_COUNTRY = COUNTRY_NIGERIA;

/**
 * The domain's signup schema, except that the phone is typed as a national number after the
 * phone code and turned into E.164 for the API, and the consent is a checkbox that starts unticked
 * (the API takes only an explicit true).
 */
export const signUpFormSchema = signupRequest.extend({
  phoneNumber: nationalPhoneInput,
  acceptTerms: z
    .boolean()
    .refine((ticked) => ticked, ACCEPT_TERMS_MESSAGE)
    .transform((): true => true),
});
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
export type SignUpFormOutput = z.output<typeof signUpFormSchema>;

export const SIGN_UP_FIELDS = [
  'type',
  'firstName',
  'lastName',
  'companyName',
  'email',
  'phoneNumber',
  'password',
  'acceptTerms',
] as const;
