import type {
  AdminShippingLine,
  AdminShippingLineSummary,
  AdminTerminal,
  AdminTrackingCompany,
  CreateShippingLineRequest,
  CreateTerminalRequest,
  DieselPriceEntry,
  Page,
  PlatformSettings,
  RecordDieselPriceRequest,
  SetShippingLineTariffsRequest,
  UpdatePlatformSettingsRequest,
  UpdateShippingLineRequest,
  UpdateTerminalRequest,
  UpdateTrackingCompanyRequest,
} from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { referenceDataKeys, type ShippingLineFilter, type TerminalFilter } from './reference-data-keys';

const BASE = '/api/v1/admin';
const PAGE_SIZE = 20;

function listParams(filter: ShippingLineFilter & { kind?: string | null }): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  if (filter.kind) params.set('kind', filter.kind);
  params.set('page', String(filter.page));
  params.set('size', String(PAGE_SIZE));
  return params.toString();
}

// ---------------------------------------------------------------------------------------------------------
// Tracking companies

/** GET /api/v1/admin/tracking-companies: every one, active or not. */
export function useAdminTrackingCompanies() {
  const api = useApi();
  return useQuery({
    queryKey: referenceDataKeys.trackingCompanies(),
    queryFn: () => api.get<AdminTrackingCompany[]>(`${BASE}/tracking-companies`),
  });
}

/** PATCH /api/v1/admin/tracking-companies/{id}. */
export function useUpdateTrackingCompany() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTrackingCompanyRequest }) =>
      api.request<AdminTrackingCompany>(`${BASE}/tracking-companies/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData<AdminTrackingCompany[]>(referenceDataKeys.trackingCompanies(), (list) =>
        list?.map((company) => (company.id === saved.id ? saved : company)),
      ),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Shipping lines

/** GET /api/v1/admin/shipping-lines: one page; the previous page stays while the next loads. */
export function useAdminShippingLines(filter: ShippingLineFilter) {
  const api = useApi();
  return useQuery({
    queryKey: referenceDataKeys.shippingLineList(filter),
    queryFn: () => api.get<Page<AdminShippingLineSummary>>(`${BASE}/shipping-lines?${listParams(filter)}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/admin/shipping-lines/{id}: the line with its tariffs. */
export function useAdminShippingLine(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: referenceDataKeys.shippingLine(id),
    queryFn: () => api.get<AdminShippingLine>(`${BASE}/shipping-lines/${encodeURIComponent(id)}`),
  });
}

/** A line saved: its page shows the answer at once, and the lists load again. */
function useLineSaved() {
  const queryClient = useQueryClient();
  return (line: AdminShippingLine) => {
    queryClient.setQueryData(referenceDataKeys.shippingLine(line.id), line);
    void queryClient.invalidateQueries({ queryKey: [...referenceDataKeys.shippingLines(), 'list'] });
  };
}

/** POST /api/v1/admin/shipping-lines. */
export function useCreateShippingLine() {
  const api = useApi();
  const saved = useLineSaved();
  return useMutation({
    mutationFn: (body: CreateShippingLineRequest) =>
      api.post<AdminShippingLine>(`${BASE}/shipping-lines`, body),
    onSuccess: saved,
  });
}

/** PATCH /api/v1/admin/shipping-lines/{id}: rename, retire or bring back. */
export function useUpdateShippingLine(id: string) {
  const api = useApi();
  const saved = useLineSaved();
  return useMutation({
    mutationFn: (body: UpdateShippingLineRequest) =>
      api.request<AdminShippingLine>(`${BASE}/shipping-lines/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: saved,
  });
}

/** PUT /api/v1/admin/shipping-lines/{id}/tariffs: the sizes sent; the others keep theirs. */
export function useSetShippingLineTariffs(id: string) {
  const api = useApi();
  const saved = useLineSaved();
  return useMutation({
    mutationFn: (body: SetShippingLineTariffsRequest) =>
      api.put<AdminShippingLine>(`${BASE}/shipping-lines/${encodeURIComponent(id)}/tariffs`, body),
    onSuccess: saved,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Terminals

/** GET /api/v1/admin/terminals: one page, filtered by kind, status and search. */
export function useAdminTerminals(filter: TerminalFilter) {
  const api = useApi();
  return useQuery({
    queryKey: referenceDataKeys.terminalList(filter),
    queryFn: () => api.get<Page<AdminTerminal>>(`${BASE}/terminals?${listParams(filter)}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/admin/terminals/{id}. */
export function useAdminTerminal(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: referenceDataKeys.terminal(id),
    queryFn: () => api.get<AdminTerminal>(`${BASE}/terminals/${encodeURIComponent(id)}`),
  });
}

function useTerminalSaved() {
  const queryClient = useQueryClient();
  return (terminal: AdminTerminal) => {
    queryClient.setQueryData(referenceDataKeys.terminal(terminal.id), terminal);
    void queryClient.invalidateQueries({ queryKey: [...referenceDataKeys.terminals(), 'list'] });
  };
}

/** POST /api/v1/admin/terminals. */
export function useCreateTerminal() {
  const api = useApi();
  const saved = useTerminalSaved();
  return useMutation({
    mutationFn: (body: CreateTerminalRequest) => api.post<AdminTerminal>(`${BASE}/terminals`, body),
    onSuccess: saved,
  });
}

/** PATCH /api/v1/admin/terminals/{id}: change, retire (active: false) or bring back. */
export function useUpdateTerminal(id: string) {
  const api = useApi();
  const saved = useTerminalSaved();
  return useMutation({
    mutationFn: (body: UpdateTerminalRequest) =>
      api.request<AdminTerminal>(`${BASE}/terminals/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: saved,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Platform terms

/** GET /api/v1/admin/platform-settings: commission and payment terms. */
export function usePlatformSettings() {
  const api = useApi();
  return useQuery({
    queryKey: referenceDataKeys.platformSettings(),
    queryFn: () => api.get<PlatformSettings>(`${BASE}/platform-settings`),
  });
}

/** PUT /api/v1/admin/platform-settings. */
export function useUpdatePlatformSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePlatformSettingsRequest) =>
      api.put<PlatformSettings>(`${BASE}/platform-settings`, body),
    onSuccess: (settings) => queryClient.setQueryData(referenceDataKeys.platformSettings(), settings),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Diesel price

/** GET /api/v1/admin/diesel-prices: the prices recorded, the latest date first. */
export function useDieselPrices() {
  const api = useApi();
  return useQuery({
    queryKey: referenceDataKeys.dieselPrices(),
    queryFn: () => api.get<DieselPriceEntry[]>(`${BASE}/diesel-prices`),
  });
}

/** POST /api/v1/admin/diesel-prices: the list loads again, as a back-dated price may fall anywhere in it. */
export function useRecordDieselPrice() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordDieselPriceRequest) => api.post<DieselPriceEntry>(`${BASE}/diesel-prices`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceDataKeys.dieselPrices() }),
  });
}
