import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The words of a transporter's earnings and of the payout list the back office shares. */
export const useEarningsText = defineAppText('features/earnings', english);
export type EarningsText = ReturnType<typeof useEarningsText>;
