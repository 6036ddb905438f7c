import { createTranslator, messagesOf } from '@freightlane/domain/i18n';
import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The transporter's marketplace: new bids, the watch list, an order with the bid on it, wins and history. */
export const useBidsText = defineAppText('features/bids', english);
export type BidsText = ReturnType<typeof useBidsText>;
export type BidsKey = Parameters<BidsText>[0];

/** The English words, for what is worked out outside a screen (how far a time is) and its tests. */
export const BIDS_ENGLISH: BidsText = createTranslator('en-NG', {
  'en-NG': messagesOf(english) as Record<BidsKey, string>,
});
