/** What other features may use from profile. */
export { PROFILE_QUERY_KEY, useProfile } from './api/profile-api';
export { usePhoneCode } from './api/use-phone-code';
