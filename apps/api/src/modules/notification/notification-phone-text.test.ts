import { describe, expect, it } from 'vitest';
import { smsSegments } from '@freightlane/domain';
import {
  NOTIFICATION_SMS_PARTS,
  notificationSmsText,
  notificationWhatsappParameters,
  type NotificationText,
} from './notification-phone-text';

const APP_URL = 'https://freightlane.ng';
const LINK = '/trips/0b7c9a52-3f0e-4f4e-9a43-1c2d3e4f5a6b';

function notification(overrides: Partial<NotificationText> = {}): NotificationText {
  return {
    kind: 'TRIP_STATUS_CHANGED',
    title: 'TRP-2026-000123: Container(s) Loaded',
    body: 'Container MSKU1234565 was loaded at APM Terminals, Apapa.',
    link: LINK,
    ...overrides,
  };
}

const LONG_BODY =
  'Container MSKU1234565 was loaded at APM Terminals, Apapa, and the truck left the port through the ' +
  'Tin Can gate. The driver expects to reach the holding bay at Ikeja before dark and will call the ' +
  'consignee on arrival. The delivery order runs out on 12 Dec 2026, so the empty must be returned by then ' +
  'to avoid demurrage charged by the shipping line at the daily rate.';

describe('notificationSmsText', () => {
  it('says the title, the body and the full link after the brand', () => {
    expect(notificationSmsText(notification(), APP_URL)).toBe(
      `Freightlane: TRP-2026-000123: Container(s) Loaded. Container MSKU1234565 was loaded at APM Terminals, Apapa. ${APP_URL}${LINK}`,
    );
  });

  it('cuts a long body with an ellipsis to fit two GSM-7 parts, and keeps the link whole', () => {
    const text = notificationSmsText(notification({ body: LONG_BODY }), APP_URL);
    const parts = smsSegments(text);
    expect(parts).toMatchObject({ encoding: 'GSM_7', segments: NOTIFICATION_SMS_PARTS });
    expect(parts.units).toBeGreaterThan(280);
    expect(text.endsWith(`... ${APP_URL}${LINK}`)).toBe(true);
    expect(text.startsWith('Freightlane: TRP-2026-000123: Container(s) Loaded. Container MSKU1234565')).toBe(
      true,
    );
    // Cut after a whole word.
    expect(text).toMatch(/[A-Za-z]\.\.\. https/);
  });

  it('writes ₦ and typographic punctuation in GSM-7, so a money text keeps its two full parts', () => {
    const text = notificationSmsText(
      notification({
        kind: 'PAYOUT_PAID',
        title: 'INV-2026-000045: payout of ₦1,250,000.00 sent',
        body: '₦1,250,000.00 for trip TRP-2026-000123 was sent to your bank — it’s usually there within a day…',
        link: '/payments',
      }),
      APP_URL,
    );
    expect(text).toBe(
      "Freightlane: INV-2026-000045: payout of N1,250,000.00 sent. N1,250,000.00 for trip TRP-2026-000123 was sent to your bank - it's usually there within a day... https://freightlane.ng/payments",
    );
    expect(smsSegments(text).encoding).toBe('GSM_7');
  });

  it('fits two UCS-2 parts when a name keeps a Yoruba diacritic', () => {
    const text = notificationSmsText(
      notification({ title: 'TRP-2026-000123: note from Adéṣọlá', body: LONG_BODY }),
      APP_URL,
    );
    expect(smsSegments(text)).toMatchObject({ encoding: 'UCS_2', segments: 2 });
    expect(text).toContain('Adéṣọlá');
    expect(text.endsWith(`… ${APP_URL}${LINK}`)).toBe(true);
  });

  it('cuts the title too when the title alone is too long, still keeping the link', () => {
    const text = notificationSmsText(notification({ title: `TRP-2026-000123: ${LONG_BODY}` }), APP_URL);
    expect(smsSegments(text).segments).toBeLessThanOrEqual(NOTIFICATION_SMS_PARTS);
    expect(text.endsWith(`... ${APP_URL}${LINK}`)).toBe(true);
  });

  it('puts everything on one line and leaves out a missing link', () => {
    expect(
      notificationSmsText(
        notification({
          title: 'ACME Haulage Ltd: company verified',
          body: 'You can\nnow bid.\t',
          link: null,
        }),
        APP_URL,
      ),
    ).toBe('Freightlane: ACME Haulage Ltd: company verified. You can now bid.');
  });
});

describe('notificationWhatsappParameters', () => {
  it('takes the subject and what happened from the title, the details from the body, and the full link', () => {
    expect(notificationWhatsappParameters(notification(), APP_URL)).toEqual([
      'TRP-2026-000123',
      'Container(s) Loaded',
      'Container MSKU1234565 was loaded at APM Terminals, Apapa.',
      `${APP_URL}${LINK}`,
    ]);
  });

  it('splits at the first colon only', () => {
    const [subject, what] = notificationWhatsappParameters(
      notification({ title: 'ORD-2026-000007: bidding closed: 3 bids' }),
      APP_URL,
    );
    expect([subject, what]).toEqual(['ORD-2026-000007', 'bidding closed: 3 bids']);
  });

  it("gives a title without a subject the kind's label, and a missing link the notifications list", () => {
    expect(
      notificationWhatsappParameters(
        notification({ kind: 'COMPANY_VERIFIED', title: 'Verified', body: 'Welcome.', link: null }),
        APP_URL,
      ),
    ).toEqual(['Company verified', 'Verified', 'Welcome.', `${APP_URL}/notifications`]);
  });

  it('keeps every parameter on one line without tabs or runs of spaces, and short', () => {
    const params = notificationWhatsappParameters(
      notification({
        title: 'TRP-2026-000123:    Loaded\n at Apapa',
        body: `Line one.\n\nLine\ttwo.    ${LONG_BODY} ${LONG_BODY}`,
      }),
      APP_URL,
    );
    for (const value of params) {
      expect(value).not.toMatch(/[\n\t]| {4}/);
      expect(value.trim()).not.toBe('');
    }
    expect(params[1]).toBe('Loaded at Apapa');
    expect(params[2]!.startsWith('Line one. Line two. Container')).toBe(true);
    expect(Array.from(params[2]!).length).toBeLessThanOrEqual(600);
    expect(params[2]!.endsWith('…')).toBe(true);
  });
});
