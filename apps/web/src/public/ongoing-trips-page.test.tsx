import { StrictMode } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OngoingTripItem } from '@freightlane/domain/public-tracking';
import { PublicApp } from './public-app';
import { FakeEventSource } from './test/fake-event-source';
import { fakeFetch, ONGOING_URL, ongoingItem, ORIGIN, SHARE_ID, type FakeReply } from './test/fixtures';

function serve(reply: FakeReply | FakeReply[]) {
  const fetchMock = vi.fn(fakeFetch({ [ONGOING_URL]: reply }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function renderOngoing(items: OngoingTripItem[]) {
  const fetchMock = serve({ body: items });
  render(<PublicApp origin={ORIGIN} pathname={`/ongoingtripprogress/${SHARE_ID}`} />);
  await screen.findByRole('heading', { level: 1, name: 'Ongoing trips' });
  return fetchMock;
}

function tableOf(caption: string): HTMLTableElement {
  return screen.getByRole('table', { name: caption }) as HTMLTableElement;
}

function headersOf(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent ?? '');
}

function bodyRowsOf(table: HTMLTableElement): string[][] {
  return [...table.tBodies[0]!.rows].map((row) => [...row.cells].map((cell) => cell.textContent ?? ''));
}

const GENERAL_CARGO = ongoingItem({
  cargoType: 'GENERAL_CARGO',
  consignments: [],
  pickupTerminal: null,
  pickupAddress: { city: 'Kano', state: 'Kano' },
  recipientAddress: { city: 'Ikeja', state: 'Lagos' },
  tripStatusLogs: [{ tripStatus: 'STARTED', timeStamp: '2026-11-21 06:00:00' }],
  currentLocation: { address: { lga: null, state: 'Oyo' } },
  latestTripIssue: { issueStatus: 'OPEN' },
  latestTripStatus: {
    tripStatus: 'STARTED',
    tripStatusDescription: 'Trip Started',
    timeStamp: '2026-11-21 06:00:00',
  },
  truckRegistrationNumber: 'KAN 455 ZB',
});

describe('ongoing trips page', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it('fetches the share id of the path', async () => {
    const fetchMock = await renderOngoing([]);
    expect(fetchMock.mock.calls[0]).toEqual([ONGOING_URL, undefined]);
    expect(document.title).toBe('Ongoing trips · Freightlane');
  });

  it("lists container trips in the spec's columns, one row per container", async () => {
    await renderOngoing([ongoingItem()]);
    const table = tableOf('Containers');
    expect(headersOf(table)).toEqual([
      'Container NO',
      'Cargo Size',
      'Liner',
      'Truck NO',
      'Collection Date',
      'Pick Up Location',
      'Delivery Location',
      'Loading Date',
      'Arrival Date',
      'Offload Date',
      'Empty Return',
      'Last Location',
      'Empty Drop Off Date',
      'Trip Status',
    ]);
    expect(bodyRowsOf(table)).toEqual([
      [
        'MSCU1234565',
        '40 FT',
        'Maersk Line',
        'LSD 123 XY',
        '20 Nov 2026',
        'APM Terminals, Apapa',
        'Ikeja, Lagos',
        '22 Nov 2026',
        'N/A',
        'N/A',
        '30 Nov 2026',
        'Oshodi-Isolo, Lagos',
        'N/A',
        'Container(s) Loaded',
      ],
    ]);
    expect(screen.queryByRole('table', { name: 'General Cargo' })).toBeNull();
  });

  it('lists general cargo in its own table captioned General Cargo', async () => {
    await renderOngoing([ongoingItem(), GENERAL_CARGO]);
    const table = tableOf('General Cargo');
    expect(headersOf(table)).toEqual([
      'Cargo Type',
      'Collection Date',
      'Pick Up Location',
      'Delivery Location',
      'Truck NO',
      'Loading Date',
      'Arrival Date',
      'Offload Date',
      'Last Location',
      'Trip Status',
    ]);
    expect(bodyRowsOf(table)).toEqual([
      [
        'General Cargo',
        '20 Nov 2026',
        'Kano, Kano',
        'Ikeja, Lagos',
        'KAN 455 ZB',
        'N/A',
        'N/A',
        'N/A',
        'Oyo',
        'DELAYED',
      ],
    ]);
    expect(bodyRowsOf(tableOf('Containers'))).toHaveLength(1);
  });

  it('shows DELAYED as an orange badge and a status in its own colour', async () => {
    await renderOngoing([ongoingItem(), GENERAL_CARGO]);
    expect(within(tableOf('General Cargo')).getByText('DELAYED')).toHaveClass('badge', 'tone-orange');
    expect(within(tableOf('Containers')).getByText('Container(s) Loaded')).toHaveClass('badge', 'tone-teal');
  });

  it('lets keyboard users scroll each table inside a labelled region', async () => {
    await renderOngoing([ongoingItem()]);
    const region = screen.getByRole('region', { name: 'Containers' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(tableOf('Containers'));
    // The first cell of a row names it, for screen readers as for the sticky column.
    expect(within(tableOf('Containers')).getByRole('rowheader', { name: 'MSCU1234565' })).toBeVisible();
  });

  it('says so when there is no ongoing trip, with Sign In at the bottom', async () => {
    await renderOngoing([]);
    expect(screen.getByText("You don't have any ongoing trip at the moment")).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    const main = screen.getByRole('main');
    const links = within(main).getAllByRole('link');
    expect(links.at(-1)).toHaveAccessibleName('Sign In');
    expect(links.at(-1)).toHaveAttribute('href', '/signin');
  });

  it('puts the Sign In button below the tables', async () => {
    await renderOngoing([ongoingItem(), GENERAL_CARGO]);
    const signIn = screen.getByRole('link', { name: 'Sign In' });
    const lastTable = tableOf('General Cargo');
    expect(lastTable.compareDocumentPosition(signIn) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows the server's message in one toast on a 404, right above 'Oops! Resource Not Found.'", async () => {
    const message = 'No ongoing trips page has this link. Check the link you were sent.';
    serve({ status: 404, body: { message } });
    // As main.tsx renders it: StrictMode runs the page's effects twice in development.
    render(
      <StrictMode>
        <PublicApp origin={ORIGIN} pathname={`/ongoingtripprogress/${SHARE_ID}`} />
      </StrictMode>,
    );
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(message);
    expect(screen.queryByRole('table')).toBeNull();
    const heading = screen.getByRole('heading', { level: 1, name: 'Oops! Resource Not Found.' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(toast.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.body.textContent?.match(/Check the link/g)).toHaveLength(1);
  });

  it('says there were too many requests, and how long to wait, after a 429', async () => {
    serve([
      {
        status: 429,
        retryAfter: '45',
        body: { message: 'Too many requests. Please wait a minute and try again.' },
      },
      { body: [ongoingItem()] },
    ]);
    render(<PublicApp origin={ORIGIN} pathname={`/ongoingtripprogress/${SHARE_ID}`} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a minute and try again.',
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Too many requests' })).toBeVisible();
    expect(main).toHaveTextContent('Try again in 45 seconds.');
    expect(main).not.toHaveTextContent(/connection/);
    await userEvent.click(within(main).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ongoing trips' })).toBeVisible();
  });

  it('updates the tables from the live stream', async () => {
    await renderOngoing([ongoingItem()]);
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe(`${ONGOING_URL}/events`);
    act(() => stream.open());
    act(() => stream.emit('trips', [ongoingItem({ latestTripIssue: { issueStatus: 'OPEN' } })]));
    expect(within(tableOf('Containers')).getByText('DELAYED')).toBeVisible();
    act(() => stream.emit('trips', []));
    expect(screen.getByText("You don't have any ongoing trip at the moment")).toBeVisible();
  });
});
