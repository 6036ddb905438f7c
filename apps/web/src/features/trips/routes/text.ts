import type { Translate } from '@freightlane/domain/i18n';
import english from './catalog/en-NG.json';
import { defineAppText } from '../../../i18n/app-language';

/** The trips pages: the list, a trip, the schedule, the map and the issues. */
export const useTripRoutesText = defineAppText('features/trips/routes', english);
export type TripRoutesKey = Parameters<ReturnType<typeof useTripRoutesText>>[0];
export type TripRoutesText = Translate<TripRoutesKey>;
