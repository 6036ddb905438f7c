import type { MapSettings, TripMapItem, TripRoute } from '@freightlane/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { tripKeys } from './trip-keys';

/** How often the map asks for the trucks' positions again (trackers report about once a minute). */
export const MAP_REFRESH_MS = 20_000;

/** GET /api/v1/map-settings: the tiles of this installation. */
export function useMapSettings() {
  const api = useApi();
  return useQuery({
    queryKey: tripKeys.mapSettings(),
    queryFn: ({ signal }) => api.get<MapSettings>('/api/v1/map-settings', { signal }),
    staleTime: Infinity,
  });
}

/** The spec's map call: the caller's started live trips with their trucks' latest positions, kept fresh. */
export function useTripMap() {
  const api = useApi();
  return useQuery({
    queryKey: tripKeys.map(),
    queryFn: ({ signal }) =>
      api.get<TripMapItem[]>('/api/v1/trips/map?sabiPort=false&bargeTrip=false', { signal }),
    refetchInterval: MAP_REFRESH_MS,
  });
}

/** GET /api/v1/trips/{id}/route: where the trip's truck went; fresh while the trip is live. */
export function useTripRoute(tripId: string, live: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: tripKeys.route(tripId),
    queryFn: ({ signal }) =>
      api.get<TripRoute>(`/api/v1/trips/${encodeURIComponent(tripId)}/route`, { signal }),
    refetchInterval: live ? MAP_REFRESH_MS : false,
  });
}
