import { useFollowLanguage } from '../../../i18n/app-language';
import { useProfile } from './profile-api';

/** The app shows the signed-in person's profile language (where the app has it), on every device they use. */
export function useProfileLanguage(): void {
  useFollowLanguage(useProfile().data?.language);
}
