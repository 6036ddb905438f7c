import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The company page's words: its details, verification, documents, waiting terms and message spend. */
export const useCompanyText = defineAppText('features/company', english);
