import type { ReportExportFormat, ReportKind, ReportRange, ReportResponse } from '@freightlane/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session-context';
import { reportKeys, type ReportParams } from './report-keys';

export const REPORT_PAGE_SIZE = 20;

function rangeQuery({ from, to }: ReportRange): URLSearchParams {
  return new URLSearchParams({ from, to });
}

/** GET /api/v1/reports/{kind}?from&to&page&size: the figures, the chart and a page of the table. */
export function useReport(params: ReportParams, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: reportKeys.page(params),
    queryFn: ({ signal }) => {
      const query = rangeQuery(params);
      query.set('page', String(params.page));
      query.set('size', String(REPORT_PAGE_SIZE));
      return api.get<ReportResponse>(`/api/v1/reports/${params.kind}?${query.toString()}`, { signal });
    },
    enabled,
    // A new range or page keeps the last figures on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** The file name the API gives the export, so the saved file is named the same either way. */
export function reportFileName(kind: ReportKind, range: ReportRange, format: ReportExportFormat): string {
  return `${kind}-report-${range.from}-to-${range.to}.${format}`;
}

/** GET /api/v1/reports/{kind}/export?format&from&to, saved by the browser. */
export function downloadReport(
  api: ApiClient,
  kind: ReportKind,
  range: ReportRange,
  format: ReportExportFormat,
) {
  const query = rangeQuery(range);
  query.set('format', format);
  return api.downloadFile(
    `/api/v1/reports/${kind}/export?${query.toString()}`,
    reportFileName(kind, range, format),
  );
}
