import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The words of signing up and activating an account. */
export const useAccountText = defineAppText('features/account', english);
