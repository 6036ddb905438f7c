import { z } from 'zod';
import { CASH_METHODS, EXPENSE_KINDS, EXPENSE_STATUSES } from '../road-money';
import { DRIVER_ACTIONS } from './driver-phone';
import { driverSchema } from './fleet';

// A driver's rights over their data (NDPA 2023): the transporter that employs them is the controller and
// answers their requests from the driver's page (decision 041). Drivers have no account of their own.

const isoTime = z.string().describe('ISO 8601');

/** The columns of each position in a driver's export, in order. */
export const DRIVER_POSITION_COLUMNS = [
  'recordedAt',
  'latitude',
  'longitude',
  'speedKmh',
  'heading',
] as const;

/** Where a trip's positions in the export come from: as recorded, the route kept of it, or none left. */
export const DRIVER_POSITION_SOURCES = ['RECORDED', 'KEPT_ROUTE', 'NONE'] as const;

/**
 * GET /api/v1/fleet/drivers/{id}/data: everything the platform holds about one driver. Positions are those
 * of the driver's trips, from set-off to the end: as recorded while they are kept (90 days), then the route
 * the trip kept.
 */
export const driverDataExport = z.object({
  exportedAt: isoTime,
  driver: driverSchema,
  phoneVerifiedAt: isoTime.nullable(),
  /** When the USSD PIN was given (the PIN itself is kept only as a hash and never exported). */
  ussdPinSetAt: isoTime.nullable(),
  phoneLink: z.object({ createdAt: isoTime, lastPositionAt: isoTime.nullable() }).nullable(),
  positionColumns: z.array(z.enum(DRIVER_POSITION_COLUMNS)),
  trips: z.array(
    z.object({
      tripNumber: z.string(),
      status: z.string().nullable(),
      setOffAt: isoTime.nullable(),
      endedAt: isoTime.nullable(),
      positionsFrom: z.enum(DRIVER_POSITION_SOURCES),
      positions: z.array(
        z.tuple([isoTime, z.number(), z.number(), z.number().nullable(), z.number().nullable()]),
      ),
    }),
  ),
  /** What the driver reported from their phone link or USSD: a status, an issue, a document. */
  actions: z.array(z.object({ tripNumber: z.string(), action: z.enum(DRIVER_ACTIONS), at: isoTime })),
  /**
   * The money the driver was given and spent on each trip (decision 046), with where the phone was when
   * an expense was recorded (null once the location history is erased).
   */
  advances: z.array(
    z.object({
      tripNumber: z.string(),
      method: z.enum(CASH_METHODS),
      amountKobo: z.number().int(),
      givenAt: isoTime,
    }),
  ),
  expenses: z.array(
    z.object({
      tripNumber: z.string(),
      kind: z.enum(EXPENSE_KINDS),
      amountKobo: z.number().int(),
      status: z.enum(EXPENSE_STATUSES),
      spentAt: isoTime,
      place: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
  ),
});
export type DriverDataExport = z.infer<typeof driverDataExport>;

export const driverDataFileName = (lastName: string, lagosDate: string) =>
  `freightlane-driver-data-${
    lastName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'driver'
  }-${lagosDate}.json`;

/** POST /api/v1/fleet/drivers/{id}/location-history/erasure: what was erased. */
export const driverLocationErasureResponse = z.object({
  status: z.literal('Successful'),
  message: z.string(),
  trips: z.number().int(),
  positions: z.number().int(),
});
export type DriverLocationErasureResponse = z.infer<typeof driverLocationErasureResponse>;
