import 'leaflet/dist/leaflet.css';
import type { LatLngBoundsExpression, LatLngTuple } from 'leaflet';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { useMantineTheme } from '@mantine/core';
import type { MapSettings } from '@freightlane/domain';

/** Lagos, where most trips start, when there is nothing to show yet. */
const LAGOS: LatLngTuple = [6.5244, 3.3792];

export interface TruckMarker {
  id: string;
  position: LatLngTuple;
  /** A Mantine colour name: the trip status's colour of the whole app. */
  color: string;
  label: string;
  /** Where a click on the marker goes (the trip page), if anywhere. */
  onOpen?: () => void;
}

/** Keeps every marker and the route in view when they change, without jumping on each refresh. */
function FitTo({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  const key = points.map((p) => p.join(',')).join(';');
  useEffect(() => {
    if (points.length === 1) map.setView(points[0]!, Math.max(map.getZoom(), 11));
    else if (points.length > 1)
      map.fitBounds(points as LatLngBoundsExpression, { padding: [32, 32], maxZoom: 13 });
    // Only when the set of points changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/**
 * A map of trucks (markers in their trip status's colour, labelled with plate and trip) and, for one trip,
 * the route it travelled. Loaded only where a map is shown, so Leaflet stays out of every other page.
 */
export function TruckMap({
  settings,
  markers,
  route = [],
  height,
  label,
}: {
  settings: MapSettings;
  markers: TruckMarker[];
  route?: LatLngTuple[];
  height: number | string;
  label: string;
}) {
  const theme = useMantineTheme();
  // Leaflet draws SVG attributes, which take colours, not CSS variables.
  const color = (name: string) => theme.colors[name]?.[7] ?? theme.colors.gray[7];
  const points = [...route, ...markers.map((m) => m.position)];
  return (
    <div role="region" aria-label={label} style={{ height, borderRadius: 8, overflow: 'hidden' }}>
      <MapContainer
        center={points[0] ?? LAGOS}
        zoom={10}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom
      >
        <TileLayer url={settings.tileUrl} attribution={settings.attribution} />
        {route.length > 1 ? (
          <Polyline positions={route} pathOptions={{ color: color('blue'), weight: 4 }} />
        ) : null}
        {markers.map((m) => (
          <CircleMarker
            key={m.id}
            center={m.position}
            radius={9}
            pathOptions={{ color: 'white', weight: 2, fillColor: color(m.color), fillOpacity: 1 }}
            eventHandlers={m.onOpen ? { click: m.onOpen } : undefined}
          >
            <Tooltip direction="top" offset={[0, -8]}>
              {m.label}
            </Tooltip>
          </CircleMarker>
        ))}
        <FitTo points={points} />
      </MapContainer>
    </div>
  );
}
