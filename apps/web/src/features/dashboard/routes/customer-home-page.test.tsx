import { screen, within } from '@testing-library/react';
import type { CustomerDashboard } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { AppLanguageProvider } from '../../../i18n/app-language';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { CustomerHomePage } from './customer-home-page';

const DASHBOARD: CustomerDashboard = {
  ongoingTrips: 3,
  completedTrips: 12,
  uncompletedTrips: 5,
  pendingPaymentsKobo: 123_456_789,
  pendingInvoiceCount: 2,
  ordersAwaitingAward: [
    {
      id: 'order-1',
      orderNumber: 'ORD-2026-000042',
      cargoType: 'IMPORT_LINER_OWNED',
      clientName: 'Dangote Cement',
      biddingOpen: true,
      biddingClosesAt: '2026-11-24T16:30:00.000Z',
      bidCount: 4,
    },
    {
      id: 'order-2',
      orderNumber: 'ORD-2026-000043',
      cargoType: 'GENERAL_CARGO',
      clientName: 'Flour Mills',
      biddingOpen: false,
      biddingClosesAt: '2026-11-20T16:30:00.000Z',
      bidCount: 1,
    },
  ],
};

function validation(verificationStatus: 'UNVERIFIED' | 'VERIFIED') {
  return {
    verificationStatus,
    complete: verificationStatus === 'VERIFIED',
    missingDetails: verificationStatus === 'VERIFIED' ? [] : ['tin'],
    documents: [],
    missingDocuments: [],
    awaitingReview: [],
  };
}

describe('the customer dashboard', () => {
  it('shows the figures, each linking to its list, and the orders awaiting award', async () => {
    mockApi({
      'GET /api/v1/dashboard/customer': { body: DASHBOARD },
      'GET /api/v1/company/documents/validate': { body: validation('VERIFIED') },
    });
    seedSession('role_customer');
    renderRoute('/home');

    const ongoing = await screen.findByRole('link', { name: /Ongoing trips/ });
    expect(ongoing).toHaveAttribute('href', '/trips?tab=ongoing');
    expect(ongoing).toHaveTextContent('3');
    // Each caption says what is counted: ongoing is started and not finished (a delivered Import LOC trip
    // returning its empty still counts), completed is every finished trip.
    expect(ongoing).toHaveTextContent('Started, not yet finished');
    expect(screen.getByRole('link', { name: /Trips not completed/ })).toHaveAttribute(
      'href',
      '/trips?tab=uncompleted',
    );
    expect(screen.getByRole('link', { name: /Trips not completed/ })).toHaveTextContent('5');
    expect(screen.getByRole('link', { name: /Trips not completed/ })).toHaveTextContent(
      'Awarded, not yet finished',
    );
    expect(screen.getByRole('link', { name: /Completed trips/ })).toHaveAttribute(
      'href',
      '/trips?tab=completed',
    );
    expect(screen.getByRole('link', { name: /Completed trips/ })).toHaveTextContent('12');
    expect(screen.getByRole('link', { name: /Completed trips/ })).toHaveTextContent('Finished, all time');
    const payments = screen.getByRole('link', { name: /Pending payments/ });
    expect(payments).toHaveTextContent('₦1,234,567.89');
    expect(payments).toHaveTextContent('2 invoices to pay');
    expect(payments).toHaveAttribute('href', '/payments');

    const awaiting = screen.getByRole('region', { name: 'Orders awaiting award' });
    const items = within(awaiting).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'ORD-2026-000042' })).toHaveAttribute(
      'href',
      '/orders/order-1',
    );
    expect(items[0]).toHaveTextContent('4 bids');
    expect(items[0]).toHaveTextContent('Import LOC · Dangote Cement · bidding closes 24 Nov 2026, 17:30');
    expect(items[1]).toHaveTextContent('1 bid');
    expect(items[1]).toHaveTextContent('bidding closed');

    expect(screen.getByRole('link', { name: 'Order haulage' })).toHaveAttribute('href', '/orders/new');
    // A verified company has no checklist to work through.
    expect(screen.queryByRole('heading', { name: 'Company verification' })).toBeNull();
  });

  it('keeps the verification checklist while the company is not verified', async () => {
    mockApi({
      'GET /api/v1/dashboard/customer': { body: { ...DASHBOARD, ordersAwaitingAward: [] } },
      'GET /api/v1/company/documents/validate': { body: validation('UNVERIFIED') },
    });
    seedSession('role_customer');
    renderRoute('/home');
    expect(await screen.findByRole('heading', { name: 'Company verification' })).toBeVisible();
    expect(await screen.findByText('Missing: Tax identification number (TIN)')).toBeVisible();
    expect(screen.getByText(/No order is waiting for you to award it/)).toBeVisible();
  });

  it('shows the server message when the figures cannot load', async () => {
    mockApi({
      'GET /api/v1/dashboard/customer': { status: 503, body: { message: 'Figures are being recounted.' } },
      'GET /api/v1/company/documents/validate': { body: validation('VERIFIED') },
    });
    seedSession('role_customer');
    renderRoute('/home');
    expect(await screen.findByText('Figures are being recounted.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('speaks Pidgin in an app shown in Pidgin, the checklist and the cargo types too', async () => {
    mockApi({
      'GET /api/v1/dashboard/customer': { body: DASHBOARD },
      'GET /api/v1/company/documents/validate': { body: validation('UNVERIFIED') },
    });
    seedSession('role_customer');
    const element = (
      <AppLanguageProvider initialLocale="pcm">
        <CustomerHomePage />
      </AppLanguageProvider>
    );
    renderRoute('/home', { routes: [{ path: '/home', element }] });
    const payments = await screen.findByRole('link', { name: /Money wey you go pay/ });
    expect(payments).toHaveTextContent('2 invoices wey you go pay');
    const awaiting = screen.getByRole('region', { name: 'Orders wey dey wait award' });
    expect(within(awaiting).getAllByRole('listitem')[1]).toHaveTextContent(
      'General cargo · Flour Mills · bidding don close',
    );
    expect(await screen.findByText('E remain: Tax identification number (TIN)')).toBeVisible();
  });
});
