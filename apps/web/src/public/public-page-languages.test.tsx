import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OngoingTripItem, TrackingTrip } from '@freightlane/domain/public-tracking';
import { fakeMediaQueryList } from '../test/fakes';
import { PublicApp } from './public-app';
import { PUBLIC_LANGUAGE_KEY } from './public-text';
import { FakeEventSource } from './test/fake-event-source';
import {
  fakeFetch,
  ONGOING_URL,
  ongoingItem,
  ORIGIN,
  SHARE_ID,
  TRACKING_ID,
  TRACKING_URL,
  trackingTrip,
  type FakeReply,
} from './test/fixtures';

/** The browser's own languages, as navigator.languages reports them (and Accept-Language sends them). */
function browserLanguages(languages: string[]) {
  vi.stubGlobal('navigator', { ...navigator, languages, language: languages[0] });
}

function serve(routes: Record<string, FakeReply>) {
  vi.stubGlobal('fetch', vi.fn(fakeFetch(routes)));
}

const openTracking = () => render(<PublicApp origin={ORIGIN} pathname={`/tripprogress/${TRACKING_ID}`} />);
const openOngoing = () => render(<PublicApp origin={ORIGIN} pathname={`/ongoingtripprogress/${SHARE_ID}`} />);

function bodyRowOf(table: HTMLElement, index: number): string[] {
  const row = (table as HTMLTableElement).tBodies[0]!.rows[index]!;
  return [...row.cells].map((cell) => cell.textContent ?? '');
}

function serveTrip(trip: TrackingTrip = trackingTrip()) {
  serve({ [TRACKING_URL]: { body: trip } });
}

function serveOngoing(items: OngoingTripItem[]) {
  serve({ [ONGOING_URL]: { body: items } });
}

describe('the public pages in the reader’s language', () => {
  beforeEach(() => {
    window.localStorage.clear();
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('matchMedia', (query: string) => fakeMediaQueryList(query, true));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.lang = 'en';
  });

  it('speaks Pidgin to a browser set to Pidgin, trip numbers and places as they are', async () => {
    browserLanguages(['pcm', 'en-GB']);
    serveTrip();
    openTracking();
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip TRP-2026-000123' })).toBeVisible();
    expect(document.documentElement.lang).toBe('pcm');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('pcm');
    const details = within(screen.getByRole('region', { name: 'Di load details' }));
    expect(details.getByText('Kind of load')).toBeVisible();
    expect(details.getByText('APM Terminals, Apapa')).toBeVisible();
    const progress = within(screen.getByRole('region', { name: 'How far di load don go' }));
    expect(progress.getByText('Trip don start')).toBeVisible();
    expect(progress.getByText('Don reach pick-up place')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  it('writes dates day first with the language’s month names', async () => {
    browserLanguages(['yo-NG', 'en']);
    serveTrip();
    openTracking();
    await screen.findByRole('heading', { level: 1, name: 'Ìrìn-àjò TRP-2026-000123' });
    const progress = within(screen.getByRole('region', { name: 'Bí ẹrù ṣe ń lọ' }));
    expect(progress.getAllByText('21 Bélú 2026')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Wọlé' })).toBeVisible();
    expect(document.title).toBe('Ìrìn-àjò TRP-2026-000123 · Freightlane');
  });

  it('speaks the spec’s English to a browser in a language it does not have', async () => {
    browserLanguages(['fr-FR', 'de']);
    serveTrip();
    openTracking();
    await screen.findByRole('heading', { level: 1, name: 'Trip TRP-2026-000123' });
    expect(screen.getByRole('region', { name: 'Shipment Details' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Shipment Progress' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en-NG');
  });

  it('switches when another language is chosen and keeps the choice over the browser’s', async () => {
    browserLanguages(['pcm']);
    serveTrip();
    const user = userEvent.setup();
    const first = openTracking();
    await screen.findByRole('region', { name: 'Di load details' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Yorùbá');

    expect(screen.getByRole('heading', { level: 1, name: 'Ìrìn-àjò TRP-2026-000123' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Àlàyé ẹrù' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Èdè' })).toHaveValue('yo');
    expect(document.documentElement.lang).toBe('yo');
    expect(window.localStorage.getItem(PUBLIC_LANGUAGE_KEY)).toBe('yo');

    first.unmount();
    serveOngoing([]);
    openOngoing();
    // The ongoing-trips page of another link reads the same choice.
    expect(await screen.findByRole('heading', { level: 1, name: 'Ìrìn-àjò tó ń lọ' })).toBeVisible();
  });

  it('says the server’s message about a link it knows in the reader’s words', async () => {
    browserLanguages(['ha']);
    serve({
      [TRACKING_URL]: {
        status: 404,
        body: { message: 'This tracking link expired on 21 Nov 2026, 14:05.' },
      },
    });
    openTracking();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wannan link ɗin bibiya ya ƙare a 21 Nuw 2026, 14:05.',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Kash! Ba a samu abin da kake nema ba.' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rufe' })).toBeVisible();
  });

  it('shows the ongoing trips in Igbo, with counted trips, translated statuses and their colours', async () => {
    browserLanguages(['ig-NG']);
    const delayed = ongoingItem({ latestTripIssue: { issueStatus: 'OPEN' } });
    serveOngoing([ongoingItem(), delayed, ongoingItem({ truckRegistrationNumber: null })]);
    openOngoing();
    await screen.findByRole('heading', { level: 1, name: 'Njem na-aga' });
    expect(screen.getByText('njem 3')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Kontena' });
    expect(within(table).getByRole('columnheader', { name: 'Nọmba kontena' })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Ọnọdụ' })).toBeVisible();
    const loaded = within(table).getAllByText('Ebuola kontena');
    expect(loaded).toHaveLength(2);
    expect(loaded[0]).toHaveClass('tone-teal');
    expect(within(table).getByText('O GBURU OGOLOGO')).toHaveClass('tone-orange');
    expect(within(table).getAllByText('22 Nov 2026').length).toBeGreaterThan(0);
    // The third trip's truck is not known: N/A in Igbo.
    expect(bodyRowOf(table, 2)[3]).toBe('Enweghị');
  });

  it('counts trips by the English plural rule', async () => {
    browserLanguages(['en-NG']);
    serveOngoing([ongoingItem()]);
    const first = openOngoing();
    expect(await screen.findByText('1 trip')).toBeVisible();
    first.unmount();
    serveOngoing([ongoingItem(), ongoingItem()]);
    openOngoing();
    expect(await screen.findByText('2 trips')).toBeVisible();
  });
});
