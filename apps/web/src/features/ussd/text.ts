import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The words of the driver's USSD access card. */
export const useUssdText = defineAppText('features/ussd', english);
