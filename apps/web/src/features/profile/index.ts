/** What other features may use from profile. */
export { useProfile } from './api/profile-api';
export { useProfileLanguage } from './api/profile-language';
export { profileKeys } from './api/profile-keys';
export { usePhoneCode } from './api/use-phone-code';
