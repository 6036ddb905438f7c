import { screen, waitFor, within } from '@testing-library/react';
import type { TripDetail } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { returnLoadMatch, returnLoadTrip, tripReturnLoads } from '../../../test/return-load-fixtures';
import { TRIP_DETAIL, TRIP_ID, startedTrip } from '../test-fixtures';

// Each test renders the whole trip page, which takes seconds under jsdom.

const RETURN_LOADS = `GET /api/v1/trips/${TRIP_ID}/return-loads`;

/** The started trip with its truck on the road. */
function tripWithTruck(overrides: Partial<TripDetail> = {}): TripDetail {
  return startedTrip({
    resources: {
      truck: {
        id: 'a1111111-1111-4111-8111-111111111111',
        registrationNumber: 'LSR 123 XY',
        make: 'Mercedes',
        model: 'Actros',
        type: 'CONTAINER_CHASSIS_40',
      },
      driver: null,
      motorBoy: null,
    },
    ...overrides,
  });
}

const MATCHES = tripReturnLoads(
  returnLoadTrip({ matches: [returnLoadMatch({ returnLoadsWelcome: true })], matchCount: 1 }),
  60,
);

describe('the trip’s return loads', () => {
  it('shows the transporter the orders its truck could carry back, with the radius and the way to all', async () => {
    const api = mockApi({ [TRIP_DETAIL]: { body: tripWithTruck() }, [RETURN_LOADS]: { body: MATCHES } });
    seedSession('role_transporter', 'Musa');
    renderRoute(`/trips/${TRIP_ID}`);
    // The first test of the file also waits for the page's chunk.
    const section = await screen.findByRole('region', { name: 'Return loads' });
    expect(section).toHaveAttribute('id', 'return-loads');
    expect(within(section).getByText('1 return load')).toBeVisible();
    expect(
      within(section).getByText(
        'Open orders picking up within 60 km of Fagge, Kano, from 27 Nov 2026, when this truck is free.',
      ),
    ).toBeVisible();
    const [match] = within(section).getAllByRole('listitem');
    expect(within(match!).getByRole('link', { name: 'ORD-2026-000077' })).toHaveAttribute(
      'href',
      '/bids/orders/3c9d2a1e-7b4f-4c2a-9e1d-5a6b7c8d9e01',
    );
    expect(within(match!).getByText('Return loads welcome')).toBeVisible();
    expect(match).toHaveTextContent('Distance12 km away');
    expect(within(section).getByRole('link', { name: 'All return loads' })).toHaveAttribute(
      'href',
      '/return-loads',
    );
    expect(api.calls(RETURN_LOADS)).toHaveLength(1);
  });

  it('says what was searched when a fleet manager’s truck has no match yet', async () => {
    mockApi({
      [TRIP_DETAIL]: { body: tripWithTruck() },
      [RETURN_LOADS]: { body: tripReturnLoads(returnLoadTrip({ matches: [], matchCount: 0 })) },
    });
    seedSession('role_fleet_manager', 'Bola');
    renderRoute(`/trips/${TRIP_ID}`);
    const section = await screen.findByRole('region', { name: 'Return loads' });
    expect(
      within(section).getByText(
        'No open order picks up within 50 km of Fagge, Kano between 27 Nov 2026 and 11 Dec 2026 yet.',
      ),
    ).toBeVisible();
  });

  it('brings a notification’s link to the section', async () => {
    const scrolled = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    mockApi({ [TRIP_DETAIL]: { body: tripWithTruck() }, [RETURN_LOADS]: { body: MATCHES } });
    seedSession('role_transporter', 'Musa');
    renderRoute(`/trips/${TRIP_ID}#return-loads`);
    const section = await screen.findByRole('region', { name: 'Return loads' });
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts).toContain(section);
  });

  it('is hidden from the customer, who is never asked for it', async () => {
    const api = mockApi({ [TRIP_DETAIL]: { body: tripWithTruck() }, [RETURN_LOADS]: { body: MATCHES } });
    seedSession('role_customer');
    renderRoute(`/trips/${TRIP_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip TRP-2026-000123' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Return loads' })).toBeNull();
    expect(api.calls(RETURN_LOADS)).toHaveLength(0);
  });

  it('is hidden when the API finds no live trip with a known delivery place', async () => {
    const api = mockApi({
      [TRIP_DETAIL]: { body: tripWithTruck() },
      [RETURN_LOADS]: { body: tripReturnLoads(null) },
    });
    seedSession('role_transporter', 'Musa');
    renderRoute(`/trips/${TRIP_ID}`);
    await waitFor(() => expect(api.calls(RETURN_LOADS)).toHaveLength(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip TRP-2026-000123' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Return loads' })).toBeNull();
  });

  it('is not asked for a trip without a truck or a cancelled one', async () => {
    const withoutTruck = mockApi({
      [TRIP_DETAIL]: { body: startedTrip() },
      [RETURN_LOADS]: { body: MATCHES },
    });
    seedSession('role_transporter', 'Musa');
    const first = renderRoute(`/trips/${TRIP_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip TRP-2026-000123' })).toBeVisible();
    expect(withoutTruck.calls(RETURN_LOADS)).toHaveLength(0);
    first.unmount();

    const cancelled = mockApi({
      [TRIP_DETAIL]: { body: tripWithTruck({ cancelled: true, cancelledAt: '2026-11-25T09:00:00.000Z' }) },
      [RETURN_LOADS]: { body: MATCHES },
    });
    renderRoute(`/trips/${TRIP_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip TRP-2026-000123' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Return loads' })).toBeNull();
    expect(cancelled.calls(RETURN_LOADS)).toHaveLength(0);
  });
});
