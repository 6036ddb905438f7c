import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The words of asking for a password reset and choosing the new password. */
export const usePasswordText = defineAppText('features/password', english);
