import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DriverPage as DriverPageData } from '@freightlane/domain/tracking';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicApp } from './public-app';

const TOKEN = 'b'.repeat(32);
const PAGE = `/api/v1/driver/${TOKEN}`;

const page: DriverPageData = {
  driver: { firstName: 'Femi', lastName: 'Eze' },
  company: { name: 'Eko Haulage Ltd' },
  truck: { registrationNumber: 'LSR 397 IO' },
  trip: {
    id: 't1',
    tripNumber: 'TRP-2026-000014',
    cargoType: 'IMPORT_SHIPPER_OWNED',
    latestTripStatus: 'LOADED',
    pickup: {
      terminal: {
        id: 'x',
        code: 'APMT-APAPA',
        name: 'APM Terminals Apapa',
        operator: 'APM Terminals',
        kind: 'PORT_TERMINAL',
        port: 'Apapa',
        city: 'Apapa',
        lga: 'Apapa',
        state: 'Lagos',
      },
      address: null,
    },
    recipient: {
      terminal: null,
      address: {
        street: '12 Oba Akran Avenue',
        neighborhood: 'Ikeja',
        lga: 'Ikeja',
        city: 'Ikeja',
        state: 'Lagos',
      },
    },
    currentLocation: null,
  },
  positionIntervalSeconds: 30,
};

/** A phone's geolocation that reports `coords` whenever asked. */
function fakeGeolocation() {
  const watchers: PositionCallback[] = [];
  const geolocation = {
    watchPosition: vi.fn((success: PositionCallback) => {
      watchers.push(success);
      return watchers.length;
    }),
    clearWatch: vi.fn(),
  };
  vi.stubGlobal('navigator', { ...navigator, geolocation });
  return {
    report: (latitude: number, longitude: number, at: number) =>
      watchers.forEach((w) =>
        w({
          timestamp: at,
          coords: {
            latitude,
            longitude,
            accuracy: 8,
            speed: 10,
            heading: 90,
            altitude: null,
            altitudeAccuracy: null,
          },
        } as unknown as GeolocationPosition),
      ),
  };
}

describe('the driver’s page', () => {
  let sent: unknown[][];
  let online: boolean;
  beforeEach(() => {
    window.localStorage.clear();
    sent = [];
    online = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === PAGE) return new Response(JSON.stringify(page), { status: 200 });
        if (url === `${PAGE}/positions`) {
          if (!online) throw new TypeError('Failed to fetch');
          const { positions } = JSON.parse(String(init?.body)) as { positions: unknown[] };
          sent.push(positions);
          return new Response(JSON.stringify({ stored: positions.length, refused: [] }), { status: 200 });
        }
        return new Response(
          JSON.stringify({ message: 'This driver link is not valid. Ask your transporter for a new one.' }),
          {
            status: 404,
          },
        );
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the trip, and once allowed sends the phone’s position, keeping it while offline', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gps = fakeGeolocation();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<PublicApp origin="http://localhost" pathname={`/driver/${TOKEN}`} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Femi' })).toBeVisible();
    const trip = within(screen.getByRole('region', { name: 'Your trip' }));
    expect(trip.getByText('TRP-2026-000014')).toBeVisible();
    expect(trip.getByText('Container(s) Loaded')).toBeVisible();
    expect(trip.getByText('APM Terminals, Apapa')).toBeVisible();
    expect(trip.getByText('Ikeja, Lagos')).toBeVisible();
    expect(screen.getByText('Eko Haulage Ltd · LSR 397 IO')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Share my location' }));
    await act(async () => gps.report(6.6018, 3.3515, Date.now()));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual([expect.objectContaining({ latitude: 6.6018, longitude: 3.3515, accuracyM: 8 })]);
    expect(await screen.findByText(/Sharing your location · last sent/)).toBeVisible();

    // Offline: the next positions wait on the phone, then go together when the network returns.
    online = false;
    gps.report(6.62, 3.36, Date.now());
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    gps.report(6.64, 3.378, Date.now() + 30_000);
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText(/2 waiting for the network/)).toBeVisible();
    online = true;
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect((sent[1] as { latitude: number }[]).map((p) => p.latitude)).toEqual([6.62, 6.64]);
  });

  it('says when the link is not valid', async () => {
    render(<PublicApp origin="http://localhost" pathname={`/driver/${'c'.repeat(32)}`} />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Share my location' })).toBeNull();
  });
});
