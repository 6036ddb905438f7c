import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from '@freightlane/domain';
import {
  dateTimeValue,
  dayValue,
  nairaValue,
  notificationKindLabel,
  readerLocale,
  renderNotificationMessage,
  type NotificationMessage,
} from './notification-text';

const loaded: NotificationMessage = {
  key: 'tripStatus.body',
  values: { status: 'LOADED', by: 'driver', at: dateTimeValue(new Date('2026-11-21T13:05:00Z')) },
};

describe('renderNotificationMessage', () => {
  it('writes the English of today, dates in Lagos time', () => {
    expect(renderNotificationMessage('en-NG', loaded)).toBe(
      'Container(s) Loaded was recorded by the driver at 21 Nov 2026, 14:05 (Lagos time).',
    );
    expect(
      renderNotificationMessage('en-NG', { ...loaded, values: { ...loaded.values, by: 'person' } }),
    ).toBe('Container(s) Loaded was recorded at 21 Nov 2026, 14:05 (Lagos time).');
  });

  it('writes the same event in Pidgin, with the same facts', () => {
    expect(renderNotificationMessage('pcm', loaded)).toBe(
      'The driver don record: Container don load, 21 Nov 2026, 14:05 (Lagos time).',
    );
  });

  it('reads a day as its Lagos day, with the month of the reader', () => {
    const due: NotificationMessage = {
      key: 'paymentDue.title',
      values: { invoiceNumber: 'INV-2026-000045', due: dayValue(new Date('2026-12-31T23:30:00Z')) },
    };
    // 23:30 UTC is already 1 January in Lagos.
    expect(renderNotificationMessage('en-NG', due)).toBe('INV-2026-000045: payment due 1 Jan 2027');
    expect(
      renderNotificationMessage('en-NG', { ...due, values: { ...due.values, due: dayValue('2026-11-21') } }),
    ).toBe('INV-2026-000045: payment due 21 Nov 2026');
  });

  it('writes naira with the sign and two decimals, from kobo', () => {
    const payout: NotificationMessage = {
      key: 'payoutPaid.title',
      values: { invoiceNumber: 'INV-2026-000045', amount: nairaValue(125_000_050) },
    };
    expect(renderNotificationMessage('en-NG', payout)).toBe('INV-2026-000045: payout of ₦1,250,000.50 sent');
    expect(renderNotificationMessage('pcm', payout)).toBe(
      'INV-2026-000045: we don send payout of ₦1,250,000.50',
    );
  });

  it('declines counts and words by the catalog’s plural and select', () => {
    const closed = (count: number) =>
      renderNotificationMessage('en-NG', {
        key: 'biddingClosed.title',
        values: { orderNumber: 'ORD-2026-000007', count },
      });
    expect([0, 1, 3].map(closed)).toEqual([
      'ORD-2026-000007: bidding closed with no bids',
      'ORD-2026-000007: bidding closed with 1 bid',
      'ORD-2026-000007: bidding closed with 3 bids',
    ]);
    expect(
      renderNotificationMessage('en-NG', {
        key: 'documentAdded.title',
        values: { tripNumber: 'TRP-2026-000123', kind: 'OTHER' },
      }),
    ).toBe('TRP-2026-000123: document added');
  });

  it('keeps what a person typed as it is, apostrophes and braces included', () => {
    const text = "Gate 3's queue {long}; call Ade";
    expect(renderNotificationMessage('pcm', { key: 'noteAdded.body', values: { text } })).toBe(text);
  });

  it('greets a Hausa reader in Hausa', () => {
    expect(renderNotificationMessage('ha', { key: 'email.greeting', values: { firstName: 'Musa' } })).toBe(
      'Sannu Musa,',
    );
  });
});

describe('notificationKindLabel', () => {
  it('names every kind in English as the preferences page does', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(notificationKindLabel('en-NG', kind)).toBe(NOTIFICATION_KIND_LABELS[kind]);
    }
    expect(notificationKindLabel('pcm', 'TRIP_CANCELLED')).toBe('Trips wey dem cancel');
  });
});

describe('readerLocale', () => {
  it('takes a person’s language, and English (Nigeria) when it is unset or unknown', () => {
    expect(readerLocale('pcm')).toBe('pcm');
    expect(readerLocale(null)).toBe('en-NG');
    expect(readerLocale('fr')).toBe('en-NG');
  });
});
