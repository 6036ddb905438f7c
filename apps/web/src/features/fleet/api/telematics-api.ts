import type {
  CreateTrackingCredentialRequest,
  LinkTrackingDevicesRequest,
  Page,
  TrackingCompany,
  TrackingCredential,
  TrackingDevice,
  TrackingSettings,
  Truck,
  UpdateTrackingCredentialRequest,
} from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { fleetKeys } from './fleet-keys';

const CREDENTIALS = '/api/v1/tracking-credentials';
export const DEVICE_PAGE_SIZE = 20;

/** GET /api/v1/tracking-companies: the providers trucks can be followed through. */
export function useTrackingCompanies() {
  const api = useApi();
  return useQuery({
    queryKey: fleetKeys.trackingCompanies,
    queryFn: ({ signal }) =>
      api.request<TrackingCompany[]>('/api/v1/tracking-companies', { method: 'GET', signal }),
    staleTime: 60 * 60 * 1000,
  });
}

/** GET /api/v1/tracking-credentials; asked again every minute so a failing account shows without a reload. */
export function useTrackingCredentials() {
  const api = useApi();
  return useQuery({
    queryKey: fleetKeys.trackingCredentials(),
    queryFn: ({ signal }) => api.request<TrackingCredential[]>(CREDENTIALS, { method: 'GET', signal }),
    refetchInterval: 60_000,
  });
}

export type SaveTrackingCredential =
  { id: null; body: CreateTrackingCredentialRequest } | { id: string; body: UpdateTrackingCredentialRequest };

/** POST a new account, or PATCH one; either is tried at the provider first and refused with the reason. */
export function useSaveTrackingCredential() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveTrackingCredential) =>
      id === null
        ? api.request<TrackingCredential>(CREDENTIALS, { method: 'POST', body })
        : api.request<TrackingCredential>(`${CREDENTIALS}/${encodeURIComponent(id)}`, {
            method: 'PATCH',
            body,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.trackingCredentials() }),
  });
}

/** GET /api/v1/tracking-credentials/trucks/{id}?page=&limit=20: the account's devices and their trucks. */
export function useTrackingDevices(credentialId: string, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: fleetKeys.trackingDevices(credentialId, page),
    queryFn: ({ signal }) =>
      api.request<Page<TrackingDevice>>(
        `${CREDENTIALS}/trucks/${encodeURIComponent(credentialId)}?page=${page}&limit=${DEVICE_PAGE_SIZE}`,
        { method: 'GET', signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/v1/tracking-credentials/trucks/{id}: links devices to trucks (null unlinks). */
export function useLinkTrackingDevices(credentialId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkTrackingDevicesRequest) =>
      api.request<Page<TrackingDevice>>(`${CREDENTIALS}/trucks/${encodeURIComponent(credentialId)}`, {
        method: 'POST',
        body,
      }),
    // A truck may have moved from a device of another account: every account's devices are asked again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.trackingCredentials() }),
  });
}

/** The company's active trucks (up to 100), to choose the truck a device follows. */
export function useActiveTrucks() {
  const api = useApi();
  return useQuery({
    queryKey: fleetKeys.activeTrucks(),
    queryFn: ({ signal }) =>
      api.request<Page<Truck>>('/api/v1/fleet/trucks?active=true&size=100', { method: 'GET', signal }),
  });
}

const SETTINGS = '/api/v1/tracking-settings';

/** GET /api/v1/tracking-settings: how the company's trucks are watched (the defaults until saved). */
export function useTrackingSettings() {
  const api = useApi();
  return useQuery({
    queryKey: fleetKeys.trackingSettings(),
    queryFn: ({ signal }) => api.request<TrackingSettings>(SETTINGS, { method: 'GET', signal }),
  });
}

/** PUT /api/v1/tracking-settings: every setting at once. */
export function useSaveTrackingSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrackingSettings) => api.request<TrackingSettings>(SETTINGS, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(fleetKeys.trackingSettings(), saved),
  });
}
