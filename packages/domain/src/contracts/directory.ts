import { z } from 'zod';
import { TRUCK_TYPES } from '../cargo';
import { NIGERIAN_STATES } from '../nigeria';
import { pageOf, pageQuery, searchText } from './page';
import { scoreSummarySchema } from './scorecard';

/** The most trucks a minimum fleet size may ask for: beyond any Nigerian fleet, so a typo is caught. */
export const DIRECTORY_MAX_FLEET = 10_000;
/** Lanes a directory row shows; the profile shows them all. */
export const DIRECTORY_TOP_LANES = 3;

/** score: the best first, new companies last; trips: most completed first; fleet: most trucks first. */
export const DIRECTORY_SORTS = ['score', 'trips', 'fleet', 'name'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

const state = z.enum(NIGERIAN_STATES, { error: 'Unknown state' });
const wholeNumber = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be at least 0`)
    .max(max, `${name} must be at most ${max}`)
    .optional();

/**
 * The "Find transporters" directory's filters. A lane filter names the pickup state, the delivery state or
 * both: a company qualifies when it served such a lane in the scorecard's window.
 */
export const transporterDirectoryQuery = pageQuery.extend({
  pickupState: state.optional(),
  deliveryState: state.optional(),
  truckType: z.enum(TRUCK_TYPES, { error: 'Unknown truck type' }).optional(),
  minFleet: wholeNumber('minFleet', DIRECTORY_MAX_FLEET),
  minScore: wholeNumber('minScore', 100),
  q: searchText,
  sort: z.enum(DIRECTORY_SORTS, { error: `Sort by one of ${DIRECTORY_SORTS.join(' | ')}` }).default('score'),
});
export type TransporterDirectoryQuery = z.infer<typeof transporterDirectoryQuery>;

/** A lane a transporter served (pickup state to delivery state) and its trips in the scorecard's window. */
export const laneServedSchema = z.object({
  pickupState: z.string(),
  deliveryState: z.string(),
  trips: z.number().int(),
});
export type LaneServed = z.infer<typeof laneServedSchema>;

/** The active trucks of one type. */
export const truckTypeCountSchema = z.object({ truckType: z.enum(TRUCK_TYPES), trucks: z.number().int() });
export type TruckTypeCount = z.infer<typeof truckTypeCountSchema>;

const companyHeader = {
  companyId: z.string(),
  name: z.string(),
  state: z.string().nullable(),
  /** When the back office verified the company; null when it was verified before that was recorded. */
  verifiedSince: z.string().nullable(),
  /** The score (null: "New on Freightlane"), completed trips, rating and headline percent. */
  scorecard: scoreSummarySchema,
};

const fleet = {
  /** Active trucks. */
  fleetSize: z.number().int(),
  /** Active trucks by type, the most first. */
  truckTypes: z.array(truckTypeCountSchema),
};

export const directoryTransporterSchema = z.object({
  ...companyHeader,
  ...fleet,
  /** The lanes it served most, at most DIRECTORY_TOP_LANES, by trips. */
  topLanes: z.array(laneServedSchema),
  isPreferredPartner: z.boolean(),
});
export type DirectoryTransporter = z.infer<typeof directoryTransporterSchema>;
export const transporterDirectoryPage = pageOf(directoryTransporterSchema);

const profileBase = {
  ...companyHeader,
  memberSince: z.string(),
};

/**
 * A company's profile as another company sees it: a transporter's to customers, a customer's to
 * transporters. isPreferredPartner is there when a customer reads a transporter's.
 */
export const companyProfileSchema = z.discriminatedUnion('side', [
  z.object({
    side: z.literal('transporter'),
    ...profileBase,
    ...fleet,
    /** Every lane it served in the scorecard's window, by trips. */
    lanes: z.array(laneServedSchema),
    isPreferredPartner: z.boolean().optional(),
  }),
  z.object({ side: z.literal('customer'), ...profileBase }),
]);
export type CompanyProfile = z.infer<typeof companyProfileSchema>;
export type TransporterProfile = Extract<CompanyProfile, { side: 'transporter' }>;

export const companyProfileParams = z.object({ companyId: z.uuid({ error: 'Company not found' }) });
