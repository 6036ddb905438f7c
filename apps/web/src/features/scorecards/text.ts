import type { Translate } from '@freightlane/domain/i18n';
import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** Scorecards: a company's score at a glance beside a bid or an order, and its whole card. */
export const useScorecardsText = defineAppText('features/scorecards', english);
export type ScorecardsKey = Parameters<ReturnType<typeof useScorecardsText>>[0];
export type ScorecardsText = Translate<ScorecardsKey>;
