import { screen, waitFor, within } from '@testing-library/react';
import { scheduleResponse, type ScheduleEvent, type ScheduleResponse } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { lagosToday } from '../../../lib/format';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { APAPA_TERMINAL } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';

// Each test clicks through several screens; a busy machine needs longer than the default 5 s.
const CLICK_JOURNEY_TIMEOUT_MS = 20_000;

function event(
  overrides: Partial<ScheduleEvent> & { tripId?: string; tripNumber?: string } = {},
): ScheduleEvent {
  const { tripId = 'trip-1', tripNumber = 'TRP-2026-000123', ...rest } = overrides;
  return {
    kind: 'PICKUP',
    date: '2026-11-25',
    trip: {
      id: tripId,
      tripNumber,
      cargoType: 'IMPORT_LINER_OWNED',
      latestTripStatus: null,
      completed: false,
      cancelled: false,
      pickup: { terminal: APAPA_TERMINAL, address: null },
      recipient: {
        terminal: null,
        address: { street: '1 Factory Road', neighborhood: '', lga: 'Ikeja', city: 'Ikeja', state: 'Lagos' },
      },
      clientName: 'Dangote Cement',
      customerName: 'Okafor Imports Ltd',
      transporterName: 'Kano Haulage Ltd',
    },
    cargo: 'MSKU1234565',
    truckRegistrationNumber: 'KJA 123 XY',
    ...rest,
  };
}

function scheduleOf(year: number, month: number, events: ScheduleEvent[]): ScheduleResponse {
  return apiFixture(scheduleResponse, { year, month, events });
}

/** Answers every month's schedule with the November events, others empty. */
function mockSchedule(events: ScheduleEvent[]) {
  return mockApi(
    Object.fromEntries(
      [2025, 2026, 2027].flatMap((year) =>
        Array.from({ length: 12 }, (_, i) => [
          `GET /api/v1/trips/schedule/year/${year}/month/${i + 1}`,
          { body: scheduleOf(year, i + 1, year === 2026 && i === 10 ? events : []) },
        ]),
      ),
    ),
  );
}

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

const NOVEMBER = [
  event(),
  event({
    kind: 'DELIVERY',
    date: '2026-11-27',
    cargo: 'MSKU1234565',
    truckRegistrationNumber: 'KJA 123 XY',
  }),
  event({
    tripId: 'trip-2',
    tripNumber: 'TRP-2026-000124',
    date: '2026-11-27',
    cargo: '20 bags of cement',
    truckRegistrationNumber: null,
  }),
];

describe('the trip schedule', { timeout: CLICK_JOURNEY_TIMEOUT_MS }, () => {
  it('puts each pickup and delivery on its day of a Monday-first month', async () => {
    pretendDesktop();
    const api = mockSchedule(NOVEMBER);
    seedSession('role_transporter');
    renderRoute('/trips/schedule?year=2026&month=11');

    const table = await screen.findByRole('table', { name: 'Pickups and deliveries, November 2026' });
    expect(document.title).toBe('Schedule · Freightlane');
    expect(screen.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    // The signed-in shell asks for the profile (GET /user/me) besides the page's own request.
    expect(api.calls('GET /api/v1/trips/schedule/year/2026/month/11')[0]?.url).toBe(
      '/api/v1/trips/schedule/year/2026/month/11?q=completed:false',
    );
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);

    const pickup = within(table).getByRole('link', { name: 'Pickup TRP-2026-000123' });
    expect(pickup).toHaveAttribute('href', '/trips/trip-1');
    const pickupDay = pickup.closest('td')!;
    expect(pickupDay).toHaveAttribute('data-date', '2026-11-25');
    expect((pickupDay as HTMLTableCellElement).cellIndex).toBe(2);
    expect(pickupDay).toHaveTextContent('Wednesday, 25 November 2026');
    expect(pickupDay).toHaveTextContent('MSKU1234565 · KJA 123 XY');

    const delivery = within(table).getByRole('link', { name: 'Delivery TRP-2026-000123' });
    const deliveryDay = delivery.closest('td')!;
    expect(deliveryDay).toHaveAttribute('data-date', '2026-11-27');
    expect((deliveryDay as HTMLTableCellElement).cellIndex).toBe(4);
    // The same day holds the other trip's pickup, pickups listed first.
    expect(
      within(deliveryDay)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Pickup TRP-2026-000124', 'Delivery TRP-2026-000123']);
    expect(deliveryDay).toHaveTextContent('20 bags of cement');

    // 1 November 2026 is a Sunday: the first week has six empty days before it.
    const firstWeek = within(table).getAllByRole('row')[1]!;
    expect(within(firstWeek).getAllByRole('cell')[6]).toHaveAttribute('data-date', '2026-11-01');
    expect(within(table).getAllByRole('row')).toHaveLength(7);
  });

  it('shows a busy day three events at a time until "more" is pressed', async () => {
    pretendDesktop();
    const busy = Array.from({ length: 5 }, (_, i) =>
      event({ tripId: `trip-${i}`, tripNumber: `TRP-2026-00020${i}`, date: '2026-11-18' }),
    );
    mockSchedule(busy);
    seedSession('role_transporter');
    const { user } = renderRoute('/trips/schedule?year=2026&month=11');

    const table = await screen.findByRole('table', { name: 'Pickups and deliveries, November 2026' });
    const day = within(table).getByRole('link', { name: 'Pickup TRP-2026-000200' }).closest('td')!;
    expect(within(day).getAllByRole('link')).toHaveLength(3);
    await user.click(within(day).getByRole('button', { name: '2 more' }));
    expect(
      within(day)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(busy.map((e) => `Pickup ${e.trip.tripNumber}`));
    expect(within(day).queryByRole('button')).toBeNull();
  });

  it('moves between months and back to today through the address', async () => {
    pretendDesktop();
    const api = mockSchedule(NOVEMBER);
    seedSession('role_customer');
    const { user, router } = renderRoute('/trips/schedule?year=2026&month=12');
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('link', { name: 'Pickup TRP-2026-000123' })).toBeVisible();
    expect(router.state.location.search).toBe('?year=2026&month=11');
    expect(api.requests.at(-1)?.url).toBe('/api/v1/trips/schedule/year/2026/month/11?q=completed:false');

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'January 2027' })).toBeVisible();
    expect(router.state.location.search).toBe('?year=2027&month=1');
    await waitFor(() =>
      expect(api.requests.at(-1)?.url).toBe('/api/v1/trips/schedule/year/2027/month/1?q=completed:false'),
    );

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(router.state.location.search).toBe('');
    const today = lagosToday();
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    await waitFor(() =>
      expect(api.requests.at(-1)?.url).toBe(
        `/api/v1/trips/schedule/year/${year}/month/${month}?q=completed:false`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();
  });

  it('highlights today and shows completed trips when asked', async () => {
    pretendDesktop();
    const today = lagosToday();
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const api = mockApi({
      [`GET /api/v1/trips/schedule/year/${year}/month/${month}`]: (request) => ({
        body: scheduleOf(
          year,
          month,
          request.url.includes('q=completed:false') ? [] : [event({ kind: 'DELIVERY', date: today })],
        ),
      }),
    });
    seedSession('role_admin');
    const { user, router } = renderRoute('/trips/schedule');
    const table = await screen.findByRole('table');
    const todayCell = table.querySelector('[aria-current="date"]');
    expect(todayCell).toHaveAttribute('data-date', today);
    expect(todayCell).toHaveTextContent('Today');
    expect(screen.getByText(/No pickups or deliveries in .* among unfinished trips\./)).toBeVisible();

    await user.click(screen.getByRole('switch', { name: 'Show completed' }));
    expect(await within(table).findByRole('link', { name: 'Delivery TRP-2026-000123' })).toBeVisible();
    expect(api.requests.at(-1)?.url).toBe(`/api/v1/trips/schedule/year/${year}/month/${month}`);
    expect(router.state.location.search).toBe('?completed=show');
  });

  it('lists only the days with something on as an agenda on a phone', async () => {
    mockSchedule(NOVEMBER);
    seedSession('role_transporter');
    renderRoute('/trips/schedule?year=2026&month=11');
    const days = await screen.findAllByRole('heading', { level: 2, name: /Nov$/ });
    expect(days.map((h) => h.textContent)).toEqual(['Wed 25 Nov', 'Fri 27 Nov']);
    expect(screen.queryByRole('table')).toBeNull();
    const friday = days[1]!.closest('section')!;
    expect(within(friday).getByRole('link', { name: 'Delivery TRP-2026-000123' })).toHaveAttribute(
      'href',
      '/trips/trip-1',
    );
    expect(friday).toHaveTextContent('Pickup TRP-2026-000124');
    expect(friday).toHaveTextContent('20 bags of cement');
  });

  it('says when a month has nothing on, and shows a failed load', async () => {
    const api = mockSchedule([]);
    seedSession('role_customer');
    const { user } = renderRoute('/trips/schedule?year=2026&month=11');
    expect(
      await screen.findByText(
        'No pickups or deliveries in November 2026 among unfinished trips. Switch on “Show completed” to see finished ones.',
      ),
    ).toBeVisible();
    api.fetchMock.mockImplementation(async () =>
      Response.json({ message: 'The schedule is resting' }, { status: 500 }),
    );
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('The schedule is resting')).toBeVisible();
  });
});
