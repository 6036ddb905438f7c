import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { pageOf } from '../../../test/marketplace-fixtures';
import { profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';
import { earningFixture, earningSummaryFixture } from '../test-fixtures';

const PAID_OUT = earningFixture(
  {
    invoiceId: 'invoice-2',
    invoiceNumber: 'INV-2026-000018',
    trip: { id: 'trip-2', tripNumber: 'TRP-2026-000124' },
    customerName: 'Adeyemi Foods Plc',
  },
  { id: 'payout-2', status: 'PAID', reference: 'GTB-7781', paidOutAt: '2026-11-25T09:00:00.000Z' },
);
const SUMMARY = { 'GET /api/v1/earnings/summary': { body: earningSummaryFixture() } };

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

describe('the earnings page', () => {
  it('shows the totals and each paid trip with the commission, the net and the payout', async () => {
    pretendDesktop();
    const api = mockApi({
      ...SUMMARY,
      'GET /api/v1/earnings': { body: pageOf([earningFixture(), PAID_OUT]) },
    });
    seedSession('role_transporter', 'Musa');
    renderRoute('/earnings');

    const table = await screen.findByRole('table', { name: 'Earnings' });
    expect(document.title).toBe('Earnings · Freightlane');
    expect(api.calls('GET /api/v1/earnings')[0]!.url).toBe('/api/v1/earnings?page=0&size=20');
    const totals = screen.getByLabelText('Totals');
    expect(totals).toHaveTextContent('Paid by customers₦967,500.00');
    expect(totals).toHaveTextContent('Commission₦45,000.00');
    expect(totals).toHaveTextContent('Net earnings₦922,500.00');
    expect(totals).toHaveTextContent('Payout pending₦461,250.00');
    expect(totals).toHaveTextContent('Paid out₦461,250.00');

    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Okafor Imports Ltd');
    expect(first).toHaveTextContent('24 Nov 2026');
    expect(first).toHaveTextContent('₦483,750.00₦22,500.005%₦461,250.00Payout pending');
    expect(within(first!).getByRole('link', { name: 'INV-2026-000017' })).toHaveAttribute(
      'href',
      '/payments/invoice-1',
    );
    expect(within(first!).getByRole('link', { name: 'TRP-2026-000123' })).toHaveAttribute(
      'href',
      '/trips/trip-1',
    );
    expect(second).toHaveTextContent('Paid out25 Nov 2026 · GTB-7781');
  });

  it('filters by payout status', async () => {
    pretendDesktop();
    const api = mockApi({ ...SUMMARY, 'GET /api/v1/earnings': { body: pageOf([PAID_OUT]) } });
    seedSession('role_transporter');
    const { user, router } = renderRoute('/earnings');
    await screen.findByRole('table');
    await user.click(screen.getByRole('tab', { name: 'Payout pending' }));
    await waitFor(() =>
      expect(api.calls('GET /api/v1/earnings').at(-1)!.url).toBe(
        '/api/v1/earnings?status=PENDING&page=0&size=20',
      ),
    );
    await user.click(screen.getByRole('tab', { name: 'Paid out' }));
    await waitFor(() =>
      expect(api.calls('GET /api/v1/earnings').at(-1)!.url).toBe(
        '/api/v1/earnings?status=PAID&page=0&size=20',
      ),
    );
    expect(router.state.location.search).toBe('?tab=paid');
  });

  it('shows a fleet manager on a phone one card per paid trip', async () => {
    mockApi({ ...SUMMARY, 'GET /api/v1/earnings': { body: pageOf([PAID_OUT]) } });
    seedSession('role_fleet_manager');
    renderRoute('/earnings');
    const card = (await screen.findByRole('link', { name: 'TRP-2026-000124' })).closest('li')!;
    expect(screen.queryByRole('table')).toBeNull();
    expect(card).toHaveTextContent('Adeyemi Foods Plc · paid 24 Nov 2026');
    expect(card).toHaveTextContent('Paid₦483,750.00');
    expect(card).toHaveTextContent('Commission 5%₦22,500.00');
    expect(card).toHaveTextContent('Net₦461,250.00');
    expect(card).toHaveTextContent('GTB-7781');
  });

  it('says when nothing is paid yet, and shows the server’s message when the list cannot be loaded', async () => {
    const api = mockApi({ ...SUMMARY, 'GET /api/v1/earnings': { body: pageOf([]) } });
    seedSession('role_transporter');
    const { user } = renderRoute('/earnings');
    expect(await screen.findByText(/^No paid trips yet\./)).toBeVisible();
    api.fetchMock.mockImplementation(async () =>
      Response.json({ message: 'Earnings are being recounted' }, { status: 503 }),
    );
    await user.click(screen.getByRole('tab', { name: 'Paid out' }));
    expect(await screen.findByText('Earnings are being recounted')).toBeVisible();
    expect(screen.getByText('Could not load the earnings')).toBeVisible();
  });

  it('is in the transporter’s sidebar', async () => {
    pretendDesktop();
    mockApi({ ...SUMMARY, 'GET /api/v1/earnings': { body: pageOf([]) } });
    seedSession('role_transporter');
    renderRoute('/earnings');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Earnings' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends a customer home', async () => {
    mockApi({});
    seedSession('role_customer');
    const { router } = renderRoute('/earnings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('speaks Pidgin to a transporter whose profile is in Pidgin', async () => {
    pretendDesktop();
    mockApi({
      ...SUMMARY,
      'GET /api/v1/earnings': { body: pageOf([earningFixture()]) },
      'GET /api/v1/user/me': { body: { status: 'Successful', data: profileFixture({ language: 'pcm' }) } },
    });
    seedSession('role_transporter', 'Musa');
    renderRoute('/earnings');

    const table = await screen.findByRole('table', { name: 'Your money' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your money' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Payout dey wait' })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Day dem pay' })).toBeVisible();
    expect(screen.getByLabelText('Totals')).toHaveTextContent('Wetin you make₦922,500.00');
  });
});
