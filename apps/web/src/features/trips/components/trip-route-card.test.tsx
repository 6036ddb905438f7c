import { screen, waitFor, within } from '@testing-library/react';
import { mapSettingsSchema, tripRouteSchema, type TripDetail } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { TRIP_DETAIL, TRIP_ID, tripDetail } from '../test-fixtures';

const ROUTE = `GET /api/v1/trips/${TRIP_ID}/route`;
const settings = apiFixture(mapSettingsSchema, {
  tileUrl: 'https://tiles.example.ng/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
});

const onTheRoad = (): TripDetail =>
  tripDetail({
    latestTripStatus: { tripStatus: 'LOADED', timeStamp: '2026-11-25T08:00:00.000Z' },
    currentLocation: { state: 'Lagos', lga: 'Oshodi-Isolo', description: 'Near Oshodi' },
    resources: {
      truck: {
        id: 'a1111111-1111-4111-8111-111111111111',
        registrationNumber: 'LSR 123 XY',
        make: 'MAN',
        model: 'TGS',
        type: 'CONTAINER_CHASSIS_40',
      },
      driver: null,
      motorBoy: null,
    },
  });

describe('the route on the trip page', () => {
  it('draws where the truck went and says where it last reported', async () => {
    mockApi({
      [TRIP_DETAIL]: { body: onTheRoad() },
      'GET /api/v1/map-settings': { body: settings },
      [ROUTE]: {
        body: apiFixture(tripRouteSchema, {
          truckRegistrationNumber: 'LSR 123 XY',
          positions: [
            {
              latitude: 6.444,
              longitude: 3.368,
              recordedAt: '2026-11-25T08:10:00.000Z',
              speedKmh: 30,
              heading: 0,
            },
            {
              latitude: 6.489,
              longitude: 3.346,
              recordedAt: '2026-11-25T08:20:00.000Z',
              speedKmh: 35,
              heading: 330,
            },
            {
              latitude: 6.555,
              longitude: 3.343,
              recordedAt: '2026-11-25T08:30:00.000Z',
              speedKmh: 41.6,
              heading: 5,
            },
          ],
        }),
      },
    });
    seedSession('role_customer');
    renderRoute(`/trips/${TRIP_ID}`);
    const card = within(await screen.findByRole('region', { name: 'Route' }));
    expect(
      await card.findByText('Last position 25 Nov 2026, 09:30 · 42 km/h · Oshodi-Isolo, Lagos'),
    ).toBeVisible();
    const map = await card.findByRole('region', { name: /^Route of trip / });
    // The route as a line, and the truck where it last reported.
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive')).toHaveLength(1));
    expect(within(map).getByRole('img', { name: 'LSR 123 XY' })).toBeInTheDocument();
  });

  it('says the road shows once the trip starts, before it has', async () => {
    mockApi({
      [TRIP_DETAIL]: { body: { ...onTheRoad(), latestTripStatus: null, currentLocation: null } },
      'GET /api/v1/map-settings': { body: settings },
      [ROUTE]: { body: { truckRegistrationNumber: 'LSR 123 XY', positions: [] } },
    });
    seedSession('role_transporter');
    renderRoute(`/trips/${TRIP_ID}`);
    const card = within(await screen.findByRole('region', { name: 'Route' }));
    expect(
      await card.findByText('The truck’s road shows here from the moment the trip starts.'),
    ).toBeVisible();
    expect(card.queryByText(/Link its tracker/)).toBeNull();
  });

  it('tells the transporter how to start tracking when nothing has reported', async () => {
    mockApi({
      [TRIP_DETAIL]: { body: onTheRoad() },
      'GET /api/v1/map-settings': { body: settings },
      [ROUTE]: { body: { truckRegistrationNumber: 'LSR 123 XY', positions: [] } },
    });
    seedSession('role_transporter');
    renderRoute(`/trips/${TRIP_ID}`);
    const card = within(await screen.findByRole('region', { name: 'Route' }));
    expect(await card.findByText(/Link its tracker under Fleet › Tracking/)).toBeVisible();
  });
});
