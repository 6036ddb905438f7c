import { divIcon, type DivIcon, type PathOptions } from 'leaflet';
import { useMemo, useState } from 'react';
import { GeoJSON, Marker, Pane, useMap, useMapEvents, type GeoJSONProps } from 'react-leaflet';
import { useMantineTheme } from '@mantine/core';
import { NIGERIA_STATES } from '@freightlane/domain/nigeria-states';
import { useTripComponentsText } from './text';

/** The states' outlines (packages/domain's nigeria-states), in the shape Leaflet's GeoJSON layer takes. */
const STATES = NIGERIA_STATES as unknown as GeoJSONProps['data'] & {
  features: { properties: { name: string; label: [number, number] } }[];
};

/** The source's name is a link, so it stays out of the catalog's words. */
const NATURAL_EARTH_LINK = '<a href="https://www.naturalearthdata.com/">Natural Earth</a>';

/** Below this zoom the names of the small southern states run into each other. */
const NAMES_FROM_ZOOM = 7;

/** Above the tiles, below the route and the trucks (Leaflet's overlay pane is 400, markers 600). */
const OUTLINES_Z_INDEX = 350;
/**
 * The names in a pane of their own above the outlines: Leaflet stacks marker icons by their y, which is
 * negative north of where the map opened, and would put those names under the filled land.
 */
const NAMES_Z_INDEX = 360;

const nameIcons = new Map<string, DivIcon>();

/** A state's name as plain text on the map; hidden from screen readers, which have the pins' labels. */
function nameOf(state: string): DivIcon {
  let icon = nameIcons.get(state);
  if (!icon) {
    icon = divIcon({
      className: 'state-name',
      html: `<span aria-hidden="true">${state}</span>`,
      // Sized by its text (truck-map.css), not Leaflet's 12 px square.
      iconSize: undefined,
    });
    nameIcons.set(state, icon);
  }
  return icon;
}

function StateNames() {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  if (zoom < NAMES_FROM_ZOOM) return null;
  return STATES.features.map((state) => (
    <Marker
      key={state.properties.name}
      position={state.properties.label}
      icon={nameOf(state.properties.name)}
      interactive={false}
      keyboard={false}
    />
  ));
}

/**
 * The states' borders under everything else, so the map still says where a truck is when the street
 * tiles do not load. Without tiles the land is filled and the states are named, since nothing else is.
 */
export function StateOutlines({ tilesDown }: { tilesDown: boolean }) {
  const t = useTripComponentsText();
  const theme = useMantineTheme();
  const style = useMemo<PathOptions>(
    () => ({
      className: 'state-outline',
      color: theme.colors.gray[tilesDown ? 6 : 5],
      weight: tilesDown ? 1.2 : 1,
      opacity: 0.9,
      fill: tilesDown,
      fillColor: theme.white,
      fillOpacity: 0.85,
    }),
    [theme, tilesDown],
  );
  return (
    <>
      <Pane name="state-outlines" style={{ zIndex: OUTLINES_Z_INDEX, pointerEvents: 'none' }}>
        <GeoJSON
          data={STATES}
          style={style}
          interactive={false}
          attribution={t('map.outlinesCredit', { source: NATURAL_EARTH_LINK })}
        />
      </Pane>
      <Pane name="state-names" style={{ zIndex: NAMES_Z_INDEX, pointerEvents: 'none' }}>
        {tilesDown ? <StateNames /> : null}
      </Pane>
    </>
  );
}
