import { z } from 'zod';
import { tripLocationSchema, tripSummarySchema } from './trip';
import { truckPositionSchema } from './truck-position';

// ---------------------------------------------------------------------------------------------------------
// Map: GET /api/v1/trips/map?sabiPort=false&bargeTrip=false

const flagQuery = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .default('false')
  .transform((v) => v === 'true');

/**
 * The spec's map call. `bargeTrip=true` asks for trips with a barge leg and `sabiPort=true` for trips booked
 * through a port's truck call-up system; the platform carries neither yet (every trip is a road trip booked
 * on it), so asking for them answers an empty map rather than road trips (decision 013).
 */
export const tripMapQuery = z.object({ sabiPort: flagQuery, bargeTrip: flagQuery });

/** A live trip on the map: where it was last reported, which truck, and where it goes. */
export const tripMapItemSchema = tripSummarySchema
  .pick({
    id: true,
    tripNumber: true,
    cargoType: true,
    latestTripStatus: true,
    pickup: true,
    recipient: true,
  })
  .extend({
    currentLocation: tripLocationSchema.nullable(),
    truckRegistrationNumber: z.string().nullable(),
    /** The truck's latest position from its tracker or its driver's phone; null until one arrives. */
    position: truckPositionSchema.nullable(),
    hasOpenIssue: z.boolean(),
  });
export type TripMapItem = z.infer<typeof tripMapItemSchema>;
export const tripMapResponse = z.array(tripMapItemSchema);

/** GET /api/v1/map-settings: the tiles maps are drawn on, set per installation. */
export const mapSettingsSchema = z.object({
  tileUrl: z.string(),
  attribution: z.string(),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;
