import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { OngoingTripsLink, TripSummary } from '@freightlane/domain';
import { apiCall, apiToken, expectNoSeriousAxeViolations, snap } from './support';

const PHONE = { width: 375, height: 812 };
/** Each language as a phone's settings name it, and the heading of the tracking page's details in it. */
const LANGUAGES = [
  { locale: 'en-NG', details: 'Shipment Details', ongoing: 'Ongoing trips', driver: /^Hello, / },
  { locale: 'pcm', details: 'Di load details', ongoing: 'Trips wey dey go', driver: /^How far, / },
  { locale: 'ha', details: 'Bayanan kaya', ongoing: 'Tafiye-tafiye da ke gudana', driver: /^Sannu, / },
  { locale: 'yo', details: 'Àlàyé ẹrù', ongoing: 'Ìrìn-àjò tó ń lọ', driver: /^Ẹ nlẹ́, / },
  { locale: 'ig', details: 'Nkọwa ibu', ongoing: 'Njem na-aga', driver: /^Ndeewo, / },
] as const;

/** A trip of the demo customer that is on its way, with its tracking link. */
async function trackedTrip(request: APIRequestContext): Promise<TripSummary> {
  const customer = await apiToken(request, 'customer@example.com');
  const trips = await apiCall<{ content: TripSummary[] }>(
    request,
    customer,
    'GET',
    '/api/v1/trips?completed=false&started=true&size=100',
  );
  const trip = trips.content.find((t) => !t.cancelled && t.trackingId);
  expect(trip, 'the demo customer has a trip on its way').toBeTruthy();
  return trip!;
}

async function ongoingShareId(request: APIRequestContext): Promise<string> {
  const customer = await apiToken(request, 'customer@example.com');
  return (await apiCall<OngoingTripsLink>(request, customer, 'GET', '/api/v1/trips/ongoing-link')).shareId;
}

/** The phone link the demo seed gave a driver on the road (read, not renewed: renewing would end it). */
async function seededDriverLink(request: APIRequestContext): Promise<string> {
  const headers = { authorization: `Bearer ${await apiToken(request, 'transporter@example.com')}` };
  const drivers = (await (
    await request.get('/api/v1/fleet/drivers?page=0&limit=50', { headers })
  ).json()) as { content: { id: string }[] };
  for (const driver of drivers.content) {
    const res = await request.get(`/api/v1/fleet/drivers/${driver.id}/phone-link`, { headers });
    if (res.ok()) return new URL(((await res.json()) as { url: string }).url).pathname;
  }
  throw new Error('The demo seed gave no driver a phone link');
}

/** A phone whose browser is set to `locale`: navigator.languages and Accept-Language both say it. */
async function phoneIn(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    locale,
    serviceWorkers: 'block',
  });
  return context.newPage();
}

/** Nothing wider than the phone: a longer word wraps inside its card, a wide table scrolls in its own box. */
async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const overflowing = await page.evaluate(() =>
    Array.from(document.querySelectorAll('h1, h2, dt, dd, p, label, .btn, .step-label, .badge'))
      .filter((el) => el.closest('.table-scroll') === null)
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName} ${el.textContent?.slice(0, 40)}`),
  );
  expect(overflowing).toEqual([]);
}

test.describe('the public pages in five languages', () => {
  test('a browser set to Pidgin reads the tracking page in Pidgin, switches to Yoruba, and keeps it', async ({
    browser,
    request,
  }) => {
    const trip = await trackedTrip(request);
    const page = await phoneIn(browser, 'pcm');
    await page.goto(`/tripprogress/${trip.trackingId}`);
    // What the browser hands the page: the locale Playwright set, first of the languages.
    expect((await page.evaluate(() => [...navigator.languages]))[0]).toBe('pcm');

    await expect(page.getByRole('heading', { level: 1, name: `Trip ${trip.tripNumber}` })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pcm');
    await expect(page.getByRole('heading', { name: 'Di load details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How far di load don go' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('pcm');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('Yorùbá');
    await expect(page.getByRole('heading', { level: 1, name: `Ìrìn-àjò ${trip.tripNumber}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Àlàyé ẹrù' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'yo');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Ìrìn-àjò ${trip.tripNumber}` })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Èdè' })).toHaveValue('yo');
    await page.context().close();
  });

  test('both public pages and the driver page at 375 px in every language', async ({ browser, request }) => {
    test.setTimeout(240_000);
    const trip = await trackedTrip(request);
    const shareId = await ongoingShareId(request);
    const driverLink = await seededDriverLink(request);

    for (const language of LANGUAGES) {
      const page = await phoneIn(browser, language.locale);

      await page.goto(`/tripprogress/${trip.trackingId}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language.locale);
      // On a phone the details fold away; open them, so their longest words are seen too.
      await page.getByRole('button', { name: language.details }).click();
      await expect(page.locator('dl.details dt').first()).toBeVisible();
      await expectNoOverflow(page);
      await expectNoSeriousAxeViolations(page);
      await snap(page, `public-tracking-${language.locale}`);

      await page.goto(`/ongoingtripprogress/${shareId}`);
      await expect(page.getByRole('heading', { level: 1, name: language.ongoing })).toBeVisible();
      await expect(page.locator('table').first()).toBeVisible();
      await expectNoOverflow(page);
      await expectNoSeriousAxeViolations(page);
      await snap(page, `public-ongoing-${language.locale}`);

      await page.goto(driverLink);
      await expect(page.getByRole('heading', { level: 1, name: language.driver })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language.locale);
      await expectNoOverflow(page);
      await snap(page, `public-driver-${language.locale}`);

      await page.context().close();
    }
  });
});
