import type { Translate } from '@freightlane/domain/i18n';
import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** Return loads: the transporter's page, the radius setting, a truck's matches and the welcome badge. */
export const useReturnLoadsText = defineAppText('features/return-loads', english);
export type ReturnLoadsKey = Parameters<ReturnType<typeof useReturnLoadsText>>[0];
export type ReturnLoadsText = Translate<ReturnLoadsKey>;
