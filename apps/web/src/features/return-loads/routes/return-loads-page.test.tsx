import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import {
  RETURN_LOADS,
  RETURN_LOAD_SETTINGS,
  SAVE_RETURN_LOAD_SETTINGS,
  returnLoadMatch,
  returnLoadTrip,
  returnLoadsAnswer,
} from '../../../test/return-load-fixtures';

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

/** A truck with two matches (the first welcoming return loads and already bid on), and one with a single match. */
const KANO_TRUCK = returnLoadTrip({
  matches: [
    returnLoadMatch({ returnLoadsWelcome: true, alreadyBid: true }),
    returnLoadMatch({
      orderId: '3c9d2a1e-7b4f-4c2a-9e1d-5a6b7c8d9e02',
      orderNumber: 'ORD-2026-000081',
      cargoType: 'GENERAL_CARGO',
      itemCount: 1,
      customerName: 'Dala Foods',
      pickup: { name: 'Dala', state: 'Kano' },
      delivery: { name: 'Ikeja', state: 'Lagos' },
      pickupDate: '2026-12-02',
      distanceKm: 31,
    }),
  ],
  matchCount: 34,
});
const ONITSHA_TRUCK = returnLoadTrip({
  tripId: '8e2f3a4b-5c6d-4e7f-8a91-92a3b4c5d6e7',
  tripNumber: 'TRP-2026-000130',
  truckRegistration: 'KJA 456 ZB',
  delivery: { name: 'Onitsha North', state: 'Anambra' },
  freeOn: '2026-11-29',
  matches: [
    returnLoadMatch({
      orderId: '3c9d2a1e-7b4f-4c2a-9e1d-5a6b7c8d9e03',
      orderNumber: 'ORD-2026-000090',
      pickup: { name: 'Nnewi North', state: 'Anambra' },
      distanceKm: 24,
    }),
  ],
});
const PAGE = returnLoadsAnswer([KANO_TRUCK, ONITSHA_TRUCK], { trucksConsidered: 5 });

describe('the Return loads page', () => {
  it('lists each truck with where it will be free and its matches, each linked to bid on', async () => {
    pretendDesktop();
    const api = mockApi({
      [RETURN_LOADS]: { body: PAGE },
      [RETURN_LOAD_SETTINGS]: { body: { radiusKm: 50 } },
    });
    seedSession('role_transporter', 'Musa');
    renderRoute('/return-loads');
    // The first test of the file also waits for the page's chunk.
    expect(await screen.findByRole('heading', { level: 1, name: 'Return loads' })).toBeVisible();
    expect(document.title).toBe('Return loads · Freightlane');
    const kano = await screen.findByRole('region', { name: 'TRP-2026-000123 · Truck LSR 123 XY' });
    expect(api.calls(RETURN_LOADS)[0]?.url).toBe('/api/v1/return-loads?page=0&size=20');

    expect(within(kano).getByRole('link', { name: 'TRP-2026-000123' })).toHaveAttribute(
      'href',
      '/trips/7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    );
    expect(within(kano).getByText('Free near Fagge, Kano on 27 Nov 2026')).toBeVisible();
    expect(within(kano).getByText('34 return loads')).toBeVisible();
    expect(within(kano).getByText('The first 2 of 34 are listed.')).toBeVisible();

    const table = within(kano).getByRole('table', { name: 'Return loads for TRP-2026-000123' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Order', 'Customer', 'Cargo', 'Pickup → delivery', 'Pickup date', 'Distance']);
    const [, welcoming, general] = within(table).getAllByRole('row');
    expect(welcoming).toHaveTextContent(
      'ORD-2026-000077Return loads welcomeYou bidKano Agro Exports LtdExport · 2 containersNassarawa, Kano → Lagos28 Nov 202612 km away',
    );
    expect(within(welcoming!).getByRole('link', { name: 'ORD-2026-000077' })).toHaveAttribute(
      'href',
      '/bids/orders/3c9d2a1e-7b4f-4c2a-9e1d-5a6b7c8d9e01',
    );
    expect(general).toHaveTextContent(
      'ORD-2026-000081Dala FoodsGeneral Cargo · 1 truck loadDala, Kano → Lagos2 Dec 202631 km away',
    );
    expect(within(general!).queryByText('Return loads welcome')).toBeNull();
    expect(within(general!).queryByText('You bid')).toBeNull();

    const onitsha = screen.getByRole('region', { name: 'TRP-2026-000130 · Truck KJA 456 ZB' });
    expect(within(onitsha).getByText('Free near Onitsha North, Anambra on 29 Nov 2026')).toBeVisible();
    expect(within(onitsha).getByText('1 return load')).toBeVisible();
    expect(within(onitsha).queryByText(/are listed/)).toBeNull();

    expect(
      screen.getByText(
        'We list open orders whose pickup lies within 50 km of where your truck delivers, with a pickup date from the day the truck is free up to 14 days after. Up to 20 orders show per truck: those that welcome return loads, and the nearest, first.',
      ),
    ).toBeVisible();
    expect(screen.getByText('1–2 of 2 trucks')).toBeVisible();
  });

  it('shows each match as a card on a phone', async () => {
    mockApi({ [RETURN_LOADS]: { body: PAGE }, [RETURN_LOAD_SETTINGS]: { body: { radiusKm: 50 } } });
    seedSession('role_transporter', 'Musa');
    renderRoute('/return-loads');
    const kano = await screen.findByRole('region', { name: 'TRP-2026-000123 · Truck LSR 123 XY' });
    expect(within(kano).queryByRole('table')).toBeNull();
    const list = within(kano).getByRole('list', { name: 'Return loads for TRP-2026-000123' });
    const [first] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'ORD-2026-000077' })).toBeVisible();
    expect(within(first!).getByText('Return loads welcome')).toBeVisible();
    expect(first).toHaveTextContent('Pickup → deliveryNassarawa, Kano → Lagos');
    expect(first).toHaveTextContent('Distance12 km away');
  });

  it('pages through the trucks, keeping the page in the address', async () => {
    const api = mockApi({
      [RETURN_LOADS]: (request) => ({
        body: returnLoadsAnswer([request.url.includes('page=1') ? ONITSHA_TRUCK : KANO_TRUCK], {
          totalElements: 21,
          totalPages: 2,
          number: request.url.includes('page=1') ? 1 : 0,
          trucksConsidered: 30,
        }),
      }),
      [RETURN_LOAD_SETTINGS]: { body: { radiusKm: 50 } },
    });
    seedSession('role_transporter', 'Musa');
    const { user, router } = renderRoute('/return-loads');
    expect(await screen.findByText('1–1 of 21 trucks')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('region', { name: 'TRP-2026-000130 · Truck KJA 456 ZB' })).toBeVisible();
    expect(api.calls(RETURN_LOADS).at(-1)?.url).toBe('/api/v1/return-loads?page=1&size=20');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('saves a new radius and asks for the matches again', async () => {
    let radiusKm = 50;
    const api = mockApi({
      [RETURN_LOADS]: () => ({ body: returnLoadsAnswer([KANO_TRUCK], { radiusKm }) }),
      [RETURN_LOAD_SETTINGS]: () => ({ body: { radiusKm } }),
      [SAVE_RETURN_LOAD_SETTINGS]: (request) => {
        radiusKm = (request.body as { radiusKm: number }).radiusKm;
        return { body: { radiusKm } };
      },
    });
    seedSession('role_transporter', 'Musa');
    const { user } = renderRoute('/return-loads');
    const radius = await screen.findByRole('textbox', { name: 'Kilometres from each delivery' });
    await waitFor(() => expect(radius).toHaveValue('50'));
    expect(screen.getByText('Look within')).toBeVisible();
    expect(screen.getByText('km of each delivery')).toBeVisible();
    expect(screen.getByText('Between 5 and 200 km.')).toBeVisible();

    await user.clear(radius);
    await user.type(radius, '120');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(SAVE_RETURN_LOAD_SETTINGS)).toHaveLength(1));
    expect(api.calls(SAVE_RETURN_LOAD_SETTINGS)[0]?.body).toEqual({ radiusKm: 120 });
    expect(
      await screen.findByText('Return loads are now looked for within 120 km of each delivery.'),
    ).toBeVisible();
    expect(await screen.findByText(/^We list open orders whose pickup lies within 120 km/)).toBeVisible();
    expect(api.calls(RETURN_LOADS)).toHaveLength(2);
    expect(radius).toHaveValue('120');
  });

  it('shows the API’s refusal of the radius under the field', async () => {
    const api = mockApi({
      [RETURN_LOADS]: { body: PAGE },
      [RETURN_LOAD_SETTINGS]: { body: { radiusKm: 50 } },
      [SAVE_RETURN_LOAD_SETTINGS]: {
        status: 400,
        body: {
          message: 'Invalid request.',
          code: 'BAD_REQUEST',
          errors: [{ field: 'radiusKm', message: 'Radius must be at most 150 km' }],
        },
      },
    });
    seedSession('role_transporter', 'Musa');
    const { user } = renderRoute('/return-loads');
    const radius = await screen.findByRole('textbox', { name: 'Kilometres from each delivery' });
    await waitFor(() => expect(radius).toHaveValue('50'));
    await user.clear(radius);
    await user.type(radius, '180');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Radius must be at most 150 km')).toBeVisible();
    expect(radius).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls(SAVE_RETURN_LOAD_SETTINGS)).toHaveLength(1);
    expect(screen.queryByText(/are now looked for within 180 km/)).toBeNull();
  });

  it('checks the radius against the contract before sending it', async () => {
    const api = mockApi({
      [RETURN_LOADS]: { body: PAGE },
      [RETURN_LOAD_SETTINGS]: { body: { radiusKm: 50 } },
    });
    seedSession('role_transporter', 'Musa');
    const { user } = renderRoute('/return-loads');
    const radius = await screen.findByRole('textbox', { name: 'Kilometres from each delivery' });
    await waitFor(() => expect(radius).toHaveValue('50'));
    await user.clear(radius);
    await user.type(radius, '500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Radius must be at most 200 km')).toBeVisible();
    await user.clear(radius);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Radius must be a number of kilometres')).toBeVisible();
    expect(api.calls(SAVE_RETURN_LOAD_SETTINGS)).toHaveLength(0);
  });

  it('shows a fleet manager the radius without a way to change it', async () => {
    const api = mockApi({ [RETURN_LOADS]: { body: returnLoadsAnswer([KANO_TRUCK], { radiusKm: 80 }) } });
    seedSession('role_fleet_manager', 'Bola');
    renderRoute('/return-loads');
    expect(await screen.findByText('Look within 80 km of each delivery')).toBeVisible();
    expect(screen.getByText("Only your company's owner account can change this distance.")).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Kilometres from each delivery' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('region', { name: 'TRP-2026-000123 · Truck LSR 123 XY' })).toBeVisible();
    expect(api.calls(RETURN_LOAD_SETTINGS)).toHaveLength(0);
  });

  it('says when no truck is out on a trip, with the way to the trips', async () => {
    mockApi({
      [RETURN_LOADS]: { body: returnLoadsAnswer([], { trucksConsidered: 0 }) },
      [RETURN_LOAD_SETTINGS]: { body: { radiusKm: 50 } },
    });
    seedSession('role_transporter', 'Musa');
    renderRoute('/return-loads');
    expect(
      await screen.findByText(
        'None of your trucks is on a live trip now. Return loads show here while your trucks are out delivering.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'See your trips' })).toHaveAttribute('href', '/trips');
  });

  it('says what was searched when trucks are out but no order is near', async () => {
    mockApi({
      [RETURN_LOADS]: { body: returnLoadsAnswer([], { trucksConsidered: 3, radiusKm: 40 }) },
    });
    seedSession('role_fleet_manager', 'Bola');
    renderRoute('/return-loads');
    expect(
      await screen.findByText(
        'None of your 3 trucks on live trips has an open order picking up within 40 km of its delivery, from the day it is free up to 14 days after.',
      ),
    ).toBeVisible();
  });

  it('is in the transporter’s navigation and not for customers', async () => {
    pretendDesktop();
    mockApi({ [RETURN_LOADS]: { body: PAGE }, [RETURN_LOAD_SETTINGS]: { body: { radiusKm: 50 } } });
    seedSession('role_transporter', 'Musa');
    const first = renderRoute('/return-loads');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Return loads' })).toHaveAttribute('href', '/return-loads');
    first.unmount();

    seedSession('role_customer');
    const { router } = renderRoute('/return-loads');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/return-loads'));
  });
});
