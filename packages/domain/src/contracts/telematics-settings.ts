import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------
// How a transporter's trucks are watched: GET/PUT /api/v1/tracking-settings

/** RECORD: entering a geofence records the arrival; PROPOSE: it asks the transporter to record it. */
export const ARRIVAL_MODES = ['RECORD', 'PROPOSE'] as const;
export type ArrivalMode = (typeof ARRIVAL_MODES)[number];
export const ARRIVAL_MODE_LABELS: Record<ArrivalMode, string> = {
  RECORD: 'Record the arrival by itself',
  PROPOSE: 'Propose the arrival for us to record',
};

/**
 * The alarms a truck's track raises by itself: each opens a trip issue, except driving at night, which
 * raises a trip alert (contracts/trip-alert.ts) since it delays nothing.
 */
export const TRACKING_ALARMS = ['DIVERSION', 'LONG_STOP', 'NIGHT_MOVEMENT', 'TRACKING_LOST'] as const;
export type TrackingAlarm = (typeof TRACKING_ALARMS)[number];
export const TRACKING_ALARM_LABELS: Record<TrackingAlarm, string> = {
  DIVERSION: 'Left its corridor',
  LONG_STOP: 'Long stop',
  NIGHT_MOVEMENT: 'Moving at night',
  TRACKING_LOST: 'Positions stopped',
};

const whole = (field: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `Enter the ${field} as a number` })
    .int(`Enter the ${field} in whole ${unit}`)
    .min(min, `The ${field} is at least ${min} ${unit}`)
    .max(max, `The ${field} is at most ${max} ${unit}`);

const hour = (field: string) =>
  z
    .number({ error: `Enter the ${field} as an hour from 0 to 23` })
    .int(`Enter the ${field} as a whole hour`)
    .min(0, `Enter the ${field} as an hour from 0 to 23`)
    .max(23, `Enter the ${field} as an hour from 0 to 23`);

export const trackingSettingsSchema = z.strictObject({
  arrivalMode: z.enum(ARRIVAL_MODES, { error: 'Choose RECORD or PROPOSE' }),
  /** Around a terminal's gate; an address without coordinates is fenced around its LGA, at least 3 km. */
  geofenceRadiusM: whole('geofence radius', 200, 5000, 'metres'),
  diversionAlerts: z.boolean({ error: 'diversionAlerts is true or false' }),
  /** The corridor is a tenth of the lane's length either side of it, never narrower than this. */
  minCorridorKm: whole('narrowest corridor', 1, 50, 'km'),
  stopAlerts: z.boolean({ error: 'stopAlerts is true or false' }),
  stopMinutes: whole('longest stop', 15, 1440, 'minutes'),
  nightAlerts: z.boolean({ error: 'nightAlerts is true or false' }),
  nightFromHour: hour('start of the night'),
  nightToHour: hour('end of the night'),
  silenceAlerts: z.boolean({ error: 'silenceAlerts is true or false' }),
  silenceMinutes: whole('longest silence', 15, 1440, 'minutes'),
});
export type TrackingSettings = z.infer<typeof trackingSettingsSchema>;

/** What a transporter that never changed its settings gets. */
export const TRACKING_SETTINGS_DEFAULTS: TrackingSettings = {
  arrivalMode: 'RECORD',
  geofenceRadiusM: 1000,
  diversionAlerts: true,
  minCorridorKm: 5,
  stopAlerts: true,
  stopMinutes: 120,
  nightAlerts: true,
  nightFromHour: 22,
  nightToHour: 5,
  silenceAlerts: true,
  silenceMinutes: 60,
};
