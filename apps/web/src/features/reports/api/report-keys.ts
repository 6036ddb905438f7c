import type { ReportKind } from '@freightlane/domain';

export interface ReportParams {
  kind: ReportKind;
  from: string;
  to: string;
  /** Zero-based, as in the API's envelope. */
  page: number;
}

/** The query keys of reports: every one starts with ['reports']. */
export const reportKeys = {
  all: ['reports'] as const,
  page: (params: ReportParams) => [...reportKeys.all, params] as const,
};
