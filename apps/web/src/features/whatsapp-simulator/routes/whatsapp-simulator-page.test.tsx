import { screen, within } from '@testing-library/react';
import { whatsappConversationsSchema, type SimulatedWhatsappMessage } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render';

const CONVERSATIONS = 'GET /api/dev/whatsapp/conversations';
const INBOUND = 'POST /api/dev/whatsapp/inbound';

function message(overrides: Partial<SimulatedWhatsappMessage>): SimulatedWhatsappMessage {
  return {
    messageId: 'wamid.1',
    direction: 'outbound',
    kind: 'template',
    template: 'trip_update',
    text: 'Freightlane: trip TRP-2026-000042: loaded at Apapa. Details: https://freightlane.ng/t/42',
    status: 'READ',
    at: '2026-11-21T13:05:00.000Z',
    ...overrides,
  };
}

const conversations = apiFixture(whatsappConversationsSchema, {
  phones: [
    {
      phone: '+2348031234567',
      messages: [
        message({}),
        message({
          messageId: 'wamid.2',
          direction: 'inbound',
          kind: 'text',
          template: null,
          text: 'Where is my truck?',
          status: 'DELIVERED',
          at: '2026-11-21T14:00:00.000Z',
        }),
        message({
          messageId: 'wamid.3',
          kind: 'text',
          template: null,
          text: 'Your driver is 10 minutes away',
          status: 'DELIVERED',
          at: '2026-11-21T14:01:00.000Z',
        }),
      ],
    },
    {
      phone: '+2348031230000',
      messages: [message({ messageId: 'wamid.4', status: 'FAILED' })],
    },
  ],
});

describe('the WhatsApp simulator page', () => {
  it('shows each phone’s conversation in order, both ways, with each outbound message’s status', async () => {
    mockApi({ [CONVERSATIONS]: { body: conversations } });
    renderRoute('/dev/whatsapp');

    const first = await screen.findByRole('region', { name: '0803 123 4567' });
    expect(document.title).toBe('WhatsApp simulator · Freightlane');
    const items = within(first).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Template trip_update');
    expect(items[0]).toHaveTextContent('Read');
    expect(items[0]).toHaveTextContent('21 Nov 2026, 14:05');
    expect(items[1]).toHaveTextContent('The phone wrote');
    expect(items[1]).toHaveTextContent('Where is my truck?');
    expect(items[2]).toHaveTextContent('Free-form text');
    expect(items[2]).toHaveTextContent('Delivered');
    const failed = screen.getByRole('region', { name: '0803 123 0000' });
    expect(within(failed).getByRole('listitem')).toHaveTextContent('Failed');
  });

  it('plays a phone writing to the platform', async () => {
    const api = mockApi({
      [CONVERSATIONS]: { body: conversations },
      [INBOUND]: { body: { messageId: 'wamid.9', webhookStatus: 200 } },
    });
    const { user } = renderRoute('/dev/whatsapp');
    const first = await screen.findByRole('region', { name: '0803 123 4567' });
    await user.click(within(first).getByRole('button', { name: 'Send from this phone' }));
    expect(await within(first).findByText('Write a message')).toBeVisible();
    expect(api.calls(INBOUND)).toHaveLength(0);

    await user.type(within(first).getByRole('textbox'), 'Thanks');
    await user.click(within(first).getByRole('button', { name: 'Send from this phone' }));
    await expect.poll(() => api.calls(INBOUND).length).toBe(1);
    expect(api.calls(INBOUND)[0]!.body).toEqual({ phone: '+2348031234567', text: 'Thanks' });
  });

  it('says the simulator is not running where the API has none (production)', async () => {
    mockApi({ [CONVERSATIONS]: { status: 404, body: { message: 'No such API route' } } });
    renderRoute('/dev/whatsapp');
    expect(await screen.findByText('The WhatsApp simulator is not running here')).toBeVisible();
  });
});
