import type { AuditLogEntry, Page } from '@freightlane/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminKeys } from '../../api/admin-keys';

/** The log's filters as the page keeps them in its address; empty text means no filter. */
export interface AuditLogFilter {
  q: string;
  entityType: string;
  entityId: string;
  actorUserId: string;
  companyId: string;
  /** Lagos calendar days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  /** Zero-based, as the API counts. */
  page: number;
  size?: number;
}

export function auditLogUrl(filter: AuditLogFilter): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'entityType', 'entityId', 'actorUserId', 'companyId', 'from', 'to'] as const) {
    if (filter[key]) params.set(key, filter[key]);
  }
  params.set('page', String(filter.page));
  params.set('size', String(filter.size ?? 20));
  return `/api/v1/admin/audit-log?${params.toString()}`;
}

/** GET /api/v1/admin/audit-log: one page of changes, newest first; the previous page stays while the next loads. */
export function useAuditLog(filter: AuditLogFilter) {
  return useQuery({
    queryKey: adminKeys.auditLogPage(filter),
    queryFn: ({ signal }) => api.get<Page<AuditLogEntry>>(auditLogUrl(filter), { signal }),
    placeholderData: keepPreviousData,
  });
}
