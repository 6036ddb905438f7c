import { createTranslator, messagesOf, type Translate } from '@freightlane/domain/i18n';
import english from './catalog/en-NG.json';
import { defineAppText } from '../../../i18n/app-language';

/** The trip page's cards and dialogs, the trip filters, the schedule calendar and the truck map. */
export const useTripComponentsText = defineAppText('features/trips/components', english);
export type TripComponentsKey = Parameters<ReturnType<typeof useTripComponentsText>>[0];
export type TripComponentsText = Translate<TripComponentsKey>;

/** The same words in English, for helpers called outside a screen (and their tests). */
export const englishTripComponentsText: TripComponentsText = createTranslator('en-NG', {
  'en-NG': messagesOf(english) as Record<TripComponentsKey, string>,
});
