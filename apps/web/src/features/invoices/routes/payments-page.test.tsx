import { configure, screen, within } from '@testing-library/react';
import { DAY_MS, invoiceSchema, type Invoice } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { pageOf } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';

configure({ asyncUtilTimeout: 5000 });
// Each test clicks through several screens; a busy machine needs longer than the default 5 s.
const CLICK_JOURNEY_TIMEOUT_MS = 20_000;

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return apiFixture(invoiceSchema, {
    id: 'invoice-1',
    invoiceNumber: 'INV-2026-000017',
    trip: { id: 'trip-1', tripNumber: 'TRP-2026-000123' },
    orderNumber: 'ORD-2026-000042',
    customerName: 'Okafor Imports Ltd',
    transporterName: 'Kano Haulage Ltd',
    amountKobo: 45_000_000,
    status: 'PENDING_PAYMENT',
    dueAt: new Date(Date.now() + 10 * DAY_MS).toISOString(),
    paidAt: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  });
}

const OVERDUE = invoice({
  id: 'invoice-2',
  invoiceNumber: 'INV-2026-000018',
  trip: { id: 'trip-2', tripNumber: 'TRP-2026-000124' },
  amountKobo: 123_456_789,
  dueAt: new Date(Date.now() - 3 * DAY_MS).toISOString(),
});

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

describe('the payments page', { timeout: CLICK_JOURNEY_TIMEOUT_MS }, () => {
  it('shows a customer the pending payments in naira, with the trip, the transporter and overdue ones in red', async () => {
    pretendDesktop();
    const api = mockApi({ 'GET /api/v1/invoices': { body: pageOf([invoice(), OVERDUE]) } });
    seedSession('role_customer');
    renderRoute('/payments');

    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(document.title).toBe('Payments · Freightlane');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(api.requests[0]?.url).toBe('/api/v1/invoices?status=PENDING_PAYMENT&page=0&size=20');
    expect(screen.getByRole('tab', { name: 'Pending payments', selected: true })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Transporter' })).toBeVisible();
    expect(within(table).queryByRole('columnheader', { name: 'Customer' })).toBeNull();

    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('INV-2026-000017');
    expect(first).toHaveTextContent('ORD-2026-000042');
    expect(first).toHaveTextContent('Kano Haulage Ltd');
    expect(first).toHaveTextContent('₦450,000.00');
    expect(first).toHaveTextContent('Pending payment');
    expect(first).not.toHaveTextContent('Overdue');
    expect(within(first!).getByRole('link', { name: 'TRP-2026-000123' })).toHaveAttribute(
      'href',
      '/trips/trip-1',
    );

    expect(second).toHaveTextContent('₦1,234,567.89');
    const overdue = within(second!).getByText(/Overdue/);
    expect(overdue).toHaveStyle({ color: 'var(--mantine-color-red-9)' });
  });

  it('shows every invoice on the All invoices tab, a paid one never overdue', async () => {
    pretendDesktop();
    const api = mockApi({
      'GET /api/v1/invoices': (request) => ({
        body: pageOf(
          request.url.includes('status=')
            ? [invoice()]
            : [
                invoice(),
                invoice({
                  id: 'invoice-3',
                  invoiceNumber: 'INV-2026-000003',
                  status: 'PAID',
                  dueAt: '2026-01-01T00:00:00.000Z',
                }),
              ],
        ),
      }),
    });
    seedSession('role_customer');
    const { user, router } = renderRoute('/payments');
    await screen.findByRole('table');
    await user.click(screen.getByRole('tab', { name: 'All invoices' }));
    const paid = (await screen.findByText('INV-2026-000003')).closest('tr')!;
    expect(api.requests.at(-1)?.url).toBe('/api/v1/invoices?page=0&size=20');
    expect(router.state.location.search).toBe('?tab=all');
    expect(paid).toHaveTextContent('Paid');
    expect(paid).toHaveTextContent('1 Jan 2026');
    expect(paid).not.toHaveTextContent('Overdue');
  });

  it('shows a transporter on a phone what each customer owes, one card per invoice', async () => {
    mockApi({ 'GET /api/v1/invoices': { body: pageOf([OVERDUE]) } });
    seedSession('role_transporter');
    renderRoute('/payments');
    const link = await screen.findByRole('link', { name: 'TRP-2026-000124' });
    const card = link.closest('li')!;
    expect(screen.queryByRole('table')).toBeNull();
    expect(card).toHaveTextContent('Customer: Okafor Imports Ltd');
    expect(card).not.toHaveTextContent('Kano Haulage Ltd');
    expect(card).toHaveTextContent('₦1,234,567.89');
    expect(card).toHaveTextContent('Overdue');
  });

  it('says when nothing is pending, and shows the server’s message when the invoices cannot be loaded', async () => {
    const api = mockApi({ 'GET /api/v1/invoices': { body: pageOf([]) } });
    seedSession('role_customer');
    const { user } = renderRoute('/payments');
    expect(await screen.findByText(/^No pending payments\./)).toBeVisible();
    api.fetchMock.mockImplementation(async () =>
      Response.json({ message: 'Invoices are being reconciled' }, { status: 503 }),
    );
    await user.click(screen.getByRole('tab', { name: 'All invoices' }));
    expect(await screen.findByText('Invoices are being reconciled')).toBeVisible();
  });

  it('is in the customer’s sidebar', async () => {
    pretendDesktop();
    mockApi({ 'GET /api/v1/invoices': { body: pageOf([]) } });
    seedSession('role_customer');
    renderRoute('/payments');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');
  });
});
