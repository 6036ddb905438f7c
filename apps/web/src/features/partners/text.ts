import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The preferred partners page's words. */
export const usePartnersText = defineAppText('features/partners', english);
