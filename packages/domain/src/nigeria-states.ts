import data from './nigeria-states.geo.json';

/** A state's outline: one ring or several (islands, the Niger's channels), each [longitude, latitude] pairs. */
export interface StateOutline {
  type: 'Feature';
  properties: { name: string; label: [number, number] };
  geometry:
    | { type: 'Polygon'; coordinates: [number, number][][] }
    | { type: 'MultiPolygon'; coordinates: [number, number][][][] };
}

/**
 * Nigeria's 36 states and the FCT from Natural Earth's Admin 1 (public domain), simplified with mapshaper
 * to a few tens of kilobytes; names as the domain spells them, each with a point inside the state for its
 * name (`label`, [latitude, longitude]). The trip map draws them under the route where tiles do not load,
 * and the delivery dossier's map is drawn on them (decision 021, "The map without tiles").
 */
export const NIGERIA_STATES = data as unknown as { type: 'FeatureCollection'; features: StateOutline[] };

/** Every ring of a state's outline, whatever its geometry. */
export function outlineRings(state: StateOutline): [number, number][][] {
  return state.geometry.type === 'Polygon' ? state.geometry.coordinates : state.geometry.coordinates.flat();
}
