import { z } from 'zod';

// The USSD menu for drivers on a basic phone: Africa's Talking's callbacks, the driver's
// PIN given by the transporter, and the development simulator that plays a session.

/** The most a USSD screen may hold: what Africa's Talking shows on every handset. */
export const USSD_SCREEN_MAX = 182;

/** How many wrong PINs in a row lock the menu, and for how long. */
export const USSD_PIN_TRIES = 5;
export const USSD_LOCK_MINUTES = 30;

/**
 * The demo seed's driver on a basic phone: the number the simulator page starts with and the PIN the
 * README gives. Demo data only; a real driver's PIN is made at random by the transporter.
 */
export const USSD_DEMO_DRIVER = { phoneNumber: '+2348020002580', pin: '2580' } as const;

const noNul = (value: string) => !value.includes('\u0000');

const callbackField = (name: string, max: number, pattern: RegExp, shape: string) =>
  z
    .string({ error: `${name} is required` })
    .max(max, `${name} must be at most ${max} characters`)
    .refine(noNul, `${name} must not hold a NUL character`)
    .refine((value) => pattern.test(value), `${name} must be ${shape}`);

/**
 * POST /api/v1/ussd/africastalking/{secret}: one screen's callback, as Africa's Talking sends it
 * (application/x-www-form-urlencoded). `text` is every answer of the session so far joined by `*`, empty on
 * the first screen.
 */
export const ussdCallbackRequest = z.object({
  sessionId: callbackField(
    'sessionId',
    100,
    /^[A-Za-z0-9._:-]{1,100}$/,
    "the gateway's session id (letters, digits, dots, dashes, underscores)",
  ),
  serviceCode: callbackField('serviceCode', 40, /^[*#0-9]{2,40}$/, 'a USSD code such as *384*1234#'),
  phoneNumber: callbackField(
    'phoneNumber',
    16,
    /^\+[1-9]\d{7,14}$/,
    'an international number such as +2348031234567',
  ),
  text: z
    .string()
    .max(200, 'text must be at most 200 characters')
    .refine(noNul, 'text must not hold a NUL character')
    .refine((value) => /^[0-9A-Za-z*#+ ]*$/.test(value), 'text must be the keys of a phone pad')
    .default(''),
  networkCode: z
    .string()
    .max(10, 'networkCode must be at most 10 characters')
    .refine((value) => /^\d*$/.test(value), 'networkCode must be digits')
    .optional(),
});
export type UssdCallbackRequest = z.infer<typeof ussdCallbackRequest>;

export const ussdCallbackParams = z.object({
  secret: z.string().max(200, 'Not found'),
});

/** POST /api/v1/fleet/drivers/{id}/ussd-pin: a new PIN for the driver, shown once and kept only as a hash. */
export const ussdPinRequest = z.strictObject({
  /** Also send the PIN to the driver's phone by SMS (only to a verified number). */
  sendBySms: z.boolean({ error: 'sendBySms is true or false' }).optional(),
});
export type UssdPinRequest = z.infer<typeof ussdPinRequest>;

export const ussdPinIssuedSchema = z.object({
  /** The new PIN: answered this once, never again. */
  pin: z.string(),
  pinSetAt: z.string(),
  sentBySms: z.boolean(),
});
export type UssdPinIssued = z.infer<typeof ussdPinIssuedSchema>;

/** GET /api/v1/fleet/drivers/{id}/ussd-pin: the driver's USSD access, without the PIN. */
export const ussdAccessSchema = z.object({
  /** What the driver dials; null when the USSD menu is off on this server. */
  serviceCode: z.string().nullable(),
  /** When the current PIN was given; null when the driver has none. */
  pinSetAt: z.string().nullable(),
  /** Wrong PINs in a row since the last right one. */
  failedTries: z.number().int(),
  /** Until when wrong PINs keep the menu locked; null when it is not locked. */
  lockedUntil: z.string().nullable(),
  /** Whether the driver's number is verified, which sending the PIN by SMS needs. */
  phoneVerified: z.boolean(),
});
export type UssdAccess = z.infer<typeof ussdAccessSchema>;

// ---------------------------------------------------------------------------------------------------------
// The simulator (development and tests only): a session played through the real callback.

/** GET /api/dev/ussd: what the simulator page needs to start. */
export const ussdSimulatorSetupSchema = z.object({
  serviceCode: z.string(),
  demoPhoneNumber: z.string(),
});
export type UssdSimulatorSetup = z.infer<typeof ussdSimulatorSetupSchema>;

/** POST /api/dev/ussd/session: one screen of a session, as the gateway would send it. */
export const ussdSimulatorRequest = z.strictObject({
  sessionId: z
    .string({ error: 'sessionId is required' })
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'sessionId is letters, digits, dots and dashes'),
  phoneNumber: z
    .string({ error: 'phoneNumber is required' })
    .regex(/^\+[1-9]\d{7,14}$/, 'phoneNumber is an international number such as +2348031234567'),
  text: z.string().max(200, 'text must be at most 200 characters').default(''),
});
export type UssdSimulatorRequest = z.infer<typeof ussdSimulatorRequest>;
export type UssdSimulatorInput = z.input<typeof ussdSimulatorRequest>;

export const ussdSimulatorAnswerSchema = z.object({
  /** CON: the session goes on and waits for a reply; END: the session is over. */
  kind: z.enum(['CON', 'END']),
  /** What the phone shows, without the CON or END. */
  screen: z.string(),
});
export type UssdSimulatorAnswer = z.infer<typeof ussdSimulatorAnswerSchema>;
