import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The trip's Eto call-up card and its ticket dialog. */
export const useCallUpText = defineAppText('features/call-up', english);
export type CallUpText = ReturnType<typeof useCallUpText>;
