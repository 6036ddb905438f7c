import { z } from 'zod';
import { TRUCK_TYPES } from '../cargo';
import { LOCALES } from '../i18n/locales';
import { DAY_MS, lagosDateInDays, lagosToday } from '../lagos-time';
import { emailField, nameField, phoneE164Field } from './common';
import { isoDate } from './order';
import { pageOf, pageQuery, searchText } from './page';
import { addressSchema } from './profile';

// ---------------------------------------------------------------------------------------------------------
// Wizards: saving a stage moves on one step.

export const TRUCK_WIZARD_STAGES = ['details', 'documents'] as const;
export type TruckWizardStage = (typeof TRUCK_WIZARD_STAGES)[number];
export const DRIVER_WIZARD_STAGES = ['details', 'licence', 'nextOfKin', 'guarantor'] as const;
export type DriverWizardStage = (typeof DRIVER_WIZARD_STAGES)[number];
export const MOTOR_BOY_WIZARD_STAGES = ['details', 'nextOfKin', 'guarantor'] as const;
export type MotorBoyWizardStage = (typeof MOTOR_BOY_WIZARD_STAGES)[number];
export const FLEET_MANAGER_WIZARD_STAGES = ['details', 'nextOfKin', 'guarantor'] as const;
export type FleetManagerWizardStage = (typeof FLEET_MANAGER_WIZARD_STAGES)[number];

/** The stage after `current`, or null when `current` is the last one (the wizard then submits). */
export function nextWizardStage<S extends string>(stages: readonly S[], current: S): S | null {
  const index = stages.indexOf(current);
  return index >= 0 && index < stages.length - 1 ? (stages[index + 1] ?? null) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Trucks

export const PLATE_MESSAGE = 'Enter the plate as 3 letters, 3 digits and 2 letters, e.g. LSR 123 XY';
const PLATE_INPUT = /^([A-Z]{3})[\s-]?(\d{3})[\s-]?([A-Z]{2})$/;
const PLATE_CANONICAL = /^[A-Z]{3} \d{3} [A-Z]{2}$/;

/**
 * Nigerian plates are written as LSR 123 XY, LSR-123XY or LSR123XY; one stored form keeps a truck from
 * being registered twice under different spellings. Anything else comes back trimmed and upper-cased.
 */
export function normalizePlate(input: string): string {
  const upper = input.trim().toUpperCase();
  const match = PLATE_INPUT.exec(upper);
  return match ? `${match[1]} ${match[2]} ${match[3]}` : upper;
}

export function isNigerianPlate(value: string): boolean {
  return PLATE_CANONICAL.test(value);
}

export const registrationNumberField = z
  .string({ error: PLATE_MESSAGE })
  .transform(normalizePlate)
  .refine(isNigerianPlate, PLATE_MESSAGE);

export const MIN_TRUCK_YEAR = 1970;

/** A dealer may sell next year's model before the year turns, so next year is accepted. */
export function maxTruckYear(now: Date = new Date()): number {
  return Number(lagosToday(now).slice(0, 4)) + 1;
}

export const truckYearField = z
  .number({ error: 'Enter the year of manufacture' })
  .int('Year is a whole number')
  .min(MIN_TRUCK_YEAR, `Year must be ${MIN_TRUCK_YEAR} or later`)
  .superRefine((year, ctx) => {
    const max = maxTruckYear();
    if (year > max) ctx.addIssue({ code: 'custom', message: `Year must be ${max} or earlier` });
  });

export const MAX_TRUCK_CAPACITY_TONNES = 100;

export const capacityTonnesField = z
  .number({ error: 'Enter the capacity in tonnes' })
  .positive('Capacity must be more than 0 tonnes')
  .max(MAX_TRUCK_CAPACITY_TONNES, `Capacity is at most ${MAX_TRUCK_CAPACITY_TONNES} tonnes`)
  // Compared with a tolerance: 1.1 * 10 is 11.000000000000002 in floating point.
  .refine((v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-9, 'Capacity has at most 1 decimal');

const makeField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(60, `${label} must be at most 60 characters`);

export const TRUCK_DOCUMENT_KINDS = [
  'vehicleLicence',
  'roadWorthiness',
  'insurance',
  'hackneyPermit',
] as const;
export type TruckDocumentKind = (typeof TRUCK_DOCUMENT_KINDS)[number];
export const TRUCK_DOCUMENT_LABELS: Record<TruckDocumentKind, string> = {
  vehicleLicence: 'Vehicle licence',
  roadWorthiness: 'Road worthiness',
  insurance: 'Insurance',
  hackneyPermit: 'Hackney permit',
};

export const truckDocumentInput = z.strictObject({
  number: z
    .string()
    .trim()
    .max(60, 'Document number must be at most 60 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
  expiresOn: isoDate,
});
export type TruckDocumentInput = z.infer<typeof truckDocumentInput>;

export const truckDocumentsInput = z.strictObject({
  vehicleLicence: truckDocumentInput.optional(),
  roadWorthiness: truckDocumentInput.optional(),
  insurance: truckDocumentInput.optional(),
  hackneyPermit: truckDocumentInput.optional(),
});
export type TruckDocumentsInput = z.infer<typeof truckDocumentsInput>;

export const truckStageSchemas = {
  details: z.strictObject({
    registrationNumber: registrationNumberField,
    make: makeField('Make'),
    model: makeField('Model'),
    year: truckYearField,
    type: z.enum(TRUCK_TYPES, { error: 'Choose the truck type' }),
    capacityTonnes: capacityTonnesField,
  }),
  documents: z.strictObject({ documents: truckDocumentsInput.optional() }),
} satisfies Record<TruckWizardStage, z.ZodType>;

export const createTruckRequest = z.strictObject({
  ...truckStageSchemas.details.shape,
  ...truckStageSchemas.documents.shape,
});
export type CreateTruckRequest = z.infer<typeof createTruckRequest>;
export type CreateTruckInput = z.input<typeof createTruckRequest>;

export const updateTruckRequest = createTruckRequest.partial();
export type UpdateTruckRequest = z.infer<typeof updateTruckRequest>;

export const truckDocumentSchema = z.object({ number: z.string().nullable(), expiresOn: z.string() });
export type TruckDocument = z.infer<typeof truckDocumentSchema>;

export const truckSchema = z.object({
  id: z.string(),
  registrationNumber: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  type: z.enum(TRUCK_TYPES),
  capacityTonnes: z.number(),
  documents: z.object({
    vehicleLicence: truckDocumentSchema.nullable(),
    roadWorthiness: truckDocumentSchema.nullable(),
    insurance: truckDocumentSchema.nullable(),
    hackneyPermit: truckDocumentSchema.nullable(),
  }),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Truck = z.infer<typeof truckSchema>;
export const truckPage = pageOf(truckSchema);

// ---------------------------------------------------------------------------------------------------------
// People: drivers, motor boys, fleet managers

export const nextOfKinInput = z.strictObject({
  name: nameField('Next of kin name'),
  phoneNumber: phoneE164Field,
  relationship: z
    .string({ error: 'Relationship is required' })
    .trim()
    .min(1, 'Relationship is required')
    .max(60, 'Relationship must be at most 60 characters'),
});
export type NextOfKin = z.infer<typeof nextOfKinInput>;

export const guarantorInput = z.strictObject({
  name: nameField('Guarantor name'),
  phoneNumber: phoneE164Field,
  address: addressSchema,
});
export type Guarantor = z.infer<typeof guarantorInput>;

const personDetails = {
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  phoneNumber: phoneE164Field,
  address: addressSchema,
};
const nextOfKinStage = z.strictObject({ nextOfKin: nextOfKinInput });
const guarantorStage = z.strictObject({ guarantor: guarantorInput });

export const DRIVER_LICENCE_MESSAGE =
  'Enter the licence number as 3 letters followed by 5 to 12 letters or digits, e.g. LAG12345AA01';
const DRIVER_LICENCE = /^[A-Z]{3}[A-Z0-9]{5,12}$/;

/** Licences are printed with spaces or dashes at times; the FRSC number itself has neither. */
export function normalizeDriverLicence(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export function isNigerianDriverLicence(value: string): boolean {
  return DRIVER_LICENCE.test(value);
}

export const licenceNumberField = z
  .string({ error: DRIVER_LICENCE_MESSAGE })
  .transform(normalizeDriverLicence)
  .refine(isNigerianDriverLicence, DRIVER_LICENCE_MESSAGE);

/**
 * The language the driver reads (the USSD menu, the SMS, the phone page); null or left out is English
 * (Nigeria). The transporter sets it here; the driver may change it from the USSD menu.
 */
export const driverLanguageField = z
  .enum(LOCALES, { error: 'Choose English, Pidgin, Hausa, Yoruba or Igbo' })
  .nullable()
  .optional();

export const driverStageSchemas = {
  details: z.strictObject({ ...personDetails, language: driverLanguageField }),
  licence: z.strictObject({ licenceNumber: licenceNumberField, licenceExpiresOn: isoDate }),
  nextOfKin: nextOfKinStage,
  guarantor: guarantorStage,
} satisfies Record<DriverWizardStage, z.ZodType>;

export const createDriverRequest = z.strictObject({
  ...driverStageSchemas.details.shape,
  ...driverStageSchemas.licence.shape,
  ...driverStageSchemas.nextOfKin.shape,
  ...driverStageSchemas.guarantor.shape,
});
export type CreateDriverRequest = z.infer<typeof createDriverRequest>;
export type CreateDriverInput = z.input<typeof createDriverRequest>;

export const updateDriverRequest = createDriverRequest.partial();
export type UpdateDriverRequest = z.infer<typeof updateDriverRequest>;

export const motorBoyStageSchemas = {
  details: z.strictObject(personDetails),
  nextOfKin: nextOfKinStage,
  guarantor: guarantorStage,
} satisfies Record<MotorBoyWizardStage, z.ZodType>;

export const createMotorBoyRequest = z.strictObject({
  ...motorBoyStageSchemas.details.shape,
  ...motorBoyStageSchemas.nextOfKin.shape,
  ...motorBoyStageSchemas.guarantor.shape,
});
export type CreateMotorBoyRequest = z.infer<typeof createMotorBoyRequest>;
export type CreateMotorBoyInput = z.input<typeof createMotorBoyRequest>;

export const updateMotorBoyRequest = createMotorBoyRequest.partial();
export type UpdateMotorBoyRequest = z.infer<typeof updateMotorBoyRequest>;

export const fleetManagerStageSchemas = {
  details: z.strictObject({
    firstName: personDetails.firstName,
    lastName: personDetails.lastName,
    phoneNumber: personDetails.phoneNumber,
    email: emailField,
    address: personDetails.address,
  }),
  nextOfKin: nextOfKinStage,
  guarantor: guarantorStage,
} satisfies Record<FleetManagerWizardStage, z.ZodType>;

/** A fleet manager is a user of the transporter's company: creating one sends an invitation by email. */
export const inviteFleetManagerRequest = z.strictObject({
  ...fleetManagerStageSchemas.details.shape,
  ...fleetManagerStageSchemas.nextOfKin.shape,
  ...fleetManagerStageSchemas.guarantor.shape,
});
export type InviteFleetManagerRequest = z.infer<typeof inviteFleetManagerRequest>;
export type InviteFleetManagerInput = z.input<typeof inviteFleetManagerRequest>;

export const updateFleetManagerRequest = inviteFleetManagerRequest.partial();
export type UpdateFleetManagerRequest = z.infer<typeof updateFleetManagerRequest>;

/** Deactivating keeps the record (trips refer to it) but takes it out of assignment choices. */
export const setFleetActiveRequest = z.strictObject({
  active: z.boolean({ error: 'active is true or false' }),
});
export type SetFleetActiveRequest = z.infer<typeof setFleetActiveRequest>;

export const MAX_DRIVER_PHOTO_BYTES = 5 * 1024 * 1024;
export const DRIVER_PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const personSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  address: addressSchema,
  nextOfKin: nextOfKinInput,
  guarantor: guarantorInput,
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const driverSchema = personSchema.extend({
  licenceNumber: z.string(),
  licenceExpiresOn: z.string(),
  hasPhoto: z.boolean(),
  /** The language the driver reads; null is English (Nigeria). */
  language: z.enum(LOCALES).nullable().default(null),
});
export type Driver = z.infer<typeof driverSchema>;
export const driverPage = pageOf(driverSchema);

export const motorBoySchema = personSchema;
export type MotorBoy = z.infer<typeof motorBoySchema>;
export const motorBoyPage = pageOf(motorBoySchema);

export const FLEET_MANAGER_INVITATION_STATUSES = ['PENDING', 'ACCEPTED'] as const;
export type FleetManagerInvitationStatus = (typeof FLEET_MANAGER_INVITATION_STATUSES)[number];

export const fleetManagerSchema = personSchema.extend({
  email: z.string(),
  invitationStatus: z.enum(FLEET_MANAGER_INVITATION_STATUSES),
});
export type FleetManager = z.infer<typeof fleetManagerSchema>;
export const fleetManagerPage = pageOf(fleetManagerSchema);

// ---------------------------------------------------------------------------------------------------------
// Lists and ids

const activeFilter = z.stringbool({ error: 'active is true or false' }).optional();

/** true: only active ones that can take a trip now (trucks and drivers: not on a live trip). */
const availableFilter = z.stringbool({ error: 'available is true or false' }).optional();
/** true: only those with a document expired or expiring within EXPIRY_WARNING_DAYS. */
const expiringFilter = z.stringbool({ error: 'expiring is true or false' }).optional();

export const fleetListQuery = pageQuery.extend({
  q: searchText,
  active: activeFilter,
  available: availableFilter,
});
export type FleetListQuery = z.infer<typeof fleetListQuery>;

export const truckListQuery = fleetListQuery.extend({
  type: z.enum(TRUCK_TYPES, { error: 'Unknown truck type' }).optional(),
  expiring: expiringFilter,
});
export type TruckListQuery = z.infer<typeof truckListQuery>;
export const driverListQuery = fleetListQuery.extend({ expiring: expiringFilter });
export type DriverListQuery = z.infer<typeof driverListQuery>;
export const motorBoyListQuery = fleetListQuery;
export const fleetManagerListQuery = fleetListQuery;

export const truckIdParams = z.object({ id: z.uuid({ error: 'Truck not found' }) });
export const driverIdParams = z.object({ id: z.uuid({ error: 'Driver not found' }) });
export const motorBoyIdParams = z.object({ id: z.uuid({ error: 'Motor boy not found' }) });
export const fleetManagerIdParams = z.object({ id: z.uuid({ error: 'Fleet manager not found' }) });

// ---------------------------------------------------------------------------------------------------------
// Document expiry

export const EXPIRY_WARNING_DAYS = 30;
export const EXPIRY_STATUSES = ['EXPIRED', 'EXPIRING', 'VALID', 'MISSING'] as const;
export type ExpiryStatus = (typeof EXPIRY_STATUSES)[number];
export const EXPIRY_STATUS_LABELS: Record<ExpiryStatus, string> = {
  EXPIRED: 'Expired',
  EXPIRING: 'Expiring soon',
  VALID: 'Valid',
  MISSING: 'Missing',
};

/**
 * A document is good through its expiry date (Africa/Lagos calendar): it is EXPIRED from the day after,
 * EXPIRING when at most `days` days are left (0 on the expiry date itself), VALID beyond that. A missing or
 * unreadable date counts as MISSING, so the screen asks for it instead of calling it valid.
 */
export function expiringWithin(
  expiresOn: string | null,
  days: number = EXPIRY_WARNING_DAYS,
  now: Date = new Date(),
): ExpiryStatus {
  if (!expiresOn || !isoDate.safeParse(expiresOn).success) return 'MISSING';
  const daysLeft = Math.round((Date.parse(expiresOn) - Date.parse(lagosToday(now))) / DAY_MS);
  if (daysLeft < 0) return 'EXPIRED';
  return daysLeft <= days ? 'EXPIRING' : 'VALID';
}

/**
 * The last expiry date (YYYY-MM-DD, Africa/Lagos calendar) that `expiringWithin` still calls EXPIRING or
 * EXPIRED: a list filtered on it shows the same rows the screen flags.
 */
export function expiryWarningCutoff(days: number = EXPIRY_WARNING_DAYS, now: Date = new Date()): string {
  return lagosDateInDays(days, now);
}
