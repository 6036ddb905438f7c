import { COUNTRY_NIGERIA } from '@freightlane/domain';
import { useProfile } from './profile-api';

/**
 * The signed-in person's phone code: their country's, from GET /api/v1/user/me (the spec: "the phone
 * code comes from a country response"). Until that answer is in, the country every account is opened
 * in, so the field never shows an empty prefix (docs/decisions/005).
 */
export function usePhoneCode(): string {
  return useProfile().data?.country.phoneCode ?? COUNTRY_NIGERIA.phoneCode;
}
