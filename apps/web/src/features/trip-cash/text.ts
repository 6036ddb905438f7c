import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The trip's cash card, its dialogs, and the driver's running balance. */
export const useTripCashText = defineAppText('features/trip-cash', english);
export type TripCashText = ReturnType<typeof useTripCashText>;
