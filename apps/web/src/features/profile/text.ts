import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The profile page's words: the person's details, their phone, their language and their data. */
export const useProfileText = defineAppText('features/profile', english);
