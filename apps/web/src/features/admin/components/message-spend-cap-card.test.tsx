import { screen, within } from '@testing-library/react';
import type { MessageSpend } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockReply, type RecordedRequest } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { companyDetail } from '../test-fixtures';
import { MessageSpendCapCard } from './message-spend-cap-card';

const ID = '7b0c5d2e-4a39-4a0e-9a34-0c1f5f1d2a10';
const SPEND = `/api/v1/admin/companies/${ID}/message-spend`;
type Route = MockReply | ((request: RecordedRequest) => MockReply);

function spendOf(overrides: Partial<MessageSpend> = {}): MessageSpend {
  return {
    month: '2026-12',
    spentKobo: 480_000,
    capKobo: 5_000_000,
    capIsDefault: true,
    capReached: false,
    resetsOn: '2027-01-01',
    channels: [
      { channel: 'SMS', spentKobo: 280_000, messages: 700 },
      { channel: 'WHATSAPP', spentKobo: 200_000, messages: 200 },
    ],
    refusedMessages: 0,
    history: ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'].map((month) => ({
      month,
      spentKobo: 0,
    })),
    ...overrides,
  };
}

/** The PUT answers what a server would: the cap as sent, or the default for null. */
function savedCap(request: RecordedRequest): MockReply {
  const capKobo = (request.body as { capKobo: number | null }).capKobo;
  return {
    body: spendOf({
      capKobo: capKobo ?? 5_000_000,
      capIsDefault: capKobo === null,
      capReached: capKobo !== null && capKobo < 480_400,
    }),
  };
}

function renderCard(routes: Record<string, Route>) {
  const api = mockApi(routes);
  seedSession('role_admin', 'Bisi');
  return {
    api,
    ...renderRoute('/', { routes: [{ path: '/', element: <MessageSpendCapCard companyId={ID} /> }] }),
  };
}

describe('the back office’s SMS and WhatsApp spend card', () => {
  it('shows the spend and sets a cap typed in naira, sent in kobo', async () => {
    const { api, user } = renderCard({ [`GET ${SPEND}`]: { body: spendOf() }, [`PUT ${SPEND}`]: savedCap });
    const card = await screen.findByRole('region', { name: 'SMS and WhatsApp spend' });
    expect(await within(card).findByText('₦4,800.00')).toBeVisible();
    const cap = within(card).getByLabelText(/Monthly cap/);
    expect(cap).toHaveValue('50000.00');
    expect(within(card).queryByRole('button', { name: 'Use the platform default' })).toBeNull();

    await user.clear(cap);
    await user.type(cap, '2,000');
    await user.click(within(card).getByRole('button', { name: 'Save cap' }));
    expect(await screen.findByText("The company's cap is now ₦2,000.00 a month.")).toBeVisible();
    expect(api.calls(`PUT ${SPEND}`)[0]!.body).toEqual({ capKobo: 200_000 });
    expect(
      await within(card).findByText(
        'Cap reached: SMS and WhatsApp messages are not being sent until 1 Jan 2027 or the back office raises the cap.',
      ),
    ).toBeVisible();
  });

  it('stops all messages with 0 and goes back to the platform default', async () => {
    const { api, user } = renderCard({
      [`GET ${SPEND}`]: { body: spendOf({ capKobo: 1_000_000, capIsDefault: false }) },
      [`PUT ${SPEND}`]: savedCap,
    });
    const cap = await screen.findByLabelText(/Monthly cap/);
    await user.clear(cap);
    await user.type(cap, '0');
    await user.click(screen.getByRole('button', { name: 'Save cap' }));
    expect(await screen.findByText("The company's cap is now ₦0.00 a month.")).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Use the platform default' }));
    expect(
      await screen.findByText('The company is back on the platform default cap of ₦50,000.00 a month.'),
    ).toBeVisible();
    expect(api.calls(`PUT ${SPEND}`).map((c) => c.body)).toEqual([{ capKobo: 0 }, { capKobo: null }]);
  });

  it('checks the amount before sending', async () => {
    const { api, user } = renderCard({ [`GET ${SPEND}`]: { body: spendOf() }, [`PUT ${SPEND}`]: savedCap });
    const cap = await screen.findByLabelText(/Monthly cap/);
    await user.clear(cap);
    await user.type(cap, 'fifty thousand');
    await user.click(screen.getByRole('button', { name: 'Save cap' }));
    expect(
      await screen.findByText('Enter the monthly cap in naira, e.g. 50000, or 0 to stop messages'),
    ).toBeVisible();
    expect(api.calls(`PUT ${SPEND}`)).toHaveLength(0);
  });

  it('is on the back office’s company page', async () => {
    mockApi({
      [`GET /api/v1/admin/companies/${ID}`]: { body: companyDetail() },
      [`GET ${SPEND}`]: { body: spendOf() },
    });
    seedSession('role_admin', 'Bisi');
    renderRoute(`/admin/companies/${ID}`);
    const card = await screen.findByRole('region', { name: 'SMS and WhatsApp spend' });
    expect(await within(card).findByText('₦4,800.00')).toBeVisible();
  });
});
