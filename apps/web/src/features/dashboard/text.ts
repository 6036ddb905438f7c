import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The home pages' words: the greeting, the figures and the back office's cards. */
export const useDashboardText = defineAppText('features/dashboard', english);
