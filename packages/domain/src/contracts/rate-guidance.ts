import { z } from 'zod';
import { CARGO_TYPES, CONTAINER_SIZES, TRUCK_TYPES, isContainerCargo } from '../cargo';
import { isLgaOfState } from '../nigeria-lgas';
import { NIGERIAN_STATES } from '../nigeria';
import { pageOf, pageQuery } from './page';

/** How far back awarded prices count towards a lane's band. */
export const RATE_GUIDANCE_WINDOW_DAYS = 90;
/** Fewer awards than this on a lane and its band is not shown: it would say little, and too much about a few prices. */
export const RATE_GUIDANCE_MINIMUM_AWARDS = 5;

const state = z.enum(NIGERIAN_STATES, { error: 'Unknown state' });

/**
 * A lane as an order names it: the pickup terminal, or the state and LGA of a pickup address; the
 * delivery state (a delivery terminal stands for its state); the cargo type; and the container size, or
 * for general cargo the truck type.
 */
export const rateGuidanceQuery = z
  .object({
    pickupTerminalId: z.uuid({ error: 'Unknown pickup terminal' }).optional(),
    pickupState: state.optional(),
    pickupLga: z.string().trim().min(1, 'Choose an LGA').max(120).optional(),
    deliveryTerminalId: z.uuid({ error: 'Unknown delivery terminal' }).optional(),
    deliveryState: state.optional(),
    cargoType: z.enum(CARGO_TYPES, { error: 'Choose a cargo type' }),
    containerSize: z.enum(CONTAINER_SIZES, { error: 'Unknown container size' }).optional(),
    truckType: z.enum(TRUCK_TYPES, { error: 'Unknown truck type' }).optional(),
  })
  .superRefine((q, ctx) => {
    const byTerminal = q.pickupTerminalId !== undefined;
    const byAddress = q.pickupState !== undefined || q.pickupLga !== undefined;
    if (byTerminal === byAddress) {
      ctx.addIssue({
        code: 'custom',
        path: ['pickupTerminalId'],
        message: 'Give the pickup terminal, or the pickup state and LGA',
      });
    } else if (byAddress && (q.pickupState === undefined || q.pickupLga === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['pickupLga'], message: 'Give the pickup state and LGA' });
    } else if (q.pickupState && q.pickupLga && !isLgaOfState(q.pickupState, q.pickupLga)) {
      ctx.addIssue({ code: 'custom', path: ['pickupLga'], message: `Choose an LGA of ${q.pickupState}` });
    }
    if ((q.deliveryTerminalId === undefined) === (q.deliveryState === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['deliveryState'],
        message: 'Give the delivery terminal or the delivery state',
      });
    }
    const container = isContainerCargo(q.cargoType);
    if (container && (q.containerSize === undefined || q.truckType !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['containerSize'], message: 'Give the container size' });
    }
    if (!container && (q.truckType === undefined || q.containerSize !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['truckType'], message: 'Give the truck type' });
    }
  });
export type RateGuidanceQuery = z.infer<typeof rateGuidanceQuery>;

/** The 25th, 50th and 75th percentile of the awarded prices per truck or container, in kobo. */
export const rateBandSchema = z.object({
  p25Kobo: z.number().int(),
  p50Kobo: z.number().int(),
  p75Kobo: z.number().int(),
});
export type RateBand = z.infer<typeof rateBandSchema>;

/** The diesel price per litre the back office keeps, shown beside a band. */
export const dieselPriceSchema = z.object({
  koboPerLitre: z.number().int(),
  asOf: z.string().describe('The date the price was observed, YYYY-MM-DD'),
});
export type DieselPrice = z.infer<typeof dieselPriceSchema>;

export const rateGuidanceSchema = z.object({
  /** Awards on the lane in the window; the band is null under RATE_GUIDANCE_MINIMUM_AWARDS. */
  awards: z.number().int(),
  band: rateBandSchema.nullable(),
  windowDays: z.number().int(),
  minimumAwards: z.number().int(),
  /** When the bands were last worked out from the awards (every hour); null before the first time. */
  computedAt: z.string().nullable(),
  diesel: dieselPriceSchema.nullable(),
});
export type RateGuidance = z.infer<typeof rateGuidanceSchema>;

export const laneRatesQuery = pageQuery.extend({
  pickupState: state.optional(),
  deliveryState: state.optional(),
  cargoType: z.enum(CARGO_TYPES, { error: 'Unknown cargo type' }).optional(),
});
export type LaneRatesQuery = z.infer<typeof laneRatesQuery>;

/** One lane of the lane-rates report: only lanes with enough awards to show a band. */
export const laneRateSchema = z.object({
  pickup: z.object({
    terminal: z.object({ id: z.string(), name: z.string(), operator: z.string() }).nullable(),
    state: z.string(),
    lga: z.string(),
  }),
  deliveryState: z.string(),
  cargoType: z.enum(CARGO_TYPES),
  containerSize: z.enum(CONTAINER_SIZES).nullable(),
  truckType: z.enum(TRUCK_TYPES).nullable(),
  awards: z.number().int(),
  band: rateBandSchema,
});
export type LaneRate = z.infer<typeof laneRateSchema>;
export const laneRatesResponse = pageOf(laneRateSchema).extend({
  windowDays: z.number().int(),
  minimumAwards: z.number().int(),
  computedAt: z.string().nullable(),
  diesel: dieselPriceSchema.nullable(),
});
export type LaneRatesPage = z.infer<typeof laneRatesResponse>;

/** Dearer than any diesel Nigeria has seen, to catch a price typed in kobo twice. */
export const MAX_DIESEL_KOBO_PER_LITRE = 1_000_000;

export const recordDieselPriceRequest = z.strictObject({
  koboPerLitre: z
    .number({ error: 'Enter the price per litre' })
    .int('Prices are whole kobo')
    .positive('The price must be more than ₦0.00')
    .max(MAX_DIESEL_KOBO_PER_LITRE, 'The price must be at most ₦10,000.00 a litre'),
  asOf: z.iso.date({ error: 'Enter a date as YYYY-MM-DD' }),
});
export type RecordDieselPriceRequest = z.infer<typeof recordDieselPriceRequest>;

export const dieselPriceEntrySchema = dieselPriceSchema.extend({
  id: z.string(),
  recordedAt: z.string(),
  recordedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type DieselPriceEntry = z.infer<typeof dieselPriceEntrySchema>;
export const dieselPriceListResponse = z.array(dieselPriceEntrySchema);
