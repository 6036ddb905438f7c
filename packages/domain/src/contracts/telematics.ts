import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf } from './page';

// ---------------------------------------------------------------------------------------------------------
// Tracking companies: GET /api/v1/tracking-companies

/**
 * How the platform talks to a tracking company: a Traccar server's REST API, the drivers' own phones
 * (no account needed), or the simulator that drives demo trucks along their trips.
 */
export const TRACKING_PROVIDER_KINDS = ['TRACCAR', 'DRIVER_PHONE', 'SIMULATOR'] as const;
export type TrackingProviderKind = (typeof TRACKING_PROVIDER_KINDS)[number];

export const trackingCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(TRACKING_PROVIDER_KINDS),
  description: z.string(),
  /** Whether a transporter saves an account (a tracking credential) to use it. */
  needsCredential: z.boolean(),
});
export type TrackingCompany = z.infer<typeof trackingCompanySchema>;
export const trackingCompanyListResponse = z.array(trackingCompanySchema);

// ---------------------------------------------------------------------------------------------------------
// Tracking credentials: GET/POST /api/v1/tracking-credentials, PATCH /api/v1/tracking-credentials/{id}

export const TRACKING_AUTH_METHODS = ['PASSWORD', 'TOKEN'] as const;
export type TrackingAuthMethod = (typeof TRACKING_AUTH_METHODS)[number];
export const TRACKING_AUTH_METHOD_LABELS: Record<TrackingAuthMethod, string> = {
  PASSWORD: 'E-mail and password',
  TOKEN: 'Access token',
};

/** CONNECTED: the last poll answered; FAILING: it did not (see lastError); PAUSED: turned off by the transporter. */
export const TRACKING_CREDENTIAL_STATUSES = ['CONNECTED', 'FAILING', 'PAUSED'] as const;
export type TrackingCredentialStatus = (typeof TRACKING_CREDENTIAL_STATUSES)[number];

export const TRACKING_LABEL_MAX = 80;
export const TRACKING_SECRET_MAX = 500;

const labelField = z
  .string({ error: 'Name this account' })
  .trim()
  .min(1, 'Name this account')
  .max(TRACKING_LABEL_MAX, `At most ${TRACKING_LABEL_MAX} characters`);

/** A provider's address: http(s) only, no user or password inside it (those go in their own fields). */
export const trackingBaseUrlField = z
  .string({ error: 'Enter the server address' })
  .trim()
  .max(300, 'At most 300 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Enter the server address as http://… or https://…, e.g. https://gps.example.ng')
  .transform((value) => value.replace(/\/+$/, ''));

const usernameField = z
  .string({ error: 'Enter the e-mail or user name' })
  .trim()
  .min(1, 'Enter the e-mail or user name')
  .max(200, 'At most 200 characters');
const passwordField = z
  .string({ error: 'Enter the password' })
  .min(1, 'Enter the password')
  .max(TRACKING_SECRET_MAX, `At most ${TRACKING_SECRET_MAX} characters`);
const tokenField = z
  .string({ error: 'Enter the access token' })
  .trim()
  .min(1, 'Enter the access token')
  .max(TRACKING_SECRET_MAX, `At most ${TRACKING_SECRET_MAX} characters`);

/**
 * A transporter's account at a tracking company. Which fields a provider needs is the server's to say
 * (it knows the provider's kind): a Traccar account needs the address and the sign-in of its method.
 */
export const createTrackingCredentialRequest = z.strictObject({
  trackingCompanyId: z.uuid({ error: 'Choose a tracking company' }),
  label: labelField,
  baseUrl: trackingBaseUrlField.optional(),
  authMethod: z.enum(TRACKING_AUTH_METHODS, { error: 'Choose how to sign in' }).optional(),
  username: usernameField.optional(),
  password: passwordField.optional(),
  token: tokenField.optional(),
});
export type CreateTrackingCredentialRequest = z.infer<typeof createTrackingCredentialRequest>;

/** Fields left out keep their stored value; a secret is replaced only when a new one is sent. */
export const updateTrackingCredentialRequest = z.strictObject({
  label: labelField.optional(),
  baseUrl: trackingBaseUrlField.optional(),
  authMethod: z.enum(TRACKING_AUTH_METHODS, { error: 'Choose how to sign in' }).optional(),
  username: usernameField.optional(),
  password: passwordField.optional(),
  token: tokenField.optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
});
export type UpdateTrackingCredentialRequest = z.infer<typeof updateTrackingCredentialRequest>;

export const trackingCredentialIdParams = z.object({ id: z.uuid({ error: 'Tracking account not found' }) });

/** A saved account as the transporter sees it: never its password or token. */
export const trackingCredentialSchema = z.object({
  id: z.string(),
  trackingCompany: trackingCompanySchema.pick({ id: true, name: true, kind: true }),
  label: z.string(),
  baseUrl: z.string().nullable(),
  authMethod: z.enum(TRACKING_AUTH_METHODS).nullable(),
  username: z.string().nullable(),
  /** Whether a password or token is stored (it is never sent back). */
  hasSecret: z.boolean(),
  status: z.enum(TRACKING_CREDENTIAL_STATUSES),
  lastPolledAt: z.string().nullable(),
  lastError: z.string().nullable(),
  deviceCount: z.number().int(),
  linkedDeviceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TrackingCredential = z.infer<typeof trackingCredentialSchema>;
export const trackingCredentialListResponse = z.array(trackingCredentialSchema);

// ---------------------------------------------------------------------------------------------------------
// Devices of a credential: GET/POST /api/v1/tracking-credentials/trucks/{id}?page=&limit=20

/** The spec's page size for devices is `limit`, 20 by default; page is zero-based like every list. */
export const trackingDeviceQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(0, 'page starts at 0').default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});
export type TrackingDeviceQuery = z.infer<typeof trackingDeviceQuery>;

export const trackingDeviceSchema = z.object({
  id: z.string(),
  /** The device's id at the provider. */
  externalId: z.string(),
  name: z.string(),
  /** The provider's device identifier (IMEI or the phone app's id). */
  uniqueId: z.string(),
  lastPositionAt: z.string().nullable(),
  truck: z.object({ id: z.string(), registrationNumber: z.string() }).nullable(),
});
export type TrackingDevice = z.infer<typeof trackingDeviceSchema>;
export const trackingDevicePage = pageOf(trackingDeviceSchema);

/** Links devices to trucks (truckId null unlinks). A truck follows one device at a time. */
export const linkTrackingDevicesRequest = z.strictObject({
  links: z
    .array(
      z.strictObject({
        deviceId: z.uuid({ error: 'Device not found' }),
        truckId: z.uuid({ error: 'Truck not found' }).nullable(),
      }),
      { error: 'Send the devices to link' },
    )
    .min(1, 'Send at least one device')
    .max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} devices at once`),
});
export type LinkTrackingDevicesRequest = z.infer<typeof linkTrackingDevicesRequest>;
