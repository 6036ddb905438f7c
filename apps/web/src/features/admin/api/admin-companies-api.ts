import type { AdminCompanyDetail, AdminCompanySummary, CompanyDocument, Page } from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api';
import { useApi } from '../../../lib/session-context';
import { adminKeys, type AdminCompanyFilter } from './admin-keys';

function listUrl(filter: AdminCompanyFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.type) params.set('type', filter.type);
  if (filter.q) params.set('q', filter.q);
  if (typeof filter.suspended === 'boolean') params.set('suspended', String(filter.suspended));
  params.set('page', String(filter.page));
  params.set('size', String(filter.size ?? 20));
  return `/api/v1/admin/companies?${params.toString()}`;
}

/** GET /api/v1/admin/companies: one page of companies; the previous page stays while the next loads. */
export function useAdminCompanies(filter: AdminCompanyFilter) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.companyList(filter),
    queryFn: () => api.get<Page<AdminCompanySummary>>(listUrl(filter)),
    placeholderData: keepPreviousData,
  });
}

/** How many companies wait for review, for the back office home. */
export function usePendingReviewCount() {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.pendingCount(),
    queryFn: async () =>
      (
        await api.get<Page<AdminCompanySummary>>(
          listUrl({ status: 'PENDING_REVIEW', type: null, q: '', page: 0, size: 1 }),
        )
      ).totalElements,
  });
}

/** GET /api/v1/admin/companies/{id}: details, current documents and what is missing. */
export function useAdminCompany(companyId: string) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.company(companyId),
    queryFn: () => api.get<AdminCompanyDetail>(`/api/v1/admin/companies/${encodeURIComponent(companyId)}`),
  });
}

function useReviewMutation<V>(companyId: string, send: (variables: V) => Promise<AdminCompanyDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => {
      queryClient.setQueryData(adminKeys.company(companyId), detail);
      void queryClient.invalidateQueries({ queryKey: adminKeys.companyLists() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.pendingCount() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
    // A refused review (409: something went missing meanwhile) shows the company as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: adminKeys.company(companyId) }),
  });
}

/** POST /api/v1/admin/companies/{id}/verify. */
export function useVerifyCompany(companyId: string) {
  const api = useApi();
  return useReviewMutation<void>(companyId, () =>
    api.post<AdminCompanyDetail>(`/api/v1/admin/companies/${encodeURIComponent(companyId)}/verify`),
  );
}

/** POST /api/v1/admin/companies/{id}/reject with the reason the company's users read. */
export function useRejectCompany(companyId: string) {
  const api = useApi();
  return useReviewMutation<string>(companyId, (reason) =>
    api.post<AdminCompanyDetail>(`/api/v1/admin/companies/${encodeURIComponent(companyId)}/reject`, {
      reason,
    }),
  );
}

/** POST /api/v1/admin/companies/{id}/suspend: its users cannot sign in until it is lifted. */
export function useSuspendCompany(companyId: string) {
  const api = useApi();
  return useReviewMutation<string>(companyId, (reason) =>
    api.post<AdminCompanyDetail>(`/api/v1/admin/companies/${encodeURIComponent(companyId)}/suspend`, {
      reason,
    }),
  );
}

/** POST /api/v1/admin/companies/{id}/unsuspend. */
export function useUnsuspendCompany(companyId: string) {
  const api = useApi();
  return useReviewMutation<void>(companyId, () =>
    api.post<AdminCompanyDetail>(`/api/v1/admin/companies/${encodeURIComponent(companyId)}/unsuspend`),
  );
}

export function downloadAdminCompanyDocument(
  api: ApiClient,
  companyId: string,
  document: Pick<CompanyDocument, 'id' | 'fileName'>,
): Promise<void> {
  return api.downloadFile(
    `/api/v1/admin/companies/${encodeURIComponent(companyId)}/documents/${encodeURIComponent(document.id)}/file`,
    document.fileName,
  );
}
