import { signupRequest } from '@freightlane/domain';
import type { z } from 'zod';
import { nationalPhoneInput } from '../../../lib/phone-input';

/**
 * The domain's signup schema, except that the phone is typed as a national number beside the
 * +234 prefix and turned into E.164 for the API.
 */
export const signUpFormSchema = signupRequest.extend({ phoneNumber: nationalPhoneInput });
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
] as const;

export const PHONE_TAKEN_MESSAGE = 'This phone number is already registered. Sign in, or use another number.';
