import type { PreferredPartner, Transporter } from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { partnerKeys } from './partner-keys';

/** GET /api/v1/preferred-partners: the transporters this customer trusts with preferred-only orders. */
export function usePreferredPartners() {
  const api = useApi();
  return useQuery({
    queryKey: partnerKeys.preferred,
    queryFn: ({ signal }) => api.get<PreferredPartner[]>('/api/v1/preferred-partners', { signal }),
  });
}

/** GET /api/v1/transporters?q=: verified transporters by name, each marked when already preferred. */
export function useTransporterSearch(q: string) {
  const api = useApi();
  const text = q.trim();
  return useQuery({
    queryKey: partnerKeys.transporterSearch(text),
    queryFn: ({ signal }) =>
      api.get<Transporter[]>(`/api/v1/transporters?${new URLSearchParams({ q: text }).toString()}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function usePartnersChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: partnerKeys.preferred });
    void queryClient.invalidateQueries({ queryKey: partnerKeys.transporters });
  };
}

/** POST /api/v1/preferred-partners */
export function useAddPreferredPartner() {
  const api = useApi();
  const changed = usePartnersChanged();
  return useMutation({
    mutationFn: (transporterCompanyId: string) =>
      api.post<PreferredPartner>('/api/v1/preferred-partners', { transporterCompanyId }),
    onSuccess: changed,
  });
}

/** DELETE /api/v1/preferred-partners/{transporterCompanyId} */
export function useRemovePreferredPartner() {
  const api = useApi();
  const changed = usePartnersChanged();
  return useMutation({
    mutationFn: (transporterCompanyId: string) =>
      api.request<unknown>(`/api/v1/preferred-partners/${encodeURIComponent(transporterCompanyId)}`, {
        method: 'DELETE',
      }),
    onSuccess: changed,
  });
}
