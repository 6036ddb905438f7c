import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { AT_RISK, atRiskPage, containerAtRisk, freeTime, TRIP_ID } from '../test-fixtures';

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

/** Two days over with demurrage, then 3 days left, then one whose free time cannot be counted. */
const ROWS = [
  containerAtRisk({
    trip: { id: 'trip-over', tripNumber: 'TRP-2026-000120' },
    containerNumber: 'MSCU7654321',
    containerSize: 'FTS_20',
    linerName: 'MSC',
    transporterName: 'Lagos Movers Ltd',
    freeTime: freeTime({
      lastFreeDay: '2026-11-21',
      daysLeft: -2,
      level: 'OVER',
      demurrageDays: 2,
      detentionDays: 0,
      projectedChargesKobo: 9_000_000,
      deposit: { amountKobo: null, status: 'NOT_PAID', refundedOn: null },
      atStakeKobo: 9_000_000,
    }),
  }),
  containerAtRisk(),
  containerAtRisk({
    trip: { id: 'trip-unknown', tripNumber: 'TRP-2026-000130' },
    containerNumber: null,
    containerSize: null,
    linerName: null,
    freeTime: freeTime({
      dischargeDate: null,
      deliveryOrderValidityDate: null,
      tariff: null,
      lastFreeDay: null,
      daysLeft: null,
      level: 'UNKNOWN',
      detentionDays: 0,
      projectedChargesKobo: 0,
      deposit: { amountKobo: 50_000_000, status: 'REFUND_REQUESTED', refundedOn: null },
      atStakeKobo: 50_000_000,
    }),
  }),
];

describe('the containers at risk', () => {
  it('shows a customer on a desktop the naira at stake and each container, in the order the API sorts them', async () => {
    pretendDesktop();
    const api = mockApi({ [AT_RISK]: { body: atRiskPage(ROWS, 115_000_000) } });
    seedSession('role_customer');
    renderRoute('/containers/at-risk');

    const table = await screen.findByRole('table', { name: 'Containers at risk' });
    expect(document.title).toBe('Containers at risk · Freightlane');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(api.calls(AT_RISK)[0]?.url).toBe('/api/v1/containers/at-risk?page=0&size=20');
    expect(screen.getByRole('region', { name: 'Total at stake' })).toHaveTextContent(
      'Total at stake₦1,150,000.00Projected charges and deposits still held by the lines, across 3 containers',
    );

    const [, over, soon, unknown] = within(table).getAllByRole('row');
    expect(over).toHaveTextContent('MSCU7654321');
    expect(over).toHaveTextContent('20 FT');
    expect(over).toHaveTextContent('MSC');
    expect(over).toHaveTextContent('Lagos Movers Ltd');
    expect(over).toHaveTextContent('21 Nov 2026');
    expect(over).toHaveTextContent('2 days over');
    expect(over).toHaveTextContent('₦90,000.002 days of demurrage');
    expect(over).toHaveTextContent('Not paid');
    expect(within(over!).getByRole('link', { name: 'TRP-2026-000120' })).toHaveAttribute(
      'href',
      '/trips/trip-over',
    );

    expect(soon).toHaveTextContent('MSKU1234565');
    expect(soon).toHaveTextContent('40 FT');
    expect(soon).toHaveTextContent('26 Nov 2026');
    expect(soon).toHaveTextContent('3 days left');
    expect(soon).toHaveTextContent('₦60,000.002 days of detention');
    expect(soon).toHaveTextContent('₦500,000.00 · Paid, held by the line');
    expect(soon).toHaveTextContent('₦560,000.00');

    expect(unknown).toHaveTextContent('Free time not known');
    expect(unknown).toHaveTextContent('Not known');
    expect(unknown).toHaveTextContent('Refund requested');
    expect(unknown).toHaveTextContent('None on these dates');

    expect(screen.getByText('1–3 of 3 containers')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Containers at risk' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows one card per container on a 375 px phone', async () => {
    mockApi({ [AT_RISK]: { body: atRiskPage(ROWS.slice(0, 2), 65_000_000) } });
    seedSession('role_customer');
    renderRoute('/containers/at-risk');

    const list = await screen.findByRole('list', { name: 'Containers at risk' });
    expect(screen.queryByRole('table')).toBeNull();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('MSCU765432120 FT · MSC');
    expect(first).toHaveTextContent('2 days over');
    expect(first).toHaveTextContent('Last free day21 Nov 2026');
    expect(first).toHaveTextContent('Projected charges₦90,000.002 days of demurrage');
    expect(second).toHaveTextContent('MSKU123456540 FT · Maersk');
    expect(within(second!).getByRole('link', { name: 'TRP-2026-000123' })).toHaveAttribute(
      'href',
      `/trips/${TRIP_ID}`,
    );
    expect(second).toHaveTextContent('3 days left');
    expect(second).toHaveTextContent('At stake₦560,000.00');
    expect(second).toHaveTextContent('Deposit₦500,000.00 · Paid, held by the line');
    expect(screen.getByRole('region', { name: 'Total at stake' })).toHaveTextContent('₦650,000.00');
  });

  it('says when no container is running out of free time', async () => {
    mockApi({ [AT_RISK]: { body: atRiskPage([], 0) } });
    seedSession('role_customer');
    renderRoute('/containers/at-risk');
    expect(await screen.findByText('No containers are running out of free time.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See your trips' })).toHaveAttribute('href', '/trips');
    expect(screen.queryByRole('region', { name: 'Total at stake' })).toBeNull();
  });

  it('shows the server’s message when the containers cannot be loaded, and tries again', async () => {
    let fail = true;
    mockApi({
      [AT_RISK]: () =>
        fail
          ? { status: 503, body: { message: 'Free time is being recounted' } }
          : { body: atRiskPage([containerAtRisk()], 56_000_000) },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/containers/at-risk');
    expect(await screen.findByText('Free time is being recounted')).toBeVisible();
    expect(screen.getByText('Could not load the containers')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('MSKU1234565')).toBeVisible();
  });

  it('is a customer’s page only', async () => {
    mockApi({ [AT_RISK]: { body: atRiskPage([], 0) } });
    seedSession('role_transporter');
    const { router } = renderRoute('/containers/at-risk');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transporterhome'));
  });
});
