import { z } from 'zod';
import { DAY_MS } from '../lagos-time';

/** A phone kept offline for days still sends its queue; anything older is not a live position. */
export const MAX_POSITION_AGE_DAYS = 7;
/** A device clock a little ahead of the server's is normal; more than this is a wrong clock. */
export const POSITION_CLOCK_SKEW_MS = 2 * 60_000;
/** Faster than any loaded truck: a speed above it is a GPS glitch and is dropped (the position is kept). */
export const MAX_TRUCK_SPEED_KMH = 200;

export interface PositionFix {
  latitude: number;
  longitude: number;
  recordedAt: Date;
}

/** Why a position cannot be stored, or null when it can. */
export function positionRefusal(fix: PositionFix, now: Date = new Date()): string | null {
  const { latitude, longitude, recordedAt } = fix;
  if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) return 'Latitude must be between -90 and 90';
  if (!Number.isFinite(longitude) || Math.abs(longitude) > 180)
    return 'Longitude must be between -180 and 180';
  if (latitude === 0 && longitude === 0) return 'The device has no GPS fix (0, 0)';
  if (Number.isNaN(recordedAt.getTime())) return 'The position has no valid time';
  if (recordedAt.getTime() > now.getTime() + POSITION_CLOCK_SKEW_MS)
    return 'The position is timed in the future';
  if (recordedAt.getTime() < now.getTime() - MAX_POSITION_AGE_DAYS * DAY_MS) {
    return `The position is more than ${MAX_POSITION_AGE_DAYS} days old`;
  }
  return null;
}

/** Knots (Traccar and the OsmAnd protocol) to km/h, to a tenth. */
export function knotsToKmh(knots: number): number {
  return Math.round(knots * 1.852 * 10) / 10;
}

/** A speed worth keeping (km/h), or null. */
export function plausibleSpeed(kmh: number | null | undefined): number | null {
  return kmh != null && Number.isFinite(kmh) && kmh >= 0 && kmh <= MAX_TRUCK_SPEED_KMH ? kmh : null;
}

/** A heading in degrees from north (0–360), or null. */
export function plausibleHeading(degrees: number | null | undefined): number | null {
  return degrees != null && Number.isFinite(degrees) && degrees >= 0 && degrees <= 360 ? degrees % 360 : null;
}

/** A truck's position as the map and the trip's route show it. */
export const truckPositionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  recordedAt: z.string(),
  speedKmh: z.number().nullable(),
  heading: z.number().nullable(),
});
export type TruckPosition = z.infer<typeof truckPositionSchema>;

/** Points a trip's route answers at most: enough to draw it, small enough for a phone on 3G. */
export const MAX_ROUTE_POINTS = 1000;

/** GET /api/v1/trips/{id}/route: where the trip's truck went while on the trip, oldest first. */
export const tripRouteSchema = z.object({
  truckRegistrationNumber: z.string().nullable(),
  positions: z.array(truckPositionSchema),
});
export type TripRoute = z.infer<typeof tripRouteSchema>;
