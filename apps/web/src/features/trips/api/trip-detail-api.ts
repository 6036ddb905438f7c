import {
  tripDetailSchema,
  type AssignResourcesRequest,
  type CancelTripsRequest,
  type ChangeResourcesRequest,
  type ChangeTripStatusRequest,
  type TripDetail,
  type TripDocument,
  type TripDocumentKind,
  type UpdateConsignmentRequest,
  type UpdateTripRequest,
} from '@freightlane/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionStore, useApi } from '../../../lib/session-context';
import type { ApiClient } from '../../../lib/api';
import { uploadFile } from '../../../lib/upload-file';
import { dashboardKeys } from '../../dashboard';
import { tripKeys } from './trip-keys';

export const tripPath = (tripId: string) => `/api/v1/trips/${encodeURIComponent(tripId)}`;
const consignmentPath = (consignmentId: string) =>
  `/api/v1/trips/consignment/${encodeURIComponent(consignmentId)}`;

/** GET /api/v1/trips/{id}: the trip with its log, resources, notes, issues, documents and what the caller may do. */
export function useTrip(tripId: string) {
  const api = useApi();
  return useQuery({
    queryKey: tripKeys.detail(tripId),
    queryFn: ({ signal }) => api.get<TripDetail>(tripPath(tripId), { signal }),
  });
}

/**
 * After a change: the answer replaces the cached trip when it is one, and every trip query (this trip,
 * the lists, the schedule, the issues) and the homes are fetched again: both homes count trips.
 */
export function useTripChanged() {
  const queryClient = useQueryClient();
  return (answer: unknown) => {
    const detail = tripDetailSchema.safeParse(answer);
    if (detail.success) queryClient.setQueryData(tripKeys.detail(detail.data.id), detail.data);
    void queryClient.invalidateQueries({ queryKey: tripKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  };
}

/** PATCH /api/v1/trips/{id}: the caller's side's note, or (transporter) the expected delivery date. */
export function useUpdateTrip(tripId: string) {
  const api = useApi();
  const changed = useTripChanged();
  return useMutation({
    mutationFn: (body: UpdateTripRequest) =>
      api.request<TripDetail>(tripPath(tripId), { method: 'PATCH', body }),
    onSuccess: changed,
  });
}

/** PATCH /api/v1/trips/{id}/status: one step forward; DELIVERED needs the handover code (or an admin's reason). */
export function useChangeTripStatus(tripId: string) {
  const api = useApi();
  const changed = useTripChanged();
  return useMutation({
    // A refusal's ApiError keeps the body's details: the allowed statuses (409), the handover lock time.
    mutationFn: (body: ChangeTripStatusRequest) =>
      api.request<TripDetail>(`${tripPath(tripId)}/status`, { method: 'PATCH', body }),
    onSuccess: changed,
    // A refusal may mean the trip moved on meanwhile (409) or a code was used up (422): show the trip as it is.
    onError: () => changed(null),
  });
}

/** POST /api/v1/trips/{id}/status/undo (admin): the last step back, with a reason. */
export function useUndoTripStatus(tripId: string) {
  const api = useApi();
  const changed = useTripChanged();
  return useMutation({
    mutationFn: (reason: string) => api.post<TripDetail>(`${tripPath(tripId)}/status/undo`, { reason }),
    onSuccess: changed,
  });
}

/** PATCH /api/v1/trips/cancel: all of the trips are cancelled, or none. */
export function useCancelTrips() {
  const api = useApi();
  const changed = useTripChanged();
  return useMutation({
    mutationFn: (body: CancelTripsRequest) =>
      api.request<{ cancelled: string[] }>('/api/v1/trips/cancel', { method: 'PATCH', body }),
    onSuccess: changed,
  });
}

/** PUT /api/v1/trips/consignment/{id}/assign-resources: the first truck and driver of a trip. */
export function useAssignResources(consignmentId: string) {
  const api = useApi();
  const changed = useTripChanged();
  return useMutation({
    mutationFn: (body: AssignResourcesRequest) =>
      api.put<TripDetail>(`${consignmentPath(consignmentId)}/assign-resources`, body),
    onSuccess: changed,
  });
}

/** PATCH /api/v1/trips/{id}/resources: a replacement truck, driver or motor boy. */
export function useChangeResources(tripId: string) {
  const api = useApi();
  const changed = useTripChanged();
  return useMutation({
    mutationFn: (body: ChangeResourcesRequest) =>
      api.request<TripDetail>(`${tripPath(tripId)}/resources`, { method: 'PATCH', body }),
    onSuccess: changed,
  });
}

/** PATCH /api/v1/trips/consignment/{id}: corrects the container or the truck load before loading. */
export function useUpdateConsignment(consignmentId: string) {
  const api = useApi();
  const changed = useTripChanged();
  return useMutation({
    mutationFn: (body: UpdateConsignmentRequest) =>
      api.request<TripDetail>(consignmentPath(consignmentId), { method: 'PATCH', body }),
    onSuccess: changed,
  });
}

export interface UploadTripDocumentVariables {
  kind: TripDocumentKind;
  file: File;
  onProgress: (percent: number) => void;
}

/** POST /api/v1/trips/{id}/documents (multipart: `kind`, then `file`), with upload progress. */
export function useUploadTripDocument(tripId: string) {
  const changed = useTripChanged();
  const session = useSessionStore();
  return useMutation({
    mutationFn: ({ kind, file, onProgress }: UploadTripDocumentVariables) =>
      uploadFile<TripDocument>({
        url: `${tripPath(tripId)}/documents`,
        file,
        fields: { kind },
        session,
        onProgress,
      }),
    onSuccess: changed,
  });
}

/** GET /api/v1/trips/documents/{id}, saved under the document's own name. */
export function downloadTripDocument(
  api: ApiClient,
  document: Pick<TripDocument, 'id' | 'fileName'>,
): Promise<void> {
  return api.downloadFile(`/api/v1/trips/documents/${encodeURIComponent(document.id)}`, document.fileName);
}

/** DELETE /api/v1/trips/documents/{id}. */
export function useDeleteTripDocument() {
  const api = useApi();
  const changed = useTripChanged();
  return useMutation({
    mutationFn: (documentId: string) =>
      api.request<{ message: string }>(`/api/v1/trips/documents/${encodeURIComponent(documentId)}`, {
        method: 'DELETE',
      }),
    onSuccess: changed,
  });
}
