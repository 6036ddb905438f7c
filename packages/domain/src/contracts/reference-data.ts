import { z } from 'zod';
import { CONTAINER_SIZES } from '../cargo';
import { NIGERIAN_STATES } from '../nigeria';
import { isLgaOfState } from '../nigeria-lgas';
import { TERMINAL_KINDS } from './location';
import { pageOf, pageQuery, searchText } from './page';
import { TRACKING_PROVIDER_KINDS } from './telematics';

// The back office's reference data: tracking companies, shipping lines with their tariffs, terminals,
// and the platform's commercial terms. Every endpoint is role_admin's, under /api/v1/admin/.

/** Stable keys of reference data: upper-case letters and digits in dash-separated groups, e.g. CMA-CGM. */
export const REFERENCE_CODE_PATTERN = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
export const REFERENCE_CODE_MAX = 30;
export const REFERENCE_NAME_MAX = 120;
export const REFERENCE_DESCRIPTION_MAX = 500;

const codeField = (what: string) =>
  z
    .string({ error: `Enter the ${what}'s code` })
    .trim()
    .toUpperCase()
    .min(2, 'The code needs at least 2 characters')
    .max(REFERENCE_CODE_MAX, `The code must be at most ${REFERENCE_CODE_MAX} characters`)
    .regex(REFERENCE_CODE_PATTERN, 'Use letters, digits and single dashes only, e.g. CMA-CGM');

const textField = (label: string, max: number, min = 2) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    // Said only of a short text, so an empty field reads "required" alone.
    .refine((v) => v.length === 0 || v.length >= min, `${label} needs at least ${min} characters`);

const referenceName = textField('Name', REFERENCE_NAME_MAX);

/** What the list filters by: those still in use, those retired, or (when left out) both. */
export const REFERENCE_STATUSES = ['ACTIVE', 'RETIRED'] as const;
export type ReferenceStatus = (typeof REFERENCE_STATUSES)[number];

const statusFilter = z.enum(REFERENCE_STATUSES, { error: 'Status is ACTIVE or RETIRED' }).optional();

function atLeastOneField(value: Record<string, unknown>): boolean {
  return Object.values(value).some((v) => v !== undefined);
}
const NOTHING_TO_CHANGE = 'Send at least one field to change';

// ---------------------------------------------------------------------------------------------------------
// Tracking companies: GET /admin/tracking-companies, PATCH /admin/tracking-companies/{id}

export const adminTrackingCompanySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(TRACKING_PROVIDER_KINDS),
  description: z.string(),
  /** Offered to transporters for new tracking accounts. */
  active: z.boolean(),
  /** Transporters' tracking accounts at this company, which keep working when it is turned off. */
  accountCount: z.number().int(),
});
export type AdminTrackingCompany = z.infer<typeof adminTrackingCompanySchema>;
export const adminTrackingCompanyListResponse = z.array(adminTrackingCompanySchema);

export const updateTrackingCompanyRequest = z
  .strictObject({
    name: referenceName.optional(),
    description: textField('Description', REFERENCE_DESCRIPTION_MAX, 1).optional(),
    active: z.boolean({ error: 'active is true or false' }).optional(),
  })
  .refine(atLeastOneField, NOTHING_TO_CHANGE);
export type UpdateTrackingCompanyRequest = z.infer<typeof updateTrackingCompanyRequest>;

export const trackingCompanyIdParams = z.object({ id: z.uuid({ error: 'Tracking company not found' }) });

// ---------------------------------------------------------------------------------------------------------
// Shipping lines and their tariffs: /admin/shipping-lines, /{id}, /{id}/tariffs

export const FREE_DAYS_MAX = 60;
/** Most a daily demurrage or detention charge may be: ₦10,000,000 a day, in kobo. */
export const DAILY_RATE_MAX_KOBO = 1_000_000_000;

export const freeDaysField = z
  .number({ error: 'Enter the free days as a whole number' })
  .int('Enter the free days as a whole number')
  .min(0, 'Free days cannot be negative')
  .max(FREE_DAYS_MAX, `Free days must be at most ${FREE_DAYS_MAX}`);

export const dailyRateKoboField = z
  .number({ error: 'Enter the daily rate in kobo' })
  .int('Enter the daily rate in whole kobo')
  .min(0, 'A daily rate cannot be negative')
  .max(DAILY_RATE_MAX_KOBO, 'A daily rate must be at most ₦10,000,000.00');

export const shippingLineTariffSchema = z.object({
  containerSize: z.enum(CONTAINER_SIZES),
  freeDays: z.number().int(),
  demurrageKoboPerDay: z.number().int(),
  detentionKoboPerDay: z.number().int(),
  updatedAt: z.string(),
});
export type ShippingLineTariff = z.infer<typeof shippingLineTariffSchema>;

export const adminShippingLineSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** How many container sizes have a tariff, of CONTAINER_SIZES.length. */
  tariffCount: z.number().int(),
});
export type AdminShippingLineSummary = z.infer<typeof adminShippingLineSummarySchema>;
export const adminShippingLinePage = pageOf(adminShippingLineSummarySchema);

export const adminShippingLineSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** One per container size that has one, in the order of CONTAINER_SIZES. */
  tariffs: z.array(shippingLineTariffSchema),
});
export type AdminShippingLine = z.infer<typeof adminShippingLineSchema>;

export const adminShippingLineListQuery = pageQuery.extend({ q: searchText, status: statusFilter });
export type AdminShippingLineListQuery = z.infer<typeof adminShippingLineListQuery>;

export const createShippingLineRequest = z.strictObject({
  code: codeField('shipping line'),
  name: referenceName,
});
export type CreateShippingLineRequest = z.infer<typeof createShippingLineRequest>;

/** The code is the line's stable key (the seed finds lines by it), so it never changes. */
export const updateShippingLineRequest = z
  .strictObject({
    name: referenceName.optional(),
    active: z.boolean({ error: 'active is true or false' }).optional(),
  })
  .refine(atLeastOneField, NOTHING_TO_CHANGE);
export type UpdateShippingLineRequest = z.infer<typeof updateShippingLineRequest>;

export const tariffInput = z.strictObject({
  containerSize: z.enum(CONTAINER_SIZES, { error: 'Choose a container size' }),
  freeDays: freeDaysField,
  demurrageKoboPerDay: dailyRateKoboField,
  detentionKoboPerDay: dailyRateKoboField,
});
export type TariffInput = z.infer<typeof tariffInput>;

/** Sets the tariffs of the sizes sent; the other sizes keep theirs. */
export const setShippingLineTariffsRequest = z
  .strictObject({
    tariffs: z
      .array(tariffInput, { error: 'Send the tariffs as a list' })
      .min(1, 'Send at least one tariff')
      .max(CONTAINER_SIZES.length, `Send at most ${CONTAINER_SIZES.length} tariffs, one per size`),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.tariffs.forEach((tariff, i) => {
      if (seen.has(tariff.containerSize)) {
        ctx.addIssue({
          code: 'custom',
          path: ['tariffs', i, 'containerSize'],
          message: 'Send each container size once',
        });
      }
      seen.add(tariff.containerSize);
    });
  });
export type SetShippingLineTariffsRequest = z.infer<typeof setShippingLineTariffsRequest>;

export const shippingLineIdParams = z.object({ id: z.uuid({ error: 'Shipping line not found' }) });

// ---------------------------------------------------------------------------------------------------------
// Terminals, holding bays and inland depots: /admin/terminals, /admin/terminals/{id}

/** Nigeria's mainland and coast lie inside these, so a swapped or mistyped coordinate is caught. */
export const NIGERIA_LATITUDE = { min: 4, max: 14 } as const;
export const NIGERIA_LONGITUDE = { min: 2.5, max: 15 } as const;

export const latitudeField = z
  .number({ error: 'Enter the latitude as a number, e.g. 6.4453' })
  .min(NIGERIA_LATITUDE.min, 'A latitude in Nigeria is between 4 and 14')
  .max(NIGERIA_LATITUDE.max, 'A latitude in Nigeria is between 4 and 14');
export const longitudeField = z
  .number({ error: 'Enter the longitude as a number, e.g. 3.3636' })
  .min(NIGERIA_LONGITUDE.min, 'A longitude in Nigeria is between 2.5 and 15')
  .max(NIGERIA_LONGITUDE.max, 'A longitude in Nigeria is between 2.5 and 15');

export const adminTerminalSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  operator: z.string(),
  kind: z.enum(TERMINAL_KINDS),
  port: z.string(),
  city: z.string(),
  lga: z.string(),
  state: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** A retired terminal is not offered for new orders; orders and trips that name it keep it. */
  active: z.boolean(),
});
export type AdminTerminal = z.infer<typeof adminTerminalSchema>;
export const adminTerminalPage = pageOf(adminTerminalSchema);

export const adminTerminalListQuery = pageQuery.extend({
  q: searchText,
  kind: z.enum(TERMINAL_KINDS, { error: 'Kind is PORT_TERMINAL, HOLDING_BAY or INLAND_DEPOT' }).optional(),
  status: statusFilter,
});
export type AdminTerminalListQuery = z.infer<typeof adminTerminalListQuery>;

/** The fields of a terminal an admin enters, each checked alone; the pairs are checked by terminalPairs. */
export const terminalFields = {
  name: referenceName,
  operator: textField('Operator', REFERENCE_NAME_MAX),
  kind: z.enum(TERMINAL_KINDS, { error: 'Choose a port terminal, holding bay or inland depot' }),
  port: textField('Port', 80),
  city: textField('City', 80),
  state: z.enum(NIGERIAN_STATES, { error: 'Choose one of the 36 states or FCT' }),
  lga: textField('LGA', 120, 1),
  latitude: latitudeField.nullable(),
  longitude: longitudeField.nullable(),
};

const BOTH_OR_NEITHER = 'Give both latitude and longitude, or neither';

/**
 * The rules across fields: the LGA belongs to the state, and the gate's position is whole (both
 * coordinates) or unknown (neither). A change sends the state and LGA together, and both coordinates.
 */
function terminalPairs(
  value: { state?: string; lga?: string; latitude?: number | null; longitude?: number | null },
  ctx: z.RefinementCtx,
): void {
  if ((value.state === undefined) !== (value.lga === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [value.state === undefined ? 'state' : 'lga'],
      message: 'Send the state and the LGA together',
    });
  } else if (value.state !== undefined && value.lga !== undefined && !isLgaOfState(value.state, value.lga)) {
    ctx.addIssue({ code: 'custom', path: ['lga'], message: `Choose an LGA of ${value.state}` });
  }
  const hasLatitude = value.latitude !== undefined && value.latitude !== null;
  const hasLongitude = value.longitude !== undefined && value.longitude !== null;
  if (hasLatitude !== hasLongitude) {
    ctx.addIssue({
      code: 'custom',
      path: [hasLatitude ? 'longitude' : 'latitude'],
      message: BOTH_OR_NEITHER,
    });
  }
}

export const createTerminalRequest = z
  .strictObject({
    code: codeField('terminal'),
    ...terminalFields,
    latitude: terminalFields.latitude.default(null),
    longitude: terminalFields.longitude.default(null),
  })
  .superRefine(terminalPairs);
export type CreateTerminalRequest = z.infer<typeof createTerminalRequest>;
export type CreateTerminalInput = z.input<typeof createTerminalRequest>;

/** A change of any fields but the code (the terminal's stable key); `active: false` retires it. */
export const updateTerminalRequest = z
  .strictObject({
    name: terminalFields.name.optional(),
    operator: terminalFields.operator.optional(),
    kind: terminalFields.kind.optional(),
    port: terminalFields.port.optional(),
    city: terminalFields.city.optional(),
    state: terminalFields.state.optional(),
    lga: terminalFields.lga.optional(),
    latitude: terminalFields.latitude.optional(),
    longitude: terminalFields.longitude.optional(),
    active: z.boolean({ error: 'active is true or false' }).optional(),
  })
  .refine(atLeastOneField, NOTHING_TO_CHANGE)
  .superRefine(terminalPairs);
export type UpdateTerminalRequest = z.infer<typeof updateTerminalRequest>;

export const terminalIdParams = z.object({ id: z.uuid({ error: 'Terminal not found' }) });

// ---------------------------------------------------------------------------------------------------------
// Platform terms: GET/PUT /admin/platform-settings

/** Most the commission may be: 30 %, in basis points (1 % is 100). */
export const COMMISSION_MAX_BASIS_POINTS = 3000;
export const PAYMENT_TERMS_DAYS_MAX = 120;
/** The terms a new installation starts with (the migration's defaults). */
export const DEFAULT_COMMISSION_BASIS_POINTS = 500;
export const DEFAULT_PAYMENT_TERMS_DAYS = 14;

export const commissionBasisPointsField = z
  .number({ error: 'Enter the commission in basis points' })
  .int('Enter the commission in whole basis points (1 % is 100)')
  .min(0, 'The commission cannot be negative')
  .max(COMMISSION_MAX_BASIS_POINTS, 'The commission must be at most 30 %');

export const paymentTermsDaysField = z
  .number({ error: 'Enter the payment terms in days' })
  .int('Enter the payment terms in whole days')
  .min(1, 'Payment terms are at least 1 day')
  .max(PAYMENT_TERMS_DAYS_MAX, `Payment terms are at most ${PAYMENT_TERMS_DAYS_MAX} days`);

export const platformSettingsSchema = z.object({
  commissionBasisPoints: z.number().int(),
  paymentTermsDays: z.number().int(),
  updatedAt: z.string(),
  /** The admin who last changed the terms; null while they are the installation's defaults. */
  updatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const updatePlatformSettingsRequest = z.strictObject({
  commissionBasisPoints: commissionBasisPointsField,
  paymentTermsDays: paymentTermsDaysField,
});
export type UpdatePlatformSettingsRequest = z.infer<typeof updatePlatformSettingsRequest>;

/** Basis points as the percent a person reads and types: 525 → "5.25". */
export function basisPointsToPercentText(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const hundredths = Math.abs(basisPoints % 100);
  return `${whole}.${String(hundredths).padStart(2, '0')}`;
}

/**
 * A percent typed by a person ("5", "5.5", "5.25 %") as basis points, without passing through a
 * float; null when it is not a non-negative number with at most two decimals.
 */
export function percentTextToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.replace(/[\s%]/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
