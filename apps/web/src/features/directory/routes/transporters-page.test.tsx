import { screen, waitFor, within } from '@testing-library/react';
import type { DirectoryTransporter } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { DIRECTORY, GARDEN_CITY_ID, INVITE, directoryPage, ekoRow, gardenCityRow } from '../test-fixtures';

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

/** The directory's API over rows that remember an invitation, as the server does. */
function mockDirectory(initial: DirectoryTransporter[] = [ekoRow(), gardenCityRow()]) {
  let rows = initial;
  return mockApi({
    [DIRECTORY]: () => ({ body: directoryPage(rows) }),
    [INVITE]: (request) => {
      const { transporterCompanyId } = request.body as { transporterCompanyId: string };
      rows = rows.map((r) => (r.companyId === transporterCompanyId ? { ...r, isPreferredPartner: true } : r));
      const row = rows.find((r) => r.companyId === transporterCompanyId)!;
      return {
        status: 201,
        body: { transporterCompanyId, name: row.name, state: row.state, addedAt: '2026-11-21T12:00:00.000Z' },
      };
    },
  });
}

describe('Find transporters', () => {
  it('lists each transporter with its scorecard, fleet, trucks and lanes in a table', async () => {
    pretendDesktop();
    const api = mockDirectory();
    seedSession('role_customer');
    renderRoute('/transporters');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find transporters' })).toBeVisible();
    expect(document.title).toBe('Find transporters · Freightlane');
    const table = await screen.findByRole('table', { name: 'Find transporters' });
    expect(api.calls(DIRECTORY)[0]?.url).toBe('/api/v1/transporter-directory?sort=score&page=0&size=20');

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Transporter', 'Scorecard', 'Fleet', 'Top lanes', 'Partner']);
    const [, eko, gardenCity] = within(table).getAllByRole('row');
    expect(eko).toHaveTextContent('Eko Haulage LtdLagos · Verified since 12 Mar 2025');
    expect(eko).toHaveTextContent('Score 82/10020 trips4.5 out of 5 (6 ratings)On-time delivery 75%');
    expect(eko).toHaveTextContent('3 trucks2 × Container chassis 40 FT1 × Flatbed');
    expect(eko).toHaveTextContent('Lagos → Kano12 tripsLagos → Oyo5 trips');
    expect(within(eko!).getByText('Preferred partner')).toBeVisible();
    expect(within(eko!).getByRole('link', { name: 'Eko Haulage Ltd' })).toHaveAttribute(
      'href',
      `/companies/${ekoRow().companyId}`,
    );
    expect(gardenCity).toHaveTextContent('Garden City Logistics LtdRivers');
    expect(gardenCity).toHaveTextContent('New on Freightlane2 trips');
    expect(gardenCity).toHaveTextContent('No trips in the last 12 months');
    expect(
      within(gardenCity!).getByRole('button', {
        name: 'Invite Garden City Logistics Ltd as preferred partner',
      }),
    ).toBeVisible();
    expect(screen.getByText('1–2 of 2 transporters')).toBeVisible();
  });

  // Seven filters chosen and typed one after another: slow on a busy machine.
  it('asks again for what the filters choose, keeping them in the address', { timeout: 60_000 }, async () => {
    pretendDesktop();
    const api = mockDirectory();
    seedSession('role_customer');
    const { user, router } = renderRoute('/transporters?pickupState=Lagos&sort=trips');
    await screen.findByRole('table', { name: 'Find transporters' });
    expect(api.calls(DIRECTORY)[0]?.url).toBe(
      '/api/v1/transporter-directory?pickupState=Lagos&sort=trips&page=0&size=20',
    );
    expect(screen.getByLabelText('Pickup state', { selector: 'input' })).toHaveValue('Lagos');
    expect(screen.getByLabelText('Sort by', { selector: 'input' })).toHaveValue('Most trips');

    await user.click(screen.getByLabelText('Delivery state', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Kano' }));
    await user.click(screen.getByLabelText('Truck type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Flatbed' }));
    await user.type(screen.getByLabelText('Minimum fleet'), '5');
    await user.type(screen.getByLabelText('Minimum score'), '60');
    await user.type(screen.getByLabelText('Company name'), 'eko');
    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Largest fleet' }));
    await waitFor(() =>
      expect(api.calls(DIRECTORY).at(-1)?.url).toBe(
        '/api/v1/transporter-directory?pickupState=Lagos&deliveryState=Kano&truckType=FLATBED&minFleet=5&minScore=60&q=eko&sort=fleet&page=0&size=20',
      ),
    );
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({
      pickupState: 'Lagos',
      deliveryState: 'Kano',
      truckType: 'FLATBED',
      minFleet: '5',
      minScore: '60',
      q: 'eko',
      sort: 'fleet',
    });
  });

  it('invites a transporter as a preferred partner and marks its row', async () => {
    pretendDesktop();
    const api = mockDirectory();
    seedSession('role_customer');
    const { user } = renderRoute('/transporters');
    const table = await screen.findByRole('table', { name: 'Find transporters' });
    await user.click(
      within(table).getByRole('button', { name: 'Invite Garden City Logistics Ltd as preferred partner' }),
    );
    expect(
      await screen.findByText('Garden City Logistics Ltd is now one of your preferred partners.'),
    ).toBeVisible();
    expect(api.calls(INVITE).map((c) => c.body)).toEqual([{ transporterCompanyId: GARDEN_CITY_ID }]);
    const gardenCity = within(table).getAllByRole('row')[2]!;
    await waitFor(() => expect(within(gardenCity).getByText('Preferred partner')).toBeVisible());
    expect(within(table).queryByRole('button', { name: /^Invite / })).toBeNull();
  });

  it('shows the server’s refusal of an invitation', async () => {
    pretendDesktop();
    mockApi({
      [DIRECTORY]: { body: directoryPage([gardenCityRow()]) },
      [INVITE]: {
        status: 409,
        body: { message: 'Garden City Logistics Ltd is already one of your preferred partners' },
      },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/transporters');
    await user.click(
      await screen.findByRole('button', { name: 'Invite Garden City Logistics Ltd as preferred partner' }),
    );
    expect(
      await screen.findByText('Garden City Logistics Ltd is already one of your preferred partners'),
    ).toBeVisible();
  });

  it('says why the list is empty, and clears the filters that leave it so', async () => {
    const api = mockApi({
      [DIRECTORY]: (request) => ({
        body: directoryPage(request.url.includes('q=') ? [] : [gardenCityRow()]),
      }),
    });
    seedSession('role_customer');
    const { user, router } = renderRoute('/transporters?q=nobody&truckType=TIPPER&minFleet=2');
    expect(await screen.findByText('No transporter matches these filters.')).toBeVisible();
    expect(screen.getByLabelText('Company name')).toHaveValue('nobody');
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    // On a phone each transporter is a card.
    const list = await screen.findByRole('list', { name: 'Find transporters' });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(card).toHaveTextContent('Garden City Logistics Ltd');
    expect(card).toHaveTextContent('Fleet1 truck');
    expect(api.calls(DIRECTORY).at(-1)?.url).toBe('/api/v1/transporter-directory?sort=score&page=0&size=20');
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Company name')).toHaveValue('');
    expect(screen.getByLabelText('Minimum fleet')).toHaveValue('');
  });

  it('says when no transporter is listed yet', async () => {
    mockApi({ [DIRECTORY]: { body: directoryPage([]) } });
    seedSession('role_customer');
    renderRoute('/transporters');
    expect(await screen.findByText(/^No verified transporter is listed yet/)).toBeVisible();
  });

  it('is in the customer’s navigation and linked from the preferred partners page', async () => {
    pretendDesktop();
    mockApi({ 'GET /api/v1/preferred-partners': { body: [] }, 'GET /api/v1/transporters': { body: [] } });
    seedSession('role_customer');
    renderRoute('/partners');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Find transporters' })).toHaveAttribute(
      'href',
      '/transporters',
    );
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: 'Find transporters' })).toHaveAttribute(
      'href',
      '/transporters',
    );
  });

  it('is a customer page', async () => {
    mockApi({});
    seedSession('role_transporter');
    const { router } = renderRoute('/transporters');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transporterhome'));
  });
});
