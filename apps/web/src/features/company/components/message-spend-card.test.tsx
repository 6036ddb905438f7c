import { screen, waitFor, within } from '@testing-library/react';
import type { MessageSpend } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import type { TestRole } from '../../../test/fakes';
import { profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';
import { MessageSpendCard } from './message-spend-card';

const SPEND = '/api/v1/company/message-spend';

function spendOf(overrides: Partial<MessageSpend> = {}): MessageSpend {
  return {
    month: '2026-12',
    spentKobo: 1_234_500,
    capKobo: 5_000_000,
    capIsDefault: true,
    capReached: false,
    resetsOn: '2027-01-01',
    channels: [
      { channel: 'SMS', spentKobo: 834_500, messages: 2086 },
      { channel: 'WHATSAPP', spentKobo: 400_000, messages: 412 },
    ],
    refusedMessages: 0,
    history: [
      { month: '2026-06', spentKobo: 0 },
      { month: '2026-07', spentKobo: 100_000 },
      { month: '2026-08', spentKobo: 200_000 },
      { month: '2026-09', spentKobo: 300_000 },
      { month: '2026-10', spentKobo: 400_000 },
      { month: '2026-11', spentKobo: 5_000_000 },
    ],
    ...overrides,
  };
}

function renderCard(spend: MessageSpend) {
  mockApi({ [`GET ${SPEND}`]: { body: spend } });
  seedSession('role_transporter', 'Musa');
  return renderRoute('/', { routes: [{ path: '/', element: <MessageSpendCard /> }] });
}

function companyPageAs(role: TestRole) {
  const userType =
    role === 'role_customer' ? 'CUSTOMER' : role === 'role_fleet_manager' ? 'FLEET_MANAGER' : 'TRANSPORTER';
  const api = mockApi({
    'GET /api/v1/user/me': {
      body: {
        status: 'Successful',
        data: profileFixture(
          { role, userType },
          { type: role === 'role_customer' ? 'CUSTOMER' : 'TRANSPORTER' },
        ),
      },
    },
    'GET /api/v1/company/documents/validate': {
      body: {
        verificationStatus: 'UNVERIFIED',
        complete: false,
        missingDetails: [],
        documents: [],
        missingDocuments: [],
        awaitingReview: [],
      },
    },
    'GET /api/v1/company/documents': { body: [] },
    'GET /api/v1/company/waiting-terms': { body: { freeHours: 12, rateKoboPerHour: null } },
    [`GET ${SPEND}`]: { body: spendOf() },
  });
  seedSession(role, 'Musa');
  renderRoute('/company');
  return api;
}

describe('the SMS and WhatsApp spend card', () => {
  it('shows the month’s spend in naira against the cap, each channel, and the months before', async () => {
    renderCard(spendOf());
    const card = await screen.findByRole('region', { name: 'SMS and WhatsApp spend' });
    expect(await within(card).findByText('₦12,345.00')).toBeVisible();
    expect(within(card).getByText('of ₦50,000.00 this month')).toBeVisible();
    expect(within(card).getByText('Dec 2026')).toBeVisible();
    expect(within(card).getByText('Platform default cap')).toBeVisible();
    expect(
      within(card).getByRole('progressbar', { name: '₦12,345.00 of the ₦50,000.00 monthly cap spent' }),
    ).toHaveAttribute('aria-valuenow', '24.7');
    const channels = within(card).getByRole('table', { name: 'Spend by channel this month' });
    expect(within(channels).getByRole('row', { name: /SMS 2086 ₦8,345.00/ })).toBeVisible();
    expect(within(channels).getByRole('row', { name: /WhatsApp 412 ₦4,000.00/ })).toBeVisible();
    const history = within(card).getByRole('table', { name: 'Spend in the six months before' });
    expect(within(history).getAllByRole('row')).toHaveLength(6);
    expect(within(history).getByRole('row', { name: 'Nov 2026 ₦50,000.00' })).toBeVisible();
    expect(within(card).queryByText(/Cap reached/)).toBeNull();
  });

  it('says plainly when the cap is reached and until when nothing is sent', async () => {
    renderCard(spendOf({ spentKobo: 5_000_000, capReached: true, capIsDefault: false, refusedMessages: 3 }));
    expect(
      await screen.findByText(
        'Cap reached: SMS and WhatsApp messages are not being sent until 1 Jan 2027 or the back office raises the cap.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText('3 messages were not sent this month because the cap was reached.'),
    ).toBeVisible();
    expect(screen.queryByText('Platform default cap')).toBeNull();
  });

  it('is on the company page of an owner account, not of a fleet manager', async () => {
    companyPageAs('role_customer');
    expect(await screen.findByRole('region', { name: 'SMS and WhatsApp spend' })).toBeVisible();
  });

  it('is not on a fleet manager’s company page', async () => {
    const api = companyPageAs('role_fleet_manager');
    await screen.findByRole('heading', { name: 'Verification documents' });
    await waitFor(() => expect(api.calls('GET /api/v1/company/documents')).not.toHaveLength(0));
    expect(screen.queryByRole('region', { name: 'SMS and WhatsApp spend' })).toBeNull();
    expect(api.calls(`GET ${SPEND}`)).toHaveLength(0);
  });
});
