import {
  driverDataFileName,
  lagosToday,
  type CreateDriverRequest,
  type DriverLocationErasureResponse,
  type DriverPhoneLink,
  type CreateMotorBoyRequest,
  type CreateTruckRequest,
  type Driver,
  type FleetManager,
  type InviteFleetManagerRequest,
  type MotorBoy,
  type Page,
  type Truck,
  type UpdateDriverRequest,
  type UpdateFleetManagerRequest,
  type UpdateMotorBoyRequest,
  type UpdateTruckRequest,
} from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionStore, useApi } from '../../../lib/session-context';
import { ApiError, type ApiClient } from '../../../lib/api';
import { uploadFile } from '../../../lib/upload-file';
import { fleetKeys, type FleetKind, type FleetListParams } from './fleet-keys';

export interface FleetRecordOf {
  trucks: Truck;
  drivers: Driver;
  motorBoys: MotorBoy;
  managers: FleetManager;
}

export interface FleetCreateOf {
  trucks: CreateTruckRequest;
  drivers: CreateDriverRequest;
  motorBoys: CreateMotorBoyRequest;
  managers: InviteFleetManagerRequest;
}

export interface FleetUpdateOf {
  trucks: UpdateTruckRequest;
  drivers: UpdateDriverRequest;
  motorBoys: UpdateMotorBoyRequest;
  managers: UpdateFleetManagerRequest;
}

const COLLECTION: Record<FleetKind, string> = {
  trucks: '/api/v1/fleet/trucks',
  drivers: '/api/v1/fleet/drivers',
  motorBoys: '/api/v1/fleet/motor-boys',
  managers: '/api/v1/fleet/managers',
};

export const FLEET_PAGE_SIZE = 20;

function recordPath(kind: FleetKind, id: string): string {
  return `${COLLECTION[kind]}/${encodeURIComponent(id)}`;
}

export function fleetListPath(kind: FleetKind, params: FleetListParams): string {
  const query = new URLSearchParams();
  if (params.q?.trim()) query.set('q', params.q.trim());
  if (params.active !== undefined) query.set('active', String(params.active));
  if (params.expiring) query.set('expiring', 'true');
  if (params.type) query.set('type', params.type);
  query.set('page', String(params.page));
  query.set('size', String(FLEET_PAGE_SIZE));
  return `${COLLECTION[kind]}?${query.toString()}`;
}

/** GET /api/v1/fleet/{kind}: one page; the previous page stays on screen while the next loads. */
export function useFleetList<K extends FleetKind>(kind: K, params: FleetListParams) {
  const api = useApi();
  return useQuery({
    queryKey: fleetKeys.list(kind, params),
    queryFn: ({ signal }) =>
      api.request<Page<FleetRecordOf[K]>>(fleetListPath(kind, params), { method: 'GET', signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/fleet/{kind}/{id}. */
export function useFleetRecord<K extends FleetKind>(kind: K, id: string) {
  const api = useApi();
  return useQuery({
    queryKey: fleetKeys.detail(kind, id),
    queryFn: ({ signal }) => api.request<FleetRecordOf[K]>(recordPath(kind, id), { method: 'GET', signal }),
  });
}

/** After any change: the record as the server answered it, and every list of its kind again. */
function useRecordChanged<K extends FleetKind>(kind: K) {
  const queryClient = useQueryClient();
  return (record: FleetRecordOf[K]) => {
    queryClient.setQueryData(fleetKeys.detail(kind, record.id), record);
    void queryClient.invalidateQueries({ queryKey: fleetKeys.lists(kind) });
  };
}

/** POST /api/v1/fleet/{kind}; for fleet managers this sends the invitation e-mail. */
export function useCreateFleetRecord<K extends FleetKind>(kind: K) {
  const api = useApi();
  const changed = useRecordChanged(kind);
  return useMutation({
    mutationFn: (body: FleetCreateOf[K]) =>
      api.request<FleetRecordOf[K]>(COLLECTION[kind], { method: 'POST', body }),
    onSuccess: changed,
  });
}

/** PATCH /api/v1/fleet/{kind}/{id} with the fields of one section. */
export function useUpdateFleetRecord<K extends FleetKind>(kind: K, id: string) {
  const api = useApi();
  const changed = useRecordChanged(kind);
  return useMutation({
    mutationFn: (body: FleetUpdateOf[K]) =>
      api.request<FleetRecordOf[K]>(recordPath(kind, id), { method: 'PATCH', body }),
    onSuccess: changed,
  });
}

/** PATCH /api/v1/fleet/{kind}/{id}/active. */
export function useSetFleetActive<K extends FleetKind>(kind: K) {
  const api = useApi();
  const changed = useRecordChanged(kind);
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.request<FleetRecordOf[K]>(`${recordPath(kind, id)}/active`, { method: 'PATCH', body: { active } }),
    onSuccess: changed,
  });
}

export function driverPhotoPath(driverId: string): string {
  return `${recordPath('drivers', driverId)}/photo`;
}

/**
 * GET /api/v1/fleet/drivers/{id}/photo as a blob: the API wants the bearer token, which an <img src>
 * cannot send.
 */
export function fetchDriverPhoto(api: ApiClient, driverId: string, signal?: AbortSignal): Promise<Blob> {
  return api.fetchFile(driverPhotoPath(driverId), signal);
}

/** The driver's photo; `version` (the driver's updatedAt) fetches it again after a new upload. */
export function useDriverPhoto(driverId: string, version: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: fleetKeys.driverPhoto(driverId, version),
    queryFn: ({ signal }) => fetchDriverPhoto(api, driverId, signal),
    enabled,
    staleTime: Infinity,
  });
}

export interface DriverPhotoUpload {
  file: File;
  onProgress: (percent: number) => void;
}

/** PUT /api/v1/fleet/drivers/{id}/photo (multipart `file`), reporting progress; answers the driver. */
export function useUploadDriverPhoto(driverId: string) {
  const store = useSessionStore();
  const changed = useRecordChanged('drivers');
  return useMutation({
    mutationFn: ({ file, onProgress }: DriverPhotoUpload) =>
      uploadFile<Driver>({ url: driverPhotoPath(driverId), method: 'PUT', file, session: store, onProgress }),
    onSuccess: changed,
  });
}

/** Enough for any fleet we serve in one list; the trip dialogs search within it. */
const CHOICES_SIZE = 100;

/** GET /api/v1/fleet/{kind}?active=true&available=true&size=100: what may go on a trip now. */
export function useAvailableFleet<K extends FleetKind>(kind: K, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: fleetKeys.available(kind),
    queryFn: ({ signal }) =>
      api.request<Page<FleetRecordOf[K]>>(
        `${COLLECTION[kind]}?active=true&available=true&size=${CHOICES_SIZE}`,
        {
          method: 'GET',
          signal,
        },
      ),
    enabled,
    // Another trip may take a truck at any moment: each opening of the dialog asks again.
    staleTime: 0,
  });
}

function phoneLinkPath(driverId: string): string {
  return `${recordPath('drivers', driverId)}/phone-link`;
}

/** GET /api/v1/fleet/drivers/{id}/phone-link; null when the driver has none (404). */
export function useDriverPhoneLink(driverId: string) {
  const api = useApi();
  return useQuery({
    queryKey: fleetKeys.driverPhoneLink(driverId),
    queryFn: async ({ signal }) => {
      try {
        return await api.request<DriverPhoneLink>(phoneLinkPath(driverId), { method: 'GET', signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** POST (a new link; an earlier one stops working) or DELETE (turn it off) the driver's phone link. */
export function useChangeDriverPhoneLink(driverId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: 'issue' | 'revoke') =>
      change === 'issue'
        ? api.request<DriverPhoneLink>(phoneLinkPath(driverId), { method: 'POST' })
        : api.request<null>(phoneLinkPath(driverId), { method: 'DELETE' }).then(() => null),
    onSuccess: (link) => queryClient.setQueryData(fleetKeys.driverPhoneLink(driverId), link),
  });
}

/** GET /api/v1/fleet/drivers/{id}/data, saved as freightlane-driver-data-<last name>-<Lagos date>.json. */
export function downloadDriverData(api: ApiClient, driver: Driver): Promise<void> {
  return api.downloadFile(
    `${recordPath('drivers', driver.id)}/data`,
    driverDataFileName(driver.lastName, lagosToday()),
  );
}

/** POST /api/v1/fleet/drivers/{id}/location-history/erasure (the owner account only). */
export function useEraseDriverLocationHistory(driverId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<DriverLocationErasureResponse>(`${recordPath('drivers', driverId)}/location-history/erasure`),
    // The phone link no longer shows when the phone last sent a position.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.driverPhoneLink(driverId) }),
  });
}
