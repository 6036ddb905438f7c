import type { Translate } from '@freightlane/domain/i18n';
import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** Rate guidance: a lane's band of awarded prices, the diesel price beside it, and the lane-rates report. */
export const useRateGuidanceText = defineAppText('features/rate-guidance', english);
export type RateGuidanceKey = Parameters<ReturnType<typeof useRateGuidanceText>>[0];
export type RateGuidanceText = Translate<RateGuidanceKey>;
