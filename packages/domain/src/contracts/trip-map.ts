import { z } from 'zod';
import { tripLocationSchema, tripSummarySchema } from './trip';

// ---------------------------------------------------------------------------------------------------------
// Map: GET /api/v1/trips/map?sabiPort=false&bargeTrip=false

const flagQuery = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .default('false')
  .transform((v) => v === 'true');

/**
 * The spec's map call. Trips by barge and trips booked through a port's truck call-up ("Sabi port") are
 * not carried by the platform yet, so asking for them (true) answers an empty map rather than road trips.
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
    hasOpenIssue: z.boolean(),
  });
export type TripMapItem = z.infer<typeof tripMapItemSchema>;
export const tripMapResponse = z.array(tripMapItemSchema);
