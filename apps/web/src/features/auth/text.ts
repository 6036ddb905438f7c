import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The sign-in page's words. */
export const useAuthText = defineAppText('features/auth', english);
