import type { Translate } from '@freightlane/domain/i18n';
import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** Free time: the trip page's badge and card, the edit dialog and the containers at risk. */
export const useFreeTimeText = defineAppText('features/free-time', english);
export type FreeTimeKey = Parameters<ReturnType<typeof useFreeTimeText>>[0];
export type FreeTimeText = Translate<FreeTimeKey>;
