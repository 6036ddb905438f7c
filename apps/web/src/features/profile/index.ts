/** What other features may use from profile. */
export { useProfile } from './api/profile-api';
export { profileKeys } from './api/profile-keys';
export { usePhoneCode } from './api/use-phone-code';
