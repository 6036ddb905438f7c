import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DriverPage as DriverPageData } from '@freightlane/domain/driver';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageKey, unsavedLanguageKey } from './driver-text';
import { PublicApp } from './public-app';

const TOKEN = 'h'.repeat(32);
const OTHER_TOKEN = 'k'.repeat(32);

const page: DriverPageData = {
  driver: { firstName: 'Musa', lastName: 'Bello', language: null },
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
    cash: { advancesKobo: 0, approvedKobo: 0, waitingKobo: 0, balanceKobo: 0, settled: false, expenses: [] },
  },
  positionIntervalSeconds: 30,
};

/** The phone's own languages, as navigator.languages reports them. */
function phoneLanguages(languages: string[]) {
  vi.stubGlobal('navigator', { ...navigator, languages, language: languages[0] });
}

const openPage = (token = TOKEN) =>
  render(<PublicApp origin="http://localhost" pathname={`/driver/${token}`} />);

/** The page sets <html lang> in an effect after it renders: on a busy machine, a moment after the text. */
const expectPageLanguage = (lang: string) => waitFor(() => expect(document.documentElement.lang).toBe(lang));

describe('the driver’s page in the driver’s language', () => {
  let online: boolean;
  /** The driver's language on the server, as the page's answer carries it and the language call sets it. */
  let driverLanguage: DriverPageData['driver']['language'];
  let languageCalls: { method: string; body: unknown }[];
  beforeEach(() => {
    window.localStorage.clear();
    online = true;
    driverLanguage = null;
    languageCalls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!online) throw new TypeError('Failed to fetch');
        if (url === `/api/v1/driver/${TOKEN}/language` || url === `/api/v1/driver/${OTHER_TOKEN}/language`) {
          const body = JSON.parse(String(init?.body)) as { language: typeof driverLanguage };
          languageCalls.push({ method: init?.method ?? 'GET', body });
          driverLanguage = body.language;
          return new Response(JSON.stringify(body), { status: 200 });
        }
        if (url.startsWith('/api/v1/driver/') && !url.slice(15).includes('/')) {
          const answer = { ...page, driver: { ...page.driver, language: driverLanguage } };
          return new Response(JSON.stringify(answer), { status: 200 });
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
    await expectPageLanguage('ha');
    expect(screen.getByRole('combobox', { name: 'Harshe' })).toHaveValue('ha');
  });

  it('speaks the driver’s own language, whatever the phone’s, and not the phone’s', async () => {
    phoneLanguages(['ha-NG', 'en-GB']);
    driverLanguage = 'yo';
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ẹ nlẹ́, Musa' })).toBeVisible();
    await expectPageLanguage('yo');
    expect(screen.getByRole('combobox', { name: 'Èdè' })).toHaveValue('yo');
    expect(languageCalls).toEqual([]);
  });

  it('keeps a choice made on this phone over the driver’s language', async () => {
    phoneLanguages(['en-NG']);
    driverLanguage = 'yo';
    window.localStorage.setItem(languageKey(TOKEN), 'ha');
    const first = openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sannu, Musa' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Harshe' })).toHaveValue('ha');
    // The same phone on another driver's link: that driver's language.
    first.unmount();
    openPage(OTHER_TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ẹ nlẹ́, Musa' })).toBeVisible();
  });

  it('saves a choice as the driver’s own, so the USSD menu and the SMS follow it', async () => {
    phoneLanguages(['en-NG']);
    driverLanguage = 'yo';
    const user = userEvent.setup();
    const first = openPage();
    await screen.findByRole('heading', { level: 1, name: 'Ẹ nlẹ́, Musa' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Èdè' }), 'Igbo');

    expect(screen.getByRole('heading', { level: 1, name: 'Ndeewo, Musa' })).toBeVisible();
    await waitFor(() => expect(languageCalls).toEqual([{ method: 'PUT', body: { language: 'ig' } }]));
    expect(driverLanguage).toBe('ig');
    await waitFor(() => expect(window.localStorage.getItem(unsavedLanguageKey(TOKEN))).toBeNull());

    // Set again in the driver's form, the transporter's choice does not undo the one made on this phone.
    first.unmount();
    driverLanguage = 'ha';
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ndeewo, Musa' })).toBeVisible();
    expect(languageCalls).toHaveLength(1);
  });

  it('keeps a choice made without network on the phone, and saves it when the page opens again', async () => {
    phoneLanguages(['en-NG']);
    const user = userEvent.setup();
    const first = openPage();
    await screen.findByRole('heading', { level: 1, name: 'Hello, Musa' });
    online = false;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Hausa');
    expect(screen.getByRole('heading', { level: 1, name: 'Sannu, Musa' })).toBeVisible();
    expect(window.localStorage.getItem(unsavedLanguageKey(TOKEN))).toBe('ha');
    expect(driverLanguage).toBeNull();

    first.unmount();
    online = true;
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sannu, Musa' })).toBeVisible();
    await waitFor(() => expect(driverLanguage).toBe('ha'));
    await waitFor(() => expect(window.localStorage.getItem(unsavedLanguageKey(TOKEN))).toBeNull());
  });

  it('saves a choice made without network as soon as the network returns', async () => {
    phoneLanguages(['en-NG']);
    const user = userEvent.setup();
    openPage();
    await screen.findByRole('heading', { level: 1, name: 'Hello, Musa' });
    online = false;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Pidgin');
    expect(screen.getByRole('heading', { level: 1, name: 'How far, Musa' })).toBeVisible();
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(driverLanguage).toBe('pcm'));
    await waitFor(() => expect(window.localStorage.getItem(unsavedLanguageKey(TOKEN))).toBeNull());
  });

  it('opens without network in the driver’s language the phone kept with the page', async () => {
    phoneLanguages(['en-NG']);
    driverLanguage = 'ig';
    const first = openPage();
    await screen.findByRole('heading', { level: 1, name: 'Ndeewo, Musa' });
    first.unmount();
    online = false;
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ndeewo, Musa' })).toBeVisible();
    await expectPageLanguage('ig');
  });

  it('speaks English (Nigeria) to a phone in a language it does not have', async () => {
    phoneLanguages(['fr-FR']);
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Musa' })).toBeVisible();
    await expectPageLanguage('en-NG');
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
    await expectPageLanguage('ha');
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
