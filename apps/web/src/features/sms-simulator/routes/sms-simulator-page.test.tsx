import { screen, within } from '@testing-library/react';
import { smsInboxSchema, type SimulatedSms } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render';
import { inboxPhoneOf, PHONE_FORMAT_ERROR } from '../../../components/simulator-phones';

const INBOX = 'GET /api/dev/sms/inbox';

function message(overrides: Partial<SimulatedSms>): SimulatedSms {
  return {
    messageId: '9122821270554876574',
    to: '+2348031234567',
    from: 'Freightlane',
    text: 'Your Freightlane code is 482913',
    route: 'dnd',
    encoding: 'GSM_7',
    segments: 1,
    costKobo: 400,
    status: 'DELIVERED',
    providerStatus: 'DELIVERED',
    receivedAt: '2026-11-21T13:05:00.000Z',
    reportedAt: '2026-11-21T13:05:02.000Z',
    ...overrides,
  };
}

const inbox = apiFixture(smsInboxSchema, {
  phones: [
    {
      phone: '+2348031234567',
      messages: [
        message({
          messageId: '2',
          text: 'Ẹ kú iṣẹ́: trip TRP-2026-000001 loads at Apapa tomorrow',
          encoding: 'UCS_2',
          segments: 2,
          costKobo: 800,
          status: 'SENT',
          providerStatus: 'Message Sent',
          receivedAt: '2026-11-21T14:10:00.000Z',
          reportedAt: null,
        }),
        message({ messageId: '1' }),
      ],
    },
    {
      phone: '+2348031230000',
      messages: [
        message({
          messageId: '3',
          to: '+2348031230000',
          route: 'generic',
          status: 'FAILED',
          providerStatus: 'Message Failed',
        }),
      ],
    },
  ],
});

describe('the SMS simulator page', () => {
  it('shows each phone’s messages newest first, with status, encoding, parts, cost and route', async () => {
    mockApi({ [INBOX]: { body: inbox } });
    renderRoute('/dev/sms');

    const first = await screen.findByRole('region', { name: '0803 123 4567' });
    expect(document.title).toBe('SMS simulator · Freightlane');
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('0803 123 4567 2 messages');
    const items = within(first).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Ẹ kú iṣẹ́: trip TRP-2026-000001 loads at Apapa tomorrow');
    expect(items[0]).toHaveTextContent('Sent');
    expect(items[0]).toHaveTextContent('Message Sent');
    expect(items[0]).toHaveTextContent('UCS-2 (Unicode) · 2 parts · ₦8.00 · DND route');
    expect(items[0]).toHaveTextContent('21 Nov 2026, 15:10');
    expect(items[1]).toHaveTextContent('Delivered');
    expect(items[1]).toHaveTextContent('GSM-7 · 1 part · ₦4.00');

    const failed = screen.getByRole('region', { name: '0803 123 0000' });
    expect(within(failed).getByRole('listitem')).toHaveTextContent('Failed');
    expect(within(failed).getByRole('listitem')).toHaveTextContent('Message Failed');
    expect(within(failed).getByRole('listitem')).toHaveTextContent('Generic route');
  });

  it('asks for one phone’s messages by its international number', async () => {
    const api = mockApi({ [INBOX]: { body: { phones: [] } } });
    const { user } = renderRoute('/dev/sms');
    expect(await screen.findByText(/No text messages yet/)).toBeVisible();

    await user.type(screen.getByLabelText('Phone number'), '0803');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(PHONE_FORMAT_ERROR)).toBeVisible();

    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '0803 123 4567');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No text messages to 0803 123 4567 yet.')).toBeVisible();
    const last = api.calls(INBOX).at(-1)!;
    expect(new URL(last.url, 'http://x').searchParams.get('phone')).toBe('+2348031234567');
  });

  it('says the simulator is not running where the API has no inbox (production)', async () => {
    mockApi({ [INBOX]: { status: 404, body: { message: 'No such API route: GET /api/dev/sms/inbox' } } });
    renderRoute('/dev/sms');
    expect(await screen.findByText('The SMS simulator is not running here')).toBeVisible();
  });
});

describe('inboxPhoneOf', () => {
  it('reads a Nigerian number however it is typed, or any international one', () => {
    expect(inboxPhoneOf('0803 123 4567')).toBe('+2348031234567');
    expect(inboxPhoneOf('+234 803 123 4567')).toBe('+2348031234567');
    expect(inboxPhoneOf('+233 24 123 4567')).toBe('+233241234567');
    expect(inboxPhoneOf('0803')).toBeNull();
    expect(inboxPhoneOf('call me')).toBeNull();
  });
});
