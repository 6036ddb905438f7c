import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_GROUPS,
} from './contracts/notification';
import {
  channelOnByDefault,
  isPhoneChannel,
  isUrgentNotification,
  URGENT_NOTIFICATION_KINDS,
} from './notification-channels';
import { ROLES } from './roles';

const TRIP_KINDS = NOTIFICATION_KIND_GROUPS.find((g) => g.title === 'Trips')!.kinds;

describe('channelOnByDefault', () => {
  it('has in the app, e-mail and push on for every role and kind', () => {
    for (const role of ROLES) {
      for (const kind of NOTIFICATION_KINDS) {
        for (const channel of ['IN_APP', 'EMAIL', 'PUSH'] as const) {
          expect(channelOnByDefault(role, kind, channel), `${role} ${kind} ${channel}`).toBe(true);
        }
      }
    }
  });

  it('has WhatsApp on for customers on the trip kinds and overdue payments only', () => {
    expect(TRIP_KINDS).toContain('TRIP_STATUS_CHANGED');
    for (const kind of NOTIFICATION_KINDS) {
      const expected = TRIP_KINDS.includes(kind) || kind === 'PAYMENT_OVERDUE';
      expect(channelOnByDefault('role_customer', kind, 'WHATSAPP'), kind).toBe(expected);
    }
    expect(channelOnByDefault('role_customer', 'PAYMENT_DUE', 'WHATSAPP')).toBe(false);
    expect(channelOnByDefault('role_customer', 'BID_RECEIVED', 'WHATSAPP')).toBe(false);
  });

  it('has WhatsApp off for transporters, fleet managers and admins', () => {
    for (const role of ['role_transporter', 'role_fleet_manager', 'role_admin'] as const) {
      for (const kind of NOTIFICATION_KINDS) {
        expect(channelOnByDefault(role, kind, 'WHATSAPP'), `${role} ${kind}`).toBe(false);
      }
    }
  });

  it('has SMS off for every signed-in user', () => {
    for (const role of ROLES) {
      for (const kind of NOTIFICATION_KINDS) {
        expect(channelOnByDefault(role, kind, 'SMS'), `${role} ${kind}`).toBe(false);
      }
    }
  });
});

describe('the phone channels and urgent kinds', () => {
  it('counts SMS and WhatsApp as the phone channels', () => {
    expect(NOTIFICATION_CHANNELS.filter(isPhoneChannel)).toEqual(['SMS', 'WHATSAPP']);
  });

  it('lets only an opened issue, a tracking alert and a cancelled trip through quiet hours', () => {
    expect([...URGENT_NOTIFICATION_KINDS].sort()).toEqual(['ISSUE_OPENED', 'TRIP_ALERT', 'TRIP_CANCELLED']);
    expect(NOTIFICATION_KINDS.filter(isUrgentNotification)).toHaveLength(3);
    expect(isUrgentNotification('TRIP_STATUS_CHANGED')).toBe(false);
  });
});
