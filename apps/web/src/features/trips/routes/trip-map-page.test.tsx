import { screen, within } from '@testing-library/react';
import { mapSettingsSchema, tripMapResponse, type TripMapItem } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '../../../test/fakes';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

const MAP = '/api/v1/trips/map';
const settings = apiFixture(mapSettingsSchema, {
  tileUrl: 'https://tiles.example.ng/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
});

function item(overrides: Partial<TripMapItem>): TripMapItem {
  return {
    id: '1d6f3c9a-8a0b-4a4d-9d1e-2b3c4d5e6f70',
    tripNumber: 'TRP-2026-000101',
    cargoType: 'IMPORT_LINER_OWNED',
    latestTripStatus: { tripStatus: 'LOADED', timeStamp: '2026-11-24T09:00:00.000Z' },
    pickup: { terminal: null, address: null },
    recipient: { terminal: null, address: null },
    currentLocation: { state: 'Lagos', lga: 'Ikeja', description: 'Near Berger' },
    truckRegistrationNumber: 'LSR 123 XY',
    position: {
      latitude: 6.638,
      longitude: 3.378,
      recordedAt: '2026-11-24T09:05:00.000Z',
      speedKmh: 42,
      heading: 10,
    },
    hasOpenIssue: false,
    ...overrides,
  };
}

describe('the map of trucks', () => {
  it('draws each located truck on the tiles of the installation and lists every live trip', async () => {
    pretendDesktop();
    const trips = apiFixture(tripMapResponse, [
      item({}),
      item({
        id: '1d6f3c9a-8a0b-4a4d-9d1e-2b3c4d5e6f71',
        tripNumber: 'TRP-2026-000102',
        truckRegistrationNumber: 'KJA 456 AB',
        hasOpenIssue: true,
        position: {
          latitude: 7.3775,
          longitude: 3.947,
          recordedAt: '2026-11-24T09:01:00.000Z',
          speedKmh: 0,
          heading: null,
        },
      }),
      item({
        id: '1d6f3c9a-8a0b-4a4d-9d1e-2b3c4d5e6f72',
        tripNumber: 'TRP-2026-000103',
        position: null,
        currentLocation: null,
      }),
    ]);
    const api = mockApi({ 'GET /api/v1/map-settings': { body: settings }, [`GET ${MAP}`]: { body: trips } });
    seedSession('role_customer');
    renderRoute('/trips/map');
    expect(await screen.findByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
    const map = await screen.findByRole('region', { name: 'Map of trucks' });
    // A pin per located truck, each a button named by its plate, trip and status.
    const pins = await within(map).findAllByRole('button', { name: / · TRP-2026-0001\d\d · / });
    expect(pins.map((pin) => pin.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/ · TRP-2026-000101 · Container\(s\) Loaded$/),
      'KJA 456 AB · TRP-2026-000102 · DELAYED',
    ]);
    expect(map.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(
      /^https:\/\/tiles\.example\.ng\//,
    );
    expect(api.calls(`GET ${MAP}`)[0]!.url).toContain('sabiPort=false&bargeTrip=false');

    const table = within(screen.getByRole('table', { name: 'Trips on the map' }));
    const row = (trip: string) => table.getByRole('link', { name: trip }).closest('tr')!;
    expect(within(row('TRP-2026-000101')).getByText('Container(s) Loaded')).toBeVisible();
    expect(within(row('TRP-2026-000101')).getByText('Ikeja, Lagos')).toBeVisible();
    expect(within(row('TRP-2026-000102')).getByText('DELAYED')).toBeVisible();
    expect(within(row('TRP-2026-000103')).getByText('no GPS position yet')).toBeVisible();
    expect(table.getByRole('link', { name: 'TRP-2026-000101' })).toHaveAttribute(
      'href',
      '/trips/1d6f3c9a-8a0b-4a4d-9d1e-2b3c4d5e6f70',
    );
  });

  it('lists the trips as cards on a phone', async () => {
    mockApi({
      'GET /api/v1/map-settings': { body: settings },
      [`GET ${MAP}`]: { body: apiFixture(tripMapResponse, [item({})]) },
    });
    seedSession('role_customer');
    renderRoute('/trips/map');
    const list = within(await screen.findByRole('list', { name: 'Trips on the map' }));
    expect(list.getByRole('link', { name: 'TRP-2026-000101' })).toBeVisible();
    expect(list.getByText('LSR 123 XY · Ikeja, Lagos')).toBeVisible();
  });

  it('says when no trip is in progress', async () => {
    mockApi({ 'GET /api/v1/map-settings': { body: settings }, [`GET ${MAP}`]: { body: [] } });
    seedSession('role_transporter');
    renderRoute('/trips/map');
    expect(await screen.findByText(/No trip is in progress/)).toBeVisible();
  });
});
