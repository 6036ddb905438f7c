import { createTranslator, messagesOf, type Translate } from '@freightlane/domain/i18n';
import english from './catalog/en-NG.json';
import { defineAppText } from '../../../i18n/app-language';

/** The signed-in screens that make and share public tracking links (not the public pages themselves). */
export const usePublicTrackingText = defineAppText('features/trips/public-tracking', english);
export type PublicTrackingKey = Parameters<ReturnType<typeof usePublicTrackingText>>[0];
export type PublicTrackingText = Translate<PublicTrackingKey>;

/** The same words in English, for helpers called outside a screen (and their tests). */
export const englishPublicTrackingText: PublicTrackingText = createTranslator('en-NG', {
  'en-NG': messagesOf(english) as Record<PublicTrackingKey, string>,
});
