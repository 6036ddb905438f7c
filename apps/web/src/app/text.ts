import english from './catalog/en-NG.json';
import { defineAppText } from '../i18n/app-language';

/** The app shell's words: the navigation, the header, the account, the roles, and a missing or failed page. */
export const useAppShellText = defineAppText('app', english);
export type AppShellKey = Parameters<ReturnType<typeof useAppShellText>>[0];
