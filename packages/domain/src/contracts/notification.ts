import { z } from 'zod';
import type { Role } from '../roles';
import { pageOf, pageQuery } from './page';

/**
 * What a user can be told about. Each kind is a business event; who hears it is decided by the API
 * (docs/decisions/015-notifications.md), and each user chooses per kind and channel. New kinds go at the end: an
 * unsubscribe link names its kind by its place in this list.
 */
export const NOTIFICATION_KINDS = [
  'ORDER_OPEN_FOR_BIDS',
  'BID_RECEIVED',
  'BID_REVISED',
  'BID_WITHDRAWN',
  'BIDDING_CLOSED',
  'BID_WON',
  'BID_LOST',
  'RESOURCES_ASSIGNED',
  'TRIP_STATUS_CHANGED',
  'TRIP_CANCELLED',
  'ISSUE_OPENED',
  'ISSUE_RESOLVED',
  'DOCUMENT_ADDED',
  'NOTE_ADDED',
  'INVOICE_RAISED',
  'PAYMENT_DUE',
  'PAYMENT_OVERDUE',
  'PAYMENT_RECEIVED',
  'FREE_TIME_RUNNING_OUT',
  'COMPANY_VERIFIED',
  'COMPANY_REJECTED',
  'COMPANY_SUSPENDED',
  'FLEET_DOCUMENT_EXPIRING',
  'INVOICE_CHARGE',
  'PAYOUT_PAID',
  'TRIP_ALERT',
  'RETURN_LOAD_FOUND',
  'ROAD_MONEY',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How each kind is named on the preferences page and in an unsubscribe confirmation. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  ORDER_OPEN_FOR_BIDS: 'New orders you can bid on',
  BID_RECEIVED: 'Bids received on your orders',
  BID_REVISED: 'Bids revised on your orders',
  BID_WITHDRAWN: 'Bids withdrawn from your orders',
  BIDDING_CLOSED: 'Bidding closed',
  BID_WON: 'Bids won',
  BID_LOST: 'Bids lost',
  RESOURCES_ASSIGNED: 'Truck, driver and motor boy assigned',
  TRIP_STATUS_CHANGED: 'Trip status changes',
  TRIP_CANCELLED: 'Trips cancelled',
  ISSUE_OPENED: 'Issues opened on trips',
  ISSUE_RESOLVED: 'Issues resolved',
  DOCUMENT_ADDED: 'Documents added to trips',
  NOTE_ADDED: 'Notes added to trips',
  INVOICE_RAISED: 'Invoices raised',
  PAYMENT_DUE: 'Payments falling due',
  PAYMENT_OVERDUE: 'Payments overdue',
  PAYMENT_RECEIVED: 'Payments received',
  FREE_TIME_RUNNING_OUT: 'Container free time running out',
  COMPANY_VERIFIED: 'Company verified',
  COMPANY_REJECTED: 'Company verification rejected',
  COMPANY_SUSPENDED: 'Company suspended',
  FLEET_DOCUMENT_EXPIRING: 'Fleet documents expiring',
  INVOICE_CHARGE: 'Extra charges proposed and answered',
  PAYOUT_PAID: 'Payouts paid to you',
  TRIP_ALERT: 'Alerts on trips (a truck moving at night, a call-up window closing)',
  RETURN_LOAD_FOUND: "Return loads near your trucks' deliveries",
  ROAD_MONEY: 'Money on the road: diesel above a truck’s usual',
};

/** The groups the preferences page shows the kinds in, in this order. */
export const NOTIFICATION_KIND_GROUPS: { title: string; kinds: NotificationKind[] }[] = [
  {
    title: 'Orders and bids',
    kinds: [
      'ORDER_OPEN_FOR_BIDS',
      'BID_RECEIVED',
      'BID_REVISED',
      'BID_WITHDRAWN',
      'BIDDING_CLOSED',
      'BID_WON',
      'BID_LOST',
      'RETURN_LOAD_FOUND',
    ],
  },
  {
    title: 'Trips',
    kinds: [
      'RESOURCES_ASSIGNED',
      'TRIP_STATUS_CHANGED',
      'TRIP_CANCELLED',
      'ISSUE_OPENED',
      'ISSUE_RESOLVED',
      'TRIP_ALERT',
      'DOCUMENT_ADDED',
      'NOTE_ADDED',
      'FREE_TIME_RUNNING_OUT',
    ],
  },
  {
    title: 'Money',
    kinds: [
      'INVOICE_RAISED',
      'INVOICE_CHARGE',
      'PAYMENT_DUE',
      'PAYMENT_OVERDUE',
      'PAYMENT_RECEIVED',
      'PAYOUT_PAID',
      'ROAD_MONEY',
    ],
  },
  {
    title: 'Your company and fleet',
    kinds: ['COMPANY_VERIFIED', 'COMPANY_REJECTED', 'COMPANY_SUSPENDED', 'FLEET_DOCUMENT_EXPIRING'],
  },
];

const CUSTOMER_KINDS: NotificationKind[] = [
  'BID_RECEIVED',
  'BID_REVISED',
  'BID_WITHDRAWN',
  'BIDDING_CLOSED',
  'RESOURCES_ASSIGNED',
  'TRIP_STATUS_CHANGED',
  'TRIP_CANCELLED',
  'ISSUE_OPENED',
  'ISSUE_RESOLVED',
  'TRIP_ALERT',
  'DOCUMENT_ADDED',
  'NOTE_ADDED',
  'INVOICE_RAISED',
  'PAYMENT_DUE',
  'PAYMENT_OVERDUE',
  'PAYMENT_RECEIVED',
  'INVOICE_CHARGE',
  'FREE_TIME_RUNNING_OUT',
  'COMPANY_VERIFIED',
  'COMPANY_REJECTED',
  'COMPANY_SUSPENDED',
];
const TRANSPORTER_KINDS: NotificationKind[] = [
  'ORDER_OPEN_FOR_BIDS',
  'RETURN_LOAD_FOUND',
  'BIDDING_CLOSED',
  'BID_WON',
  'BID_LOST',
  'TRIP_STATUS_CHANGED',
  'TRIP_CANCELLED',
  'ISSUE_OPENED',
  'ISSUE_RESOLVED',
  'TRIP_ALERT',
  'DOCUMENT_ADDED',
  'NOTE_ADDED',
  'FREE_TIME_RUNNING_OUT',
  'INVOICE_RAISED',
  'INVOICE_CHARGE',
  'PAYMENT_RECEIVED',
  'PAYOUT_PAID',
  'ROAD_MONEY',
  'COMPANY_VERIFIED',
  'COMPANY_REJECTED',
  'COMPANY_SUSPENDED',
  'FLEET_DOCUMENT_EXPIRING',
];

/** The kinds each role can be told about: the preferences page lists only these. */
export const NOTIFICATION_KINDS_BY_ROLE: Record<Role, readonly NotificationKind[]> = {
  role_customer: CUSTOMER_KINDS,
  role_transporter: TRANSPORTER_KINDS,
  role_fleet_manager: TRANSPORTER_KINDS.filter((k) => !k.startsWith('COMPANY_')),
  role_admin: [],
};

/**
 * How a person can be told. New channels go at the end; SMS and WhatsApp reach only a verified phone
 * number, and which channels are on before a person chooses is `channelOnByDefault`.
 */
export const NOTIFICATION_CHANNELS = ['IN_APP', 'EMAIL', 'PUSH', 'SMS', 'WHATSAPP'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  IN_APP: 'In the app',
  EMAIL: 'E-mail',
  PUSH: 'Browser push',
  SMS: 'SMS',
  WHATSAPP: 'WhatsApp',
};

/** What a delivery by e-mail, push, SMS or WhatsApp came to. */
export const DELIVERY_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const notificationKindField = z.enum(NOTIFICATION_KINDS, { error: 'Unknown notification kind' });
export const notificationChannelField = z.enum(NOTIFICATION_CHANNELS, {
  error: 'Channel must be IN_APP, EMAIL, PUSH, SMS or WHATSAPP',
});

export const notificationItem = z.object({
  id: z.uuid(),
  kind: notificationKindField,
  title: z.string(),
  body: z.string(),
  /** Where in the app the notification leads (a path such as /trips/{id}), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string().describe('ISO 8601'),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationListQuery = pageQuery.extend({
  unreadOnly: z
    .enum(['true', 'false'], { error: 'unreadOnly must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationListResponse = pageOf(notificationItem).extend({
  unreadCount: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

export const unreadCountResponse = z.object({ unreadCount: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

export const markNotificationsReadRequest = z
  .object({
    ids: z
      .array(z.uuid({ error: 'Each id must be a notification id' }), { error: 'ids must be a list' })
      .min(1, 'Name at least one notification')
      .max(100, 'At most 100 notifications at once')
      .optional(),
    all: z.literal(true, { error: 'all must be true when given' }).optional(),
  })
  .refine((v) => (v.ids === undefined) !== (v.all === undefined), {
    message: 'Send either ids or all: true',
    path: ['ids'],
  });
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequest>;

export const notificationPreference = z.object({
  kind: notificationKindField,
  channel: notificationChannelField,
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type NotificationPreference = z.infer<typeof notificationPreference>;

export const notificationPreferencesResponse = z.object({
  /** Every kind this user's role can receive, with each channel's setting. */
  preferences: z.array(notificationPreference),
  /** Whether this browser session has a push subscription the server knows. */
  pushEnabled: z.boolean(),
  /** Whether the person's phone number is verified: SMS and WhatsApp reach only a verified number. */
  phoneVerified: z.boolean(),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponse>;

export const updateNotificationPreferencesRequest = z.object({
  preferences: z
    .array(notificationPreference, { error: 'preferences must be a list' })
    .min(1, 'Send at least one preference')
    .max(NOTIFICATION_KINDS.length * NOTIFICATION_CHANNELS.length, 'Too many preferences'),
});
export type UpdateNotificationPreferencesRequest = z.infer<typeof updateNotificationPreferencesRequest>;

/** A browser's PushSubscription as its toJSON() gives it (the Push API). */
export const pushSubscriptionJson = z.object({
  endpoint: z
    .string({ error: 'endpoint is required' })
    .max(2048, 'endpoint is too long')
    .pipe(z.url({ protocol: /^https?$/, error: 'endpoint must be an http(s) URL' })),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string({ error: 'keys.p256dh is required' })
      .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'keys.p256dh must be a P-256 public key in base64url'),
    auth: z
      .string({ error: 'keys.auth is required' })
      .regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, 'keys.auth must be a 16-byte secret in base64url'),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionJson>;

export const pushKeyResponse = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof pushKeyResponse>;

export const unsubscribeRequest = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(512, 'token is too long'),
});
export const unsubscribeResponse = z.object({
  kind: notificationKindField,
  kindLabel: z.string(),
  message: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;
