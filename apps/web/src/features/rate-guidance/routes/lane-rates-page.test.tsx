import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { LANE_RATES, laneRate, laneRatesPage } from '../test-fixtures';

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

/** From a terminal, then from an address, then a general-cargo lane with its truck type. */
const ROWS = [
  laneRate(),
  laneRate({
    pickup: { terminal: null, state: 'Lagos', lga: 'Ikeja' },
    deliveryState: 'Oyo',
    containerSize: 'FTS_20',
    awards: 9,
    band: { p25Kobo: 45_000_000, p50Kobo: 48_000_050, p75Kobo: 52_000_000 },
  }),
  laneRate({
    pickup: { terminal: null, state: 'Kano', lga: 'Nassarawa' },
    deliveryState: 'Lagos',
    cargoType: 'GENERAL_CARGO',
    containerSize: null,
    truckType: 'FLATBED',
    awards: 5,
  }),
];

describe('the lane rates', () => {
  it('lists each lane with its awards and band, the diesel price and the last update above', async () => {
    pretendDesktop();
    const api = mockApi({ [LANE_RATES]: { body: laneRatesPage(ROWS) } });
    seedSession('role_customer');
    renderRoute('/lane-rates');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lane rates' })).toBeVisible();
    expect(document.title).toBe('Lane rates · Freightlane');
    const table = await screen.findByRole('table', { name: 'Lane rates' });
    expect(api.calls(LANE_RATES)[0]?.url).toBe('/api/v1/rate-guidance/lanes?page=0&size=20');
    expect(screen.getByText('Diesel ₦1,250.50 a litre (as of 28 Nov 2026)')).toBeVisible();
    expect(screen.getByText('Updated 28 Nov 2026, 11:00')).toBeVisible();

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Pickup',
      'Delivery state',
      'Cargo type',
      'Size or truck',
      'Awards',
      '25th pct',
      'Median',
      '75th pct',
    ]);
    const [, terminal, address, general] = within(table).getAllByRole('row');
    expect(terminal).toHaveTextContent(
      'APM Terminals ApapaLagosKanoImport LOC40 FT14₦1,800,000.00₦1,950,000.00₦2,100,000.00',
    );
    expect(address).toHaveTextContent('Ikeja, LagosOyoImport LOC20 FT9₦450,000.00₦480,000.50₦520,000.00');
    expect(general).toHaveTextContent('Nassarawa, KanoLagosGeneral CargoFlatbed5');
    expect(screen.getByText('1–3 of 3 lanes')).toBeVisible();
  });

  it('asks again for the lanes of the chosen states and cargo type, kept in the address', async () => {
    pretendDesktop();
    const api = mockApi({ [LANE_RATES]: { body: laneRatesPage(ROWS) } });
    seedSession('role_transporter', 'Musa');
    const { user, router } = renderRoute('/lane-rates?deliveryState=Kano');
    await screen.findByRole('table', { name: 'Lane rates' });
    expect(api.calls(LANE_RATES)[0]?.url).toBe(
      '/api/v1/rate-guidance/lanes?deliveryState=Kano&page=0&size=20',
    );
    expect(screen.getByLabelText('Delivery state', { selector: 'input' })).toHaveValue('Kano');

    await user.click(screen.getByLabelText('Pickup state', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Lagos' }));
    await user.click(screen.getByLabelText('Cargo type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Import LOC' }));
    await waitFor(() =>
      expect(api.calls(LANE_RATES).at(-1)?.url).toBe(
        '/api/v1/rate-guidance/lanes?pickupState=Lagos&deliveryState=Kano&cargoType=IMPORT_LINER_OWNED&page=0&size=20',
      ),
    );
    expect(router.state.location.search).toBe(
      '?deliveryState=Kano&pickupState=Lagos&cargoType=IMPORT_LINER_OWNED',
    );
  });

  it('says why there is no lane, and clears the filters that leave none', async () => {
    const api = mockApi({
      [LANE_RATES]: (request) => ({
        body: laneRatesPage(request.url.includes('pickupState') ? [] : ROWS.slice(0, 1)),
      }),
    });
    seedSession('role_fleet_manager', 'Musa');
    const { user } = renderRoute('/lane-rates?pickupState=Sokoto');
    expect(await screen.findByText('No lane matches these filters.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    // On a phone each lane is a card.
    const list = await screen.findByRole('list', { name: 'Lane rates' });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(card).toHaveTextContent('APM Terminals Apapa');
    expect(card).toHaveTextContent('Median₦1,950,000.00');
    expect(api.calls(LANE_RATES).at(-1)?.url).toBe('/api/v1/rate-guidance/lanes?page=0&size=20');
  });

  it('says when no lane has enough awards yet', async () => {
    mockApi({ [LANE_RATES]: { body: laneRatesPage([], { diesel: null, computedAt: null }) } });
    seedSession('role_customer');
    renderRoute('/lane-rates');
    expect(
      await screen.findByText(
        'No lane has 5 awards in the last 90 days yet. Lanes show here as orders are awarded.',
      ),
    ).toBeVisible();
    expect(screen.getByText('No diesel price recorded yet')).toBeVisible();
    expect(screen.getByText('Not worked out yet')).toBeVisible();
  });

  it('is linked from the reports page', async () => {
    pretendDesktop();
    mockApi({});
    seedSession('role_customer');
    renderRoute('/reports');
    expect(await screen.findByRole('link', { name: /^Lane rates/ })).toHaveAttribute('href', '/lane-rates');
  });

  it('is not for admins', async () => {
    mockApi({});
    seedSession('role_admin');
    const { router } = renderRoute('/lane-rates');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/lane-rates'));
  });
});
