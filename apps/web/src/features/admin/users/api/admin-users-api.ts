import type { AdminUserDetail, AdminUserSummary, Page } from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../../lib/session-context';
import { adminKeys, type AdminUserFilter } from '../../api/admin-keys';

export function adminUsersUrl(filter: AdminUserFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.role) params.set('role', filter.role);
  if (filter.status) params.set('status', filter.status);
  if (filter.companyId) params.set('companyId', filter.companyId);
  params.set('page', String(filter.page));
  params.set('size', String(filter.size ?? 20));
  return `/api/v1/admin/users?${params.toString()}`;
}

/** GET /api/v1/admin/users: one page of users; the previous page stays while the next loads. */
export function useAdminUsers(filter: AdminUserFilter) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.userList(filter),
    queryFn: ({ signal }) => api.get<Page<AdminUserSummary>>(adminUsersUrl(filter), { signal }),
    placeholderData: keepPreviousData,
  });
}

const userPath = (userId: string) => `/api/v1/admin/users/${encodeURIComponent(userId)}`;

/** GET /api/v1/admin/users/{id}: the account, its company, live sign-ins and activation. */
export function useAdminUser(userId: string) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.user(userId),
    queryFn: ({ signal }) => api.get<AdminUserDetail>(userPath(userId), { signal }),
  });
}

/** An action on one account: the answer is the account as it is now; lists and the log read again. */
function useUserAction<V>(userId: string, send: (variables: V) => Promise<AdminUserDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => {
      queryClient.setQueryData(adminKeys.user(userId), detail);
      void queryClient.invalidateQueries({ queryKey: adminKeys.userLists() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
    // A refused action (409: someone changed the account meanwhile) shows the account as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: adminKeys.user(userId) }),
  });
}

/** POST /api/v1/admin/users/{id}/deactivate with the reason, kept in the audit log. */
export function useDeactivateUser(userId: string) {
  const api = useApi();
  return useUserAction<string>(userId, (reason) =>
    api.post<AdminUserDetail>(`${userPath(userId)}/deactivate`, { reason }),
  );
}

/** POST /api/v1/admin/users/{id}/reactivate. */
export function useReactivateUser(userId: string) {
  const api = useApi();
  return useUserAction<void>(userId, () => api.post<AdminUserDetail>(`${userPath(userId)}/reactivate`));
}

/** POST /api/v1/admin/users/{id}/resend-activation. */
export function useResendActivation(userId: string) {
  const api = useApi();
  return useUserAction<void>(userId, () =>
    api.post<AdminUserDetail>(`${userPath(userId)}/resend-activation`),
  );
}
