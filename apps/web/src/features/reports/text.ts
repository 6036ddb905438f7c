import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The words of the list of reports and of a report's page: its range, chart, figures and downloads. */
export const useReportsText = defineAppText('features/reports', english);
export type ReportsText = ReturnType<typeof useReportsText>;
export type ReportsKey = Parameters<ReportsText>[0];
