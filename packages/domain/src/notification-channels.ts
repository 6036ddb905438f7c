import {
  NOTIFICATION_KIND_GROUPS,
  type NotificationChannel,
  type NotificationKind,
} from './contracts/notification';
import type { Role } from './roles';

/** The channels that reach a phone: only a verified number gets them, and they cost the company money. */
export const PHONE_NOTIFICATION_CHANNELS = [
  'SMS',
  'WHATSAPP',
] as const satisfies readonly NotificationChannel[];
export type PhoneNotificationChannel = (typeof PHONE_NOTIFICATION_CHANNELS)[number];

export function isPhoneChannel(channel: NotificationChannel): channel is PhoneNotificationChannel {
  return (PHONE_NOTIFICATION_CHANNELS as readonly NotificationChannel[]).includes(channel);
}

/**
 * The kinds that may wake a person at night: SMS and WhatsApp for them go out at once even in quiet hours
 * (21:00–06:00 Lagos); every other kind waits for the morning.
 */
export const URGENT_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'ISSUE_OPENED',
  'TRIP_ALERT',
  'TRIP_CANCELLED',
];

export function isUrgentNotification(kind: NotificationKind): boolean {
  return URGENT_NOTIFICATION_KINDS.includes(kind);
}

/**
 * The kinds a consignee (the customer side: shippers, importers, clearing agents) follows on WhatsApp
 * unless they choose otherwise: every trip kind, and a payment that is overdue.
 */
const CUSTOMER_WHATSAPP_KINDS: readonly NotificationKind[] = [
  ...(NOTIFICATION_KIND_GROUPS.find((group) => group.title === 'Trips')?.kinds ?? []),
  'PAYMENT_OVERDUE',
];

/**
 * Whether a channel is on for a kind before the person has chosen (no preference row): in the app, e-mail
 * and push for everyone; WhatsApp for customers on the trip kinds and overdue payments; SMS for no
 * signed-in user (drivers, who have no account, get their own texts from the trip). It says nothing about
 * whether the role receives the kind at all: that is NOTIFICATION_KINDS_BY_ROLE.
 */
export function channelOnByDefault(
  role: Role,
  kind: NotificationKind,
  channel: NotificationChannel,
): boolean {
  switch (channel) {
    case 'IN_APP':
    case 'EMAIL':
    case 'PUSH':
      return true;
    case 'WHATSAPP':
      return role === 'role_customer' && CUSTOMER_WHATSAPP_KINDS.includes(kind);
    case 'SMS':
      return false;
  }
}
