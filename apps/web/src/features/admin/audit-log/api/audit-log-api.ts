import type { AuditLogEntry, Page } from '@freightlane/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../../lib/session-context';
import { adminKeys, type AuditLogFilter } from '../../api/admin-keys';

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
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.auditLogPage(filter),
    queryFn: ({ signal }) => api.get<Page<AuditLogEntry>>(auditLogUrl(filter), { signal }),
    placeholderData: keepPreviousData,
  });
}
