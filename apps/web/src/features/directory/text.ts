import type { Translate } from '@freightlane/domain/i18n';
import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** "Find transporters" and company profiles: the directory's filters and rows, a profile's sections. */
export const useDirectoryText = defineAppText('features/directory', english);
export type DirectoryKey = Parameters<ReturnType<typeof useDirectoryText>>[0];
export type DirectoryText = Translate<DirectoryKey>;
