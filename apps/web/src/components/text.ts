import english from './catalog/en-NG.json';
import { defineAppText } from '../i18n/app-language';

/** The shared components' words: dialogs, lists, form fields and the phone panels every screen uses. */
export const useComponentsText = defineAppText('components', english);
export type ComponentsKey = Parameters<ReturnType<typeof useComponentsText>>[0];
