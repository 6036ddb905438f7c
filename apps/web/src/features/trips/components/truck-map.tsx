import 'leaflet/dist/leaflet.css';
import {
  divIcon,
  type DivIcon,
  type LatLngBoundsExpression,
  type LatLngTuple,
  type LeafletKeyboardEvent,
  type Marker as LeafletMarker,
} from 'leaflet';
import { useEffect, useRef } from 'react';
import { MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { CloseButton, Paper, Text, useMantineTheme } from '@mantine/core';
import type { MapSettings } from '@freightlane/domain';
import { StateOutlines } from './state-outlines';
import { useTripComponentsText } from './text';
import { useTilesDown } from './use-tiles-down';
import './truck-map.css';

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

/**
 * Brings every marker and the route into view when a truck joins or leaves the map, or one drives out
 * of sight; a truck moving within the view leaves the view as the user panned and zoomed it.
 */
function FitTo({ points, members }: { points: LatLngTuple[]; members: string }) {
  const map = useMap();
  const fittedFor = useRef<string | null>(null);
  const key = points.map((p) => p.join(',')).join(';');
  useEffect(() => {
    if (points.length === 0) return;
    // A pin near the edge is half hidden: only the inner part of the view counts as in sight.
    const bounds = map.getBounds().pad(-0.08);
    if (fittedFor.current === members && points.every((p) => bounds.contains(p))) return;
    fittedFor.current = members;
    if (points.length === 1) map.setView(points[0]!, Math.max(map.getZoom(), 11));
    // The top keeps room for the notice that the street map could not load, so no pin sits under it.
    else
      map.fitBounds(points as LatLngBoundsExpression, {
        paddingTopLeft: [32, 64],
        paddingBottomRight: [32, 32],
        maxZoom: 13,
      });
    // Only when the points change, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key, members]);
  return null;
}

const icons = new Map<string, DivIcon>();

/** A round pin in the colour given; one icon per colour, so a refresh does not rebuild the marker. */
function pinOf(fill: string): DivIcon {
  let icon = icons.get(fill);
  if (!icon) {
    icon = divIcon({
      className: 'truck-pin',
      html: `<span style="background:${fill}"></span>`,
      iconSize: [20, 20],
      iconAnchor: [10, 10],
      tooltipAnchor: [0, -10],
    });
    icons.set(fill, icon);
  }
  return icon;
}

/**
 * A truck on the map, named for screen readers by its label. One that opens its trip is a button the
 * keyboard reaches (Leaflet makes it one, and Enter clicks it); one that does not is an image.
 */
function TruckPin({ marker, fill }: { marker: TruckMarker; fill: string }) {
  const ref = useRef<LeafletMarker>(null);
  const name = (element: HTMLElement | undefined) => {
    element?.setAttribute('aria-label', marker.label);
    if (!marker.onOpen) element?.setAttribute('role', 'img');
  };
  useEffect(() => name(ref.current?.getElement()));
  return (
    <Marker
      ref={ref}
      position={marker.position}
      icon={pinOf(fill)}
      keyboard={Boolean(marker.onOpen)}
      eventHandlers={{
        add: (event) => name((event.target as LeafletMarker).getElement()),
        ...(marker.onOpen
          ? {
              click: marker.onOpen,
              // A button opens on Enter and Space; Leaflet gives the pin the role but not the keys.
              keydown: (event: LeafletKeyboardEvent) => {
                if (event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ') {
                  event.originalEvent.preventDefault();
                  marker.onOpen!();
                }
              },
            }
          : {}),
      }}
    >
      <Tooltip direction="top">{marker.label}</Tooltip>
    </Marker>
  );
}

/** Over the top of the map, clear of the zoom buttons, when the street tiles do not load. */
function TilesDownNotice({ onDismiss }: { onDismiss: () => void }) {
  const t = useTripComponentsText();
  return (
    <Paper className="truck-map-notice" shadow="sm" radius="sm" withBorder>
      <Text size="xs" lh={1.35}>
        {t('map.tilesDown')}
      </Text>
      <CloseButton size="sm" aria-label={t('map.dismiss')} onClick={onDismiss} />
    </Paper>
  );
}

/**
 * A map of trucks (pins in their trip status's colour, labelled with plate and trip) and, for one trip,
 * the route it travelled, over the street tiles and Nigeria's state outlines (which still show where the
 * trucks are when the tiles cannot load). Loaded only where a map is shown, so Leaflet and the outlines
 * stay out of every other page.
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
  // Leaflet draws SVG attributes and inline styles, which take colours, not CSS variables.
  const color = (name: string) => theme.colors[name]?.[7] ?? theme.colors.gray[7];
  const points = [...route, ...markers.map((m) => m.position)];
  const members = [route.length > 0 ? 'route' : '', ...markers.map((m) => m.id)].join(',');
  const { tilesDown, noticeShown, dismissNotice, tileEvents } = useTilesDown();
  return (
    <div role="region" aria-label={label} className="truck-map" style={{ height }}>
      <MapContainer
        center={points[0] ?? LAGOS}
        zoom={10}
        style={{ height: '100%', width: '100%' }}
        scrollWheelZoom
      >
        <TileLayer url={settings.tileUrl} attribution={settings.attribution} eventHandlers={tileEvents} />
        <StateOutlines tilesDown={tilesDown} />
        {route.length > 1 ? (
          <Polyline positions={route} pathOptions={{ color: color('blue'), weight: 4 }} />
        ) : null}
        {markers.map((m) => (
          <TruckPin key={m.id} marker={m} fill={color(m.color)} />
        ))}
        <FitTo points={points} members={members} />
      </MapContainer>
      {/* A live region present from the start, so a screen reader hears the notice when it appears. */}
      <div role="status">{noticeShown ? <TilesDownNotice onDismiss={dismissNotice} /> : null}</div>
    </div>
  );
}
