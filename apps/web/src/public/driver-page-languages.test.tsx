import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DriverPage as DriverPageData } from '@freightlane/domain/driver';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageKey } from './driver-text';
import { PublicApp } from './public-app';

const TOKEN = 'h'.repeat(32);
const OTHER_TOKEN = 'k'.repeat(32);

const page: DriverPageData = {
  driver: { firstName: 'Musa', lastName: 'Bello' },
  company: { name: 'Kano Haulage Ltd' },
  truck: { registrationNumber: 'KN 512 XA' },
  trip: {
    id: 't1',
    tripNumber: 'TRP-2026-000021',
    cargoType: 'IMPORT_SHIPPER_OWNED',
    latestTripStatus: 'LOADED',
    pickup: {
      terminal: null,
      address: { street: '4 Wharf Road', neighborhood: 'Apapa', lga: 'Apapa', city: 'Apapa', state: 'Lagos' },
    },
    recipient: {
      terminal: null,
      address: {
        street: '9 Bompai Road',
        neighborhood: 'Bompai',
        lga: 'Nassarawa',
        city: 'Kano',
        state: 'Kano',
      },
    },
    currentLocation: null,
  },
  positionIntervalSeconds: 30,
};

/** The phone's own languages, as navigator.languages reports them. */
function phoneLanguages(languages: string[]) {
  vi.stubGlobal('navigator', { ...navigator, languages, language: languages[0] });
}

const openPage = (token = TOKEN) =>
  render(<PublicApp origin="http://localhost" pathname={`/driver/${token}`} />);

describe('the driver’s page in the driver’s language', () => {
  let online: boolean;
  beforeEach(() => {
    window.localStorage.clear();
    online = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!online) throw new TypeError('Failed to fetch');
        if (url.startsWith('/api/v1/driver/') && !url.slice(15).includes('/')) {
          return new Response(JSON.stringify(page), { status: 200 });
        }
        return new Response(JSON.stringify({ stored: 0, refused: [] }), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.lang = 'en';
  });

  it('speaks the phone’s language when the driver has not chosen one', async () => {
    phoneLanguages(['ha-NG', 'en-GB']);
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sannu, Musa' })).toBeVisible();
    expect(document.documentElement.lang).toBe('ha');
    expect(screen.getByRole('combobox', { name: 'Harshe' })).toHaveValue('ha');
  });

  it('speaks English (Nigeria) to a phone in a language it does not have', async () => {
    phoneLanguages(['fr-FR']);
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Musa' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en-NG');
  });

  it('turns to Hausa when chosen, keeps trip numbers and places as they are, and remembers it for the link', async () => {
    phoneLanguages(['en-NG']);
    const user = userEvent.setup();
    const first = openPage();
    await screen.findByRole('heading', { level: 1, name: 'Hello, Musa' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Hausa');

    expect(screen.getByRole('heading', { level: 1, name: 'Sannu, Musa' })).toBeVisible();
    const trip = within(screen.getByRole('region', { name: 'Tafiyarka' }));
    expect(trip.getByText('TRP-2026-000021')).toBeVisible();
    expect(trip.getByText('An loda kwantena')).toBeVisible();
    expect(trip.getByText('Kano, Kano')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tabbatar: Ya isa wurin kai kaya' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Raba wurina' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Bayar da rahoton matsala' })).toBeVisible();
    expect(document.documentElement.lang).toBe('ha');
    expect(window.localStorage.getItem(languageKey(TOKEN))).toBe('ha');

    first.unmount();
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sannu, Musa' })).toBeVisible();
  });

  it('keeps the choice to its own link', async () => {
    phoneLanguages(['en-NG']);
    window.localStorage.setItem(languageKey(TOKEN), 'yo');
    openPage(OTHER_TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Musa' })).toBeVisible();
  });

  it('says in Hausa what waits on the phone without network, and why a step needs its code', async () => {
    phoneLanguages(['ha']);
    const user = userEvent.setup();
    openPage();
    await screen.findByRole('heading', { level: 1, name: 'Sannu, Musa' });
    online = false;
    await user.click(screen.getByRole('button', { name: 'Tabbatar: Ya isa wurin kai kaya' }));
    expect(await screen.findByText('1 suna jiran aikawa: Tabbatar: Ya isa wurin kai kaya')).toBeVisible();
    expect(
      await screen.findByText('Babu network: wayar za ta ajiye, ta aika idan network ya dawo.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Tabbatar: An kai kaya' }));
    expect(screen.getByText('Shigar da lambar miƙa kaya mai lamba 6')).toBeVisible();
  });
});
