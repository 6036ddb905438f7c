import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingTrip } from '@freightlane/domain/public-tracking';
import { fakeMediaQueryList } from '../test/fakes';
import { PublicApp } from './public-app';
import { FakeEventSource } from './test/fake-event-source';
import { fakeFetch, ORIGIN, TRACKING_ID, TRACKING_URL, trackingTrip, type FakeReply } from './test/fixtures';

function serve(routes: Record<string, FakeReply | FakeReply[] | Error>) {
  const fetchMock = vi.fn(fakeFetch(routes));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function desktop(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) =>
    fakeMediaQueryList(query, matches && query === '(min-width: 1024px)'),
  );
}

function renderAt(pathname: string) {
  return render(<PublicApp origin={ORIGIN} pathname={pathname} />);
}

async function renderTrip(trip: TrackingTrip) {
  serve({ [TRACKING_URL]: { body: trip, etag: '"v1"' } });
  renderAt(`/tripprogress/${TRACKING_ID}`);
  await screen.findByRole('heading', { level: 1, name: `Trip ${trip.tripNumber}` });
}

/** Shipment Details as label → value, read from the description list. */
function detailValues(): Record<string, string> {
  const section = screen.getByRole('region', { name: 'Shipment Details' });
  const values: Record<string, string> = {};
  for (const term of within(section).getAllByRole('term')) {
    values[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  }
  return values;
}

/** The timeline as the visitor reads it: label, whether it is ticked, its time and date. */
function progressSteps() {
  const section = screen.getByRole('region', { name: 'Shipment Progress' });
  return within(section)
    .getAllByRole('listitem')
    .map((item) => ({
      label: item.querySelector('.step-label')?.textContent,
      done: within(item).queryByText(', done') !== null,
      time: item.querySelector('.step-time')?.textContent ?? null,
      date: item.querySelector('.step-date')?.textContent ?? null,
    }));
}

const NO_SUCH_TRIP = 'No trip has this tracking link. Check the link you were sent.';

const EVERY_STEP = [
  'Trip Started',
  'At Pick-Up Location',
  'Container(s) Loaded',
  'At Delivery Location',
  'Delivered',
  'Empty Dropped Off',
];

describe('trip tracking page', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
    desktop(true);
  });

  it("shows 'Loading...' until the trip arrives", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderAt(`/tripprogress/${TRACKING_ID}`);
    expect(screen.getByText('Loading...')).toBeVisible();
    expect(screen.queryByRole('banner')).toBeNull();

    await act(async () => answer(new Response(JSON.stringify(trackingTrip()), { status: 200 })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip TRP-2026-000123' })).toBeVisible();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('fetches the very URL the server preloads, without extra options', async () => {
    const fetchMock = serve({ [TRACKING_URL]: { body: trackingTrip() } });
    renderAt(`/tripprogress/${TRACKING_ID}`);
    await screen.findByRole('heading', { level: 1 });
    // The tracking answer once; the record check is asked for apart.
    const tracking = fetchMock.mock.calls.filter((c) => c[0] === TRACKING_URL);
    expect(tracking).toEqual([[TRACKING_URL, undefined]]);
  });

  it('says whether the trip’s record is intact, checked now, or where it broke', async () => {
    const RECORD_URL = `/api/v1/trips/open-access/${TRACKING_ID}/record`;
    serve({
      [TRACKING_URL]: { body: trackingTrip() },
      [RECORD_URL]: [
        {
          body: {
            intact: true,
            checkedAt: '2026-12-05T10:00:00.000Z',
            links: 9,
            head: 'ab'.repeat(32),
            broken: null,
          },
        },
      ],
    });
    const first = renderAt(`/tripprogress/${TRACKING_ID}`);
    expect(await screen.findByText('Record intact, checked now')).toBeVisible();
    first.unmount();
    serve({
      [TRACKING_URL]: { body: trackingTrip() },
      [RECORD_URL]: {
        body: {
          intact: false,
          checkedAt: '2026-12-05T10:00:00.000Z',
          links: 9,
          head: 'ab'.repeat(32),
          broken: { link: 4, kind: 'STATUS', problem: 'CHANGED_OUTSIDE' },
        },
      },
    });
    renderAt(`/tripprogress/${TRACKING_ID}`);
    expect(
      await screen.findByText('Record broken at link 4: it was changed outside Freightlane'),
    ).toBeVisible();
  });

  it('leaves the record line out when the check cannot be made, never "checking" for ever', async () => {
    serve({
      [TRACKING_URL]: { body: trackingTrip() },
      [`/api/v1/trips/open-access/${TRACKING_ID}/record`]: {
        status: 429,
        body: { message: 'Too many requests' },
      },
    });
    renderAt(`/tripprogress/${TRACKING_ID}`);
    await screen.findByRole('heading', { level: 1, name: /^Trip / });
    await waitFor(() => expect(screen.queryByText('Checking the record…')).toBeNull());
    expect(screen.queryByText('Record intact, checked now')).toBeNull();
  });

  it('shows the header, the shipment details and the page title', async () => {
    await renderTrip(trackingTrip());
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Freightlane' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(detailValues()).toEqual({
      'Order Number': 'ORD-2026-000045',
      'Container Number(s)': 'MSCU1234565/TGHU7654321',
      'Cargo Type': 'Import LOC',
      'Trip ID': 'TRP-2026-000123',
      // A terminal wins over an address; without one, the address's city and state.
      'Pickup Location': 'APM Terminals, Apapa',
      'Delivery Location': 'Ikeja, Lagos',
    });
    expect(document.title).toBe('Trip TRP-2026-000123 · Freightlane');
  });

  it("shows 'N/A' for every missing value", async () => {
    await renderTrip(
      trackingTrip({
        orderNumber: null,
        containerNumbers: [],
        pickupTerminal: null,
        pickupAddress: null,
        recipientTerminal: null,
        recipientAddress: null,
      }),
    );
    expect(detailValues()).toMatchObject({
      'Order Number': 'N/A',
      'Container Number(s)': 'N/A',
      'Pickup Location': 'N/A',
      'Delivery Location': 'N/A',
    });
  });

  it('ticks the six steps from the logs, each with its time and date', async () => {
    await renderTrip(
      trackingTrip({
        tripStatusLogs: [
          { tripStatus: 'STARTED', timeStamp: '2026-11-21 08:05:00' },
          { tripStatus: 'AT_PICKUP_LOCATION', timeStamp: '2026-11-21 09:40:12' },
          { tripStatus: 'LOADED', timeStamp: '2026-11-21 13:02:00' },
          { tripStatus: 'AT_DELIVERY_LOCATION', timeStamp: '2026-11-22 07:30:00' },
          { tripStatus: 'DELIVERED', timeStamp: '2026-11-22 10:45:00' },
          { tripStatus: 'EMPTY_DROP_OFF', timeStamp: '2026-11-23 16:20:00' },
        ],
      }),
    );
    expect(progressSteps()).toEqual([
      { label: 'Trip Started', done: true, time: '08:05', date: '21 Nov 2026' },
      { label: 'At Pick-Up Location', done: true, time: '09:40', date: '21 Nov 2026' },
      { label: 'Container(s) Loaded', done: true, time: '13:02', date: '21 Nov 2026' },
      { label: 'At Delivery Location', done: true, time: '07:30', date: '22 Nov 2026' },
      { label: 'Delivered', done: true, time: '10:45', date: '22 Nov 2026' },
      { label: 'Empty Dropped Off', done: true, time: '16:20', date: '23 Nov 2026' },
    ]);
  });

  it('greys the steps not reached yet, without a time', async () => {
    await renderTrip(trackingTrip());
    const steps = progressSteps();
    expect(steps.map((s) => s.label)).toEqual(EVERY_STEP);
    expect(steps.map((s) => s.done)).toEqual([true, true, false, false, false, false]);
    expect(steps[2]).toEqual({ label: 'Container(s) Loaded', done: false, time: null, date: null });
    const pending = screen.getAllByRole('listitem')[2]!;
    expect(pending).toHaveClass('is-pending');
    expect(within(pending).getByText(', not reached yet')).toBeInTheDocument();
  });

  it.each(['IMPORT_SHIPPER_OWNED', 'EMPTY_CONTAINER', 'EXPORT'] as const)(
    'hides Empty Dropped Off for %s: Delivered is the last step',
    async (cargoType) => {
      await renderTrip(trackingTrip({ cargoType }));
      expect(progressSteps().map((s) => s.label)).toEqual(EVERY_STEP.slice(0, 5));
    },
  );

  it('keeps Empty Dropped Off for general cargo', async () => {
    await renderTrip(trackingTrip({ cargoType: 'GENERAL_CARGO' }));
    expect(progressSteps().map((s) => s.label)).toEqual(EVERY_STEP);
  });

  it('ticks the same steps for the export variants of pickup and delivery', async () => {
    await renderTrip(
      trackingTrip({
        cargoType: 'EXPORT',
        tripStatusLogs: [
          { tripStatus: 'STARTED', timeStamp: '2026-11-21 08:05:00' },
          { tripStatus: 'AT_WAREHOUSE_LOCATION', timeStamp: '2026-11-21 10:00:00' },
          { tripStatus: 'LOADED', timeStamp: '2026-11-21 14:00:00' },
          { tripStatus: 'AT_DROP_OFF_LOCATION', timeStamp: '2026-11-21 18:30:00' },
        ],
      }),
    );
    expect(progressSteps()).toEqual([
      { label: 'Trip Started', done: true, time: '08:05', date: '21 Nov 2026' },
      { label: 'At Pick-Up Location', done: true, time: '10:00', date: '21 Nov 2026' },
      { label: 'Container(s) Loaded', done: true, time: '14:00', date: '21 Nov 2026' },
      { label: 'At Delivery Location', done: true, time: '18:30', date: '21 Nov 2026' },
      { label: 'Delivered', done: false, time: null, date: null },
    ]);
  });

  it.each([
    ['four parts', '/tripprogress'],
    ['six parts', `/tripprogress/${TRACKING_ID}/more`],
    ['an empty last part', '/tripprogress/'],
    ['a malformed escape', '/tripprogress/%E0%A4%A'],
  ])('shows not found without fetching for a URL with %s', async (_case, pathname) => {
    const fetchMock = serve({});
    renderAt(pathname);
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Resource Not Found.' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("answers a 404 with the server's message in one toast, right above 'Oops! Resource Not Found.'", async () => {
    const fetchMock = serve({ [TRACKING_URL]: { status: 404, body: { message: NO_SUCH_TRIP } } });
    // As main.tsx renders it: StrictMode runs the page's effects twice in development.
    render(
      <StrictMode>
        <PublicApp origin={ORIGIN} pathname={`/tripprogress/${TRACKING_ID}`} />
      </StrictMode>,
    );
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(NO_SUCH_TRIP);
    const heading = screen.getByRole('heading', { level: 1, name: 'Oops! Resource Not Found.' });
    expect(heading).toBeVisible();
    // One message: the toast says why and what to do, the page gives the spec's words once, under it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(toast.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.body.textContent?.match(/Check the link/g)).toHaveLength(1);
    expect(document.body.textContent?.match(/not found/gi)).toHaveLength(1);
    const answered = await Promise.all(fetchMock.mock.results.map((r) => r.value as Promise<Response>));
    expect(answered.every((res) => res.status === 404)).toBe(true);
    const signIn = within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' });
    expect(signIn).toHaveAttribute('href', '/signin');
    expect(document.title).toBe('Resource not found · Freightlane');

    await userEvent.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers another try after a 429, and shows the trip once it works', async () => {
    const fetchMock = serve({
      [TRACKING_URL]: [
        { status: 429, body: { message: 'Too many requests. Try again in a minute.' } },
        { body: trackingTrip() },
      ],
    });
    renderAt(`/tripprogress/${TRACKING_ID}`);
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Too many requests. Try again in a minute.');
    expect(screen.queryByText('Oops! Resource Not Found.')).toBeNull();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Too many requests' })).toBeVisible();
    expect(main).toHaveTextContent('Wait a moment, then try again.');
    expect(main).not.toHaveTextContent(/connection/);

    // One way to try again, on the page, right under the toast.
    expect(within(toast).queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(within(main).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip TRP-2026-000123' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock.mock.calls.filter((c) => c[0] === TRACKING_URL)).toHaveLength(2);
  });

  it('counts down the seconds the server asks to wait after a 429', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serve({
        [TRACKING_URL]: {
          status: 429,
          retryAfter: '30',
          body: { message: 'Too many requests. Please wait a minute and try again.' },
        },
      });
      renderAt(`/tripprogress/${TRACKING_ID}`);
      const heading = await screen.findByRole('heading', { level: 1, name: 'Too many requests' });
      const card = heading.closest('section')!;
      expect(card).toHaveTextContent('Try again in 30 seconds.');
      expect(card).not.toHaveTextContent(/connection/);
      expect(within(card).getByRole('button', { name: 'Try again' })).toBeVisible();
      await act(() => vi.advanceTimersByTimeAsync(29_000));
      expect(card).toHaveTextContent('Try again in 1 second.');
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(card).toHaveTextContent('You can try again now.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the trouble is on the server after a 5xx, not the connection', async () => {
    serve({ [TRACKING_URL]: { status: 503, body: { message: 'Service unavailable' } } });
    renderAt(`/tripprogress/${TRACKING_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    const main = screen.getByRole('main');
    expect(
      within(main).getByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeVisible();
    expect(main).toHaveTextContent('Something went wrong on our side. Try again in a moment.');
    expect(main).not.toHaveTextContent(/connection/);
  });

  it('says so when the network is down, with a retry on the page too', async () => {
    serve({ [TRACKING_URL]: new TypeError('Failed to fetch') });
    renderAt(`/tripprogress/${TRACKING_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You seem to be offline. Check your connection and try again.',
    );
    const main = screen.getByRole('main');
    expect(
      within(main).getByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeVisible();
    expect(main).toHaveTextContent('Check your connection, then try again.');
    expect(within(main).getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  describe('when and where, above everything else', () => {
    const loadedLogs: TrackingTrip['tripStatusLogs'] = [
      { tripStatus: 'STARTED', timeStamp: '2026-11-21 08:05:00' },
      { tripStatus: 'AT_PICKUP_LOCATION', timeStamp: '2026-11-21 09:40:12' },
      { tripStatus: 'LOADED', timeStamp: '2026-11-21 11:00:00' },
    ];
    const facts = () => screen.queryByRole('region', { name: 'When and where' });

    afterEach(() => {
      vi.useRealTimers();
    });

    it("shows the lane's range and the last place on a phone, without opening the details", async () => {
      vi.useFakeTimers({
        toFake: ['Date', 'setInterval', 'clearInterval'],
        now: Date.parse('2026-11-21T16:10:00Z'),
      });
      desktop(false);
      await renderTrip(
        trackingTrip({
          tripStatusLogs: loadedLogs,
          eta: { typical: '2026-11-22 14:30:00', worst: '2026-11-23 09:15:00' },
          expectedDeliveryDate: '2026-11-25',
          lastSeen: { lga: 'Ikeja', state: 'Lagos', at: '2026-11-21 14:05:00' },
        }),
      );
      expect(screen.getByRole('button', { name: 'Shipment Details' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      const region = facts()!;
      expect(within(region).getByText('Expected 22–23 Nov 2026')).toBeVisible();
      expect(
        within(region).getByText(
          'Typically by 22 Nov, 14:30; at the latest by 23 Nov, 09:15 (from this route’s past trips)',
        ),
      ).toBeVisible();
      const seen = within(region).getByText(/^Last seen in/);
      expect(seen).toBeVisible();
      expect(seen).toHaveTextContent('Last seen in Ikeja, Lagos · 21 Nov 2026, 14:05 (3 h ago)');
      // Not the transporter's date as well: one expectation, the better one.
      expect(region).not.toHaveTextContent('25 Nov');
      // Above the details and the progress, next to the trip's name.
      const details = screen.getByRole('region', { name: 'Shipment Details' });
      expect(region.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      // The page stays open: "how long ago" keeps up.
      act(() => vi.advanceTimersByTime(60 * 60_000));
      // Read again: the line may have been drawn anew meanwhile.
      expect(within(facts()!).getByText(/^Last seen in/)).toHaveTextContent('(4 h ago)');
    });

    it("shows the transporter's date when the lane has no history", async () => {
      await renderTrip(trackingTrip({ tripStatusLogs: loadedLogs, expectedDeliveryDate: '2026-11-25' }));
      expect(facts()).toHaveTextContent('Expected 25 Nov 2026');
      expect(facts()).toHaveTextContent('Date given by the transporter');
      expect(facts()).not.toHaveTextContent('Last seen');
    });

    it('shows the delivery time once delivered, instead of any expectation', async () => {
      await renderTrip(
        trackingTrip({
          tripStatusLogs: [
            ...loadedLogs,
            { tripStatus: 'AT_DELIVERY_LOCATION', timeStamp: '2026-11-22 07:30:00' },
            { tripStatus: 'DELIVERED', timeStamp: '2026-11-22 10:45:00' },
          ],
          lastSeen: { lga: 'Ikeja', state: 'Lagos', at: '2026-11-22 10:40:00' },
        }),
      );
      expect(within(facts()!).getByText('Delivered 22 Nov 2026, 10:45')).toBeVisible();
      expect(facts()).not.toHaveTextContent('Expected');
      expect(facts()).toHaveTextContent('Last seen in Ikeja, Lagos · 22 Nov 2026, 10:40');
    });

    it('follows the truck live: a new place replaces the old one without a reload', async () => {
      serve({ [TRACKING_URL]: { body: trackingTrip({ tripStatusLogs: loadedLogs }), etag: '"v1"' } });
      renderAt(`/tripprogress/${TRACKING_ID}`);
      await screen.findByRole('heading', { level: 1 });
      // Nothing known, nothing shown: no 'N/A' for these two.
      expect(facts()).toBeNull();
      expect(screen.queryByText(/Expected|Last seen/)).toBeNull();
      const stream = FakeEventSource.latest();
      act(() => stream.open());
      act(() =>
        stream.emit(
          'trip',
          trackingTrip({
            tripStatusLogs: loadedLogs,
            lastSeen: { lga: 'Oshodi-Isolo', state: 'Lagos', at: '2026-11-21 12:10:00' },
          }),
        ),
      );
      expect(facts()).toHaveTextContent('Last seen in Oshodi-Isolo, Lagos · 21 Nov 2026, 12:10');
    });
  });

  describe('Shipment Details below 1024 px', () => {
    it('folds away behind a button, collapsed at first', async () => {
      desktop(false);
      await renderTrip(trackingTrip());
      const toggle = screen.getByRole('button', { name: 'Shipment Details' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByText('ORD-2026-000045')).not.toBeVisible();

      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByText('ORD-2026-000045')).toBeVisible();

      await userEvent.click(toggle);
      expect(screen.getByText('ORD-2026-000045')).not.toBeVisible();
    });

    it('is always open on a desktop, with no button', async () => {
      desktop(true);
      await renderTrip(trackingTrip());
      expect(screen.queryByRole('button', { name: 'Shipment Details' })).toBeNull();
      expect(screen.getByRole('heading', { level: 2, name: 'Shipment Details' })).toBeVisible();
      expect(screen.getByText('ORD-2026-000045')).toBeVisible();
    });
  });

  describe('live updates', () => {
    it('follows the trip: a status change appears without reload', async () => {
      serve({ [TRACKING_URL]: { body: trackingTrip(), etag: '"v1"' } });
      renderAt(`/tripprogress/${TRACKING_ID}`);
      await screen.findByRole('heading', { level: 1 });
      const stream = FakeEventSource.latest();
      expect(stream.url).toBe(`${TRACKING_URL}/events`);

      act(() => stream.open());
      expect(screen.getByRole('status')).toHaveTextContent('Live');

      const loaded = trackingTrip({
        tripStatusLogs: [
          ...trackingTrip().tripStatusLogs,
          { tripStatus: 'LOADED', timeStamp: '2026-11-21 12:10:00' },
        ],
      });
      act(() => stream.emit('trip', loaded));
      expect(progressSteps()[2]).toEqual({
        label: 'Container(s) Loaded',
        done: true,
        time: '12:10',
        date: '21 Nov 2026',
      });

      act(() => stream.fail());
      expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
    });

    it("shows the 'gone' message and the not-found state when the link stops working", async () => {
      serve({ [TRACKING_URL]: { body: trackingTrip() } });
      renderAt(`/tripprogress/${TRACKING_ID}`);
      await screen.findByRole('heading', { level: 1 });
      const stream = FakeEventSource.latest();
      act(() => stream.open());
      act(() => stream.emit('gone', { message: 'This tracking link has been revoked' }));
      expect(screen.getByRole('alert')).toHaveTextContent('This tracking link has been revoked');
      expect(screen.getByRole('heading', { level: 1, name: 'Oops! Resource Not Found.' })).toBeVisible();
      expect(stream.closed).toBe(true);
    });
  });
});
