import { screen, waitFor, within } from '@testing-library/react';
import { DAY_MS } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { pageOf } from '../../../test/marketplace-fixtures';
import { profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';
import { INVOICE_ID, invoiceFixture, summaryFixture } from '../test-fixtures';

// Each test clicks through several screens; a busy machine needs longer than the default 5 s.
const CLICK_JOURNEY_TIMEOUT_MS = 20_000;

const OVERDUE = invoiceFixture({
  id: 'invoice-2',
  invoiceNumber: 'INV-2026-000018',
  trip: { id: 'trip-2', tripNumber: 'TRP-2026-000124' },
  amountKobo: 123_456_789,
  status: 'OVERDUE',
  chargesAwaitingAnswer: 2,
  dueAt: new Date(Date.now() - 3 * DAY_MS).toISOString(),
});

const SUMMARY = { 'GET /api/v1/invoices/summary': { body: summaryFixture() } };

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

describe('the payments page', { timeout: CLICK_JOURNEY_TIMEOUT_MS }, () => {
  it('shows a customer the pending payments with VAT included, overdue ones in red, and the charges to answer', async () => {
    pretendDesktop();
    const api = mockApi({
      ...SUMMARY,
      'GET /api/v1/invoices': { body: pageOf([invoiceFixture(), OVERDUE]) },
    });
    seedSession('role_customer');
    renderRoute('/payments');

    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(document.title).toBe('Payments · Freightlane');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(api.calls('GET /api/v1/invoices')[0]?.url).toBe(
      '/api/v1/invoices?status=PENDING_PAYMENT&page=0&size=20',
    );
    expect(screen.getByRole('tab', { name: 'Pending payments', selected: true })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Transporter' })).toBeVisible();
    expect(within(table).queryByRole('columnheader', { name: 'Customer' })).toBeNull();

    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('ORD-2026-000042');
    expect(first).toHaveTextContent('Kano Haulage Ltd');
    expect(first).toHaveTextContent('₦483,750.00incl. VAT');
    expect(first).toHaveTextContent('Pending payment');
    expect(first).not.toHaveTextContent('Overdue');
    expect(first).not.toHaveTextContent('to answer');
    expect(within(first!).getByRole('link', { name: 'INV-2026-000017' })).toHaveAttribute(
      'href',
      `/payments/${INVOICE_ID}`,
    );
    expect(within(first!).getByRole('link', { name: 'TRP-2026-000123' })).toHaveAttribute(
      'href',
      '/trips/trip-1',
    );

    expect(second).toHaveTextContent('₦1,234,567.89');
    expect(second).toHaveTextContent('2 charges to answer');
    expect(within(second!).getByText(/· Overdue/)).toHaveStyle({ color: 'var(--mantine-color-red-9)' });
    expect(within(second!).getByText('Overdue', { selector: '.mantine-Badge-label' })).toBeVisible();
  });

  it('shows the totals: pending and overdue with their counts, paid this month, charges awaiting an answer', async () => {
    pretendDesktop();
    mockApi({ ...SUMMARY, 'GET /api/v1/invoices': { body: pageOf([invoiceFixture()]) } });
    seedSession('role_customer');
    renderRoute('/payments');
    const totals = await screen.findByLabelText('Totals');
    expect(totals).toHaveTextContent('To pay₦1,718,285.393 invoices');
    expect(totals).toHaveTextContent('Overdue₦1,234,567.891 invoice');
    expect(totals).toHaveTextContent('Paid this month₦900,000.00');
    expect(totals).toHaveTextContent('Charges to answer2');
  });

  it('filters by tab and searches by text, keeping both in the address', async () => {
    pretendDesktop();
    const api = mockApi({
      ...SUMMARY,
      'GET /api/v1/invoices': (request) => ({
        body: pageOf(
          request.url.includes('status=PAID')
            ? [invoiceFixture({ id: 'invoice-3', invoiceNumber: 'INV-2026-000003', status: 'PAID' })]
            : [invoiceFixture()],
        ),
      }),
    });
    seedSession('role_customer');
    const { user, router } = renderRoute('/payments');
    await screen.findByRole('table');

    await user.click(screen.getByRole('tab', { name: 'Overdue' }));
    await waitFor(() =>
      expect(api.calls('GET /api/v1/invoices').at(-1)?.url).toBe(
        '/api/v1/invoices?status=OVERDUE&page=0&size=20',
      ),
    );
    await user.click(screen.getByRole('tab', { name: 'Paid' }));
    const paid = (await screen.findByText('INV-2026-000003')).closest('tr')!;
    expect(paid).toHaveTextContent('Paid');
    expect(router.state.location.search).toBe('?tab=paid');

    await user.click(screen.getByRole('tab', { name: 'All invoices' }));
    await waitFor(() =>
      expect(api.calls('GET /api/v1/invoices').at(-1)?.url).toBe('/api/v1/invoices?page=0&size=20'),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'TRP-2026-000123');
    await waitFor(() =>
      expect(api.calls('GET /api/v1/invoices').at(-1)?.url).toBe(
        '/api/v1/invoices?q=TRP-2026-000123&page=0&size=20',
      ),
    );
    expect(router.state.location.search).toBe('?tab=all&q=TRP-2026-000123');
  });

  it('shows a transporter on a phone what each customer owes, one card per invoice', async () => {
    mockApi({ ...SUMMARY, 'GET /api/v1/invoices': { body: pageOf([OVERDUE]) } });
    seedSession('role_transporter');
    renderRoute('/payments');
    const link = await screen.findByRole('link', { name: 'TRP-2026-000124' });
    const card = link.closest('li')!;
    expect(screen.queryByRole('table')).toBeNull();
    expect(card).toHaveTextContent('CustomerOkafor Imports Ltd');
    expect(card).not.toHaveTextContent('Kano Haulage Ltd');
    expect(card).toHaveTextContent('Total₦1,234,567.89incl. VAT');
    expect(within(card).getByText('Overdue', { selector: '.mantine-Badge-label' })).toBeVisible();
    expect(card).toHaveTextContent('Order numberORD-2026-000042');
    expect(card).toHaveTextContent('2 charges awaiting the customer');
    expect(within(card).getByRole('link', { name: 'INV-2026-000018' })).toHaveAttribute(
      'href',
      '/payments/invoice-2',
    );
    const totals = screen.getByLabelText('Totals');
    expect(totals).toHaveTextContent('Awaiting payment');
    expect(totals).toHaveTextContent('Charges awaiting the customer');
  });

  it('shows an admin both parties', async () => {
    pretendDesktop();
    mockApi({ ...SUMMARY, 'GET /api/v1/invoices': { body: pageOf([invoiceFixture()]) } });
    seedSession('role_admin');
    renderRoute('/payments');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getByRole('columnheader', { name: 'Customer' })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Transporter' })).toBeVisible();
  });

  it('says when nothing is pending, and shows the server’s message when the invoices cannot be loaded', async () => {
    const api = mockApi({ ...SUMMARY, 'GET /api/v1/invoices': { body: pageOf([]) } });
    seedSession('role_customer');
    const { user } = renderRoute('/payments');
    expect(await screen.findByText(/^No pending payments\./)).toBeVisible();
    api.fetchMock.mockImplementation(async () =>
      Response.json({ message: 'Invoices are being reconciled' }, { status: 503 }),
    );
    await user.click(screen.getByRole('tab', { name: 'All invoices' }));
    expect(await screen.findByText('Invoices are being reconciled')).toBeVisible();
  });

  it('keeps the list when the totals cannot be loaded', async () => {
    mockApi({
      'GET /api/v1/invoices/summary': { status: 500, body: { message: 'Totals are being recounted' } },
      'GET /api/v1/invoices': { body: pageOf([invoiceFixture()]) },
    });
    seedSession('role_customer');
    renderRoute('/payments');
    expect(await screen.findByText('Totals are being recounted')).toBeVisible();
    expect(screen.getByText('Could not load the totals')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'INV-2026-000017' })).toBeVisible();
  });

  it('is in the customer’s sidebar', async () => {
    pretendDesktop();
    mockApi({ ...SUMMARY, 'GET /api/v1/invoices': { body: pageOf([]) } });
    seedSession('role_customer');
    renderRoute('/payments');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');
  });

  it('speaks Pidgin to a transporter whose profile is in Pidgin', async () => {
    pretendDesktop();
    mockApi({
      ...SUMMARY,
      'GET /api/v1/invoices': { body: pageOf([invoiceFixture()]) },
      'GET /api/v1/user/me': { body: { status: 'Successful', data: profileFixture({ language: 'pcm' }) } },
    });
    seedSession('role_transporter', 'Musa');
    renderRoute('/payments');

    expect(await screen.findByRole('tab', { name: 'Never pay', selected: true })).toBeVisible();
    expect(screen.getByLabelText('Totals')).toHaveTextContent('Dey wait payment');
    const table = screen.getByRole('table', { name: 'Invoices' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('₦483,750.00VAT dey inside');
  });
});
