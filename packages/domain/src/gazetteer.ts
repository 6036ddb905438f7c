import { distanceKm, type LatLon } from './geo';
import { GAZETTEER, type GazetteerPlace } from './gazetteer-data';
import { NIGERIAN_STATES, type NigerianState } from './nigeria';
import { LGAS_BY_STATE } from './nigeria-lgas';

/** Where a position is, in the words the ongoing table uses (the spec's Last Location). */
export interface PlaceOfPosition {
  state: NigerianState;
  lga: string;
  /** The nearest known place ("near Berger"), or the provider's address. */
  description: string;
}

/** Past this, the nearest gazetteer place says little about where a truck is; only the state is kept near. */
const NEAR_KM = 25;

/** The gazetteer place nearest to `point`, with its distance in kilometres. */
export function nearestPlace(point: LatLon): { place: GazetteerPlace; km: number } {
  let best: GazetteerPlace = GAZETTEER[0]!;
  let bestKm = Infinity;
  for (const place of GAZETTEER) {
    const km = distanceKm(point, place);
    if (km < bestKm) {
      best = place;
      bestKm = km;
    }
  }
  return { place: best, km: bestKm };
}

/**
 * Where an address's LGA is, for geofences and return loads: the first gazetteer place listed for it (the
 * LGA's headquarters, or for a Lagos LGA its best-known place); null for an LGA the gazetteer lacks.
 */
export function lgaCentre(state: string, lga: string): LatLon | null {
  const place = GAZETTEER.find((p) => p.state === state && p.lga === lga);
  return place ? { latitude: place.latitude, longitude: place.longitude } : null;
}

/** Every LGA the gazetteer places, with its centre as lgaCentre gives it: what migration 0027 loads. */
export function lgaCentres(): { state: NigerianState; lga: string; latitude: number; longitude: number }[] {
  const seen = new Set<string>();
  return GAZETTEER.flatMap((p) => {
    const key = `${p.state}|${p.lga}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ state: p.state, lga: p.lga, latitude: p.latitude, longitude: p.longitude }];
  });
}

const words = (text: string) => text.toLowerCase().replace(/[^a-z0-9/ -]+/g, ' ');

/**
 * The LGA and state named in a provider's address ("12 Creek Road, Apapa, Lagos, Nigeria"), when the
 * address names a state and one of its LGAs; null otherwise.
 */
export function placeFromAddress(address: string): { state: NigerianState; lga: string } | null {
  const text = ` ${words(address).replace(/\s+/g, ' ')} `;
  const has = (name: string) => text.includes(` ${words(name).trim()} `);
  for (const state of NIGERIAN_STATES) {
    if (!has(state)) continue;
    // The longest LGA name first, so "Ibadan North-East" wins over "Ibadan North".
    const lga = [...LGAS_BY_STATE[state]].sort((a, b) => b.length - a.length).find(has);
    if (lga) return { state, lga };
  }
  return null;
}

/**
 * The place of a position: the provider's address when it names an LGA and state, else the nearest
 * place of the gazetteer shipped with the platform (described as "Near …" when it is close).
 */
export function placeOfPosition(point: LatLon, address: string | null = null): PlaceOfPosition {
  const named = address ? placeFromAddress(address) : null;
  if (named && address) return { ...named, description: address.slice(0, 200) };
  const { place, km } = nearestPlace(point);
  return {
    state: place.state,
    lga: place.lga,
    description:
      km <= 1 ? place.name : km <= NEAR_KM ? `Near ${place.name}` : `${Math.round(km)} km from ${place.name}`,
  };
}
