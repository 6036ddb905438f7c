import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  CARGO_TYPE_LABELS,
  ONGOING_CONTAINER_COLUMNS,
  ONGOING_GENERAL_CARGO_COLUMNS,
  containerNumbersText,
  dayRangeText,
  deliveryFact,
  lagosDayText,
  lastSeenFact,
  nextTripStatus,
  shipmentProgress,
  type OngoingTripsLink,
  type TrackingTrip,
  type TripDetail,
  type TripSummary,
} from '@freightlane/domain';
import { apiCall, apiToken, expectNoSeriousAxeViolations, signIn, snap, snapViewport } from './support';

const PHONE = 375;
const DESKTOP = 1280;
const VIEWPORTS = [PHONE, DESKTOP] as const;

async function publicPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width === PHONE ? 740 : 900 } });
  return context.newPage();
}

async function trackingTripOf(request: APIRequestContext, trackingId: string): Promise<TrackingTrip> {
  const res = await request.get(`/api/v1/trips/open-access/${trackingId}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TrackingTrip;
}

/** A column heading as the table shows it: the spec's words, wrapped onto lines where narrow. */
const headerText = (column: string) =>
  expect.stringMatching(new RegExp(`^\\s*${column.replace(/[()]/g, '\\$&').replaceAll(' ', '\\s+')}\\s*$`));

/** The timeline's steps as the page shows them: each label, and whether it is ticked. */
async function shownSteps(page: Page): Promise<[string, boolean][]> {
  const items = page.locator('ol.timeline > li');
  const count = await items.count();
  const steps: [string, boolean][] = [];
  for (let i = 0; i < count; i++) {
    const item = items.nth(i);
    steps.push([
      (await item.locator('.step-label').innerText()).trim(),
      (await item.innerText()).includes(', done') || (await item.getAttribute('class'))!.includes('is-done'),
    ]);
  }
  return steps;
}

test.describe('public trip pages', () => {
  test('the tracking page of a trip of every cargo type at every status, on a phone and a desktop', async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const admin = await apiToken(request, 'admin@example.com');
    const trips = await apiCall<{ content: TripSummary[] }>(request, admin, 'GET', '/api/v1/trips?size=100');
    // One trip per cargo type and latest status (none yet included), the demo seed has them all.
    const picked = new Map<string, TripSummary>();
    for (const trip of trips.content) {
      if (trip.cancelled) continue;
      const key = `${trip.cargoType}:${trip.latestTripStatus?.tripStatus ?? 'NOT_STARTED'}`;
      if (!picked.has(key)) picked.set(key, trip);
    }
    const cargoTypes = new Set([...picked.values()].map((t) => t.cargoType));
    expect(cargoTypes.size, 'the demo has trips of every cargo type').toBe(5);
    expect(picked.size, 'every status of every cargo type').toBeGreaterThanOrEqual(30);

    const pages = Object.fromEntries(
      await Promise.all(VIEWPORTS.map(async (w) => [w, await publicPage(browser, w)] as const)),
    );
    for (const [key, trip] of picked) {
      const tracking = await trackingTripOf(request, trip.trackingId);
      const expected = shipmentProgress(tracking).map((s) => [s.label, s.done] as [string, boolean]);
      for (const width of VIEWPORTS) {
        const page = pages[width]!;
        await page.goto(`/tripprogress/${trip.trackingId}`);
        await expect(page.getByRole('heading', { level: 1, name: `Trip ${trip.tripNumber}` })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Shipment Progress' })).toBeVisible();
        expect(await shownSteps(page), `${key} at ${width} px`).toEqual(expected);
        if (width === PHONE) {
          // Below 1024 px the details fold away until asked for.
          const toggle = page.getByRole('button', { name: 'Shipment Details' });
          await expect(toggle).toHaveAttribute('aria-expanded', 'false');
          await toggle.click();
          await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        }
        const details = page.locator('dl.details');
        await expect(details).toContainText(trip.tripNumber);
        await expect(details).toContainText(CARGO_TYPE_LABELS[trip.cargoType]);
        await expect(details).toContainText(containerNumbersText(tracking.containerNumbers));
        await snap(page, `tracking-${trip.cargoType.toLowerCase()}-${key.split(':')[1]!.toLowerCase()}`);
      }
    }
    for (const width of VIEWPORTS) await expectNoSeriousAxeViolations(pages[width]!);
    for (const page of Object.values(pages)) await page.context().close();
  });

  test("a loaded trip's page says when and where at 375 px, without opening a section", async ({
    browser,
    request,
  }) => {
    const admin = await apiToken(request, 'admin@example.com');
    const loaded = await apiCall<{ content: TripSummary[] }>(
      request,
      admin,
      'GET',
      '/api/v1/trips?tripStatusList=LOADED&size=100',
    );
    // Every loaded trip's public page agrees with its signed-in trip page: the lane's ETA range, else the
    // transporter's date; the place the trip page shows, as LGA and state.
    const withBoth: { trip: TripSummary; tracking: TrackingTrip }[] = [];
    for (const trip of loaded.content.filter((t) => !t.cancelled)) {
      const tracking = await trackingTripOf(request, trip.trackingId);
      const detail = await apiCall<TripDetail>(request, admin, 'GET', `/api/v1/trips/${trip.id}`);
      const expected = detail.eta
        ? `Expected ${dayRangeText(detail.eta.typical, detail.eta.worst)}`
        : detail.expectedDeliveryDate
          ? `Expected ${lagosDayText(detail.expectedDeliveryDate)}`
          : null;
      expect(deliveryFact(tracking)?.text ?? null, trip.tripNumber).toBe(expected);
      if (tracking.lastSeen) {
        expect(tracking.lastSeen, trip.tripNumber).toMatchObject({
          lga: detail.currentLocation!.lga,
          state: detail.currentLocation!.state,
        });
      }
      if (expected && tracking.lastSeen) withBoth.push({ trip, tracking });
    }
    expect(
      withBoth.length,
      'a loaded demo trip with an expected delivery and a last known place',
    ).toBeGreaterThan(0);
    // The one seen longest ago: no tracker moves its page while the test looks (the demo's trucks report).
    withBoth.sort((a, b) => a.tracking.lastSeen!.at.localeCompare(b.tracking.lastSeen!.at));
    const { trip, tracking } = withBoth[0]!;
    const expected = deliveryFact(tracking)!;
    const seen = lastSeenFact(tracking, Date.now())!;

    for (const width of VIEWPORTS) {
      const page = await publicPage(browser, width);
      await page.goto(`/tripprogress/${trip.trackingId}`);
      const facts = page.getByRole('region', { name: 'When and where' });
      await expect(facts.getByText(expected.text, { exact: true })).toBeInViewport();
      await expect(facts.getByText(/^Last seen in/)).toBeInViewport();
      await expect(facts).toContainText(`Last seen in ${seen.place} · ${seen.at} (`);
      // Never coordinates, a street or a landmark: the LGA and the state only.
      expect(await facts.innerText()).not.toMatch(/\d+\.\d{3,}|gate|avenue|road|street/i);
      if (width === PHONE) {
        await expect(page.getByRole('button', { name: 'Shipment Details' })).toHaveAttribute(
          'aria-expanded',
          'false',
        );
      }
      await snap(page, 'tracking-when-where');
      await expectNoSeriousAxeViolations(page);
      await page.context().close();
    }
  });

  test('a status change made through the API appears on an open tracking page without a reload', async ({
    browser,
    request,
  }) => {
    const transporter = await apiToken(request, 'transporter@example.com');
    const started = await apiCall<{ content: TripSummary[] }>(
      request,
      transporter,
      'GET',
      '/api/v1/trips?tripStatusList=STARTED&size=1',
    );
    const trip = started.content[0]!;
    expect(trip, 'the demo transporter has a started trip').toBeTruthy();
    const next = nextTripStatus(trip.cargoType, 'STARTED')!;

    const page = await publicPage(browser, PHONE);
    await page.goto(`/tripprogress/${trip.trackingId}`);
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    const pickupStep = page.locator('ol.timeline > li').nth(1);
    await expect(pickupStep).toContainText(', not reached yet');
    // A mark on the window survives only if the page is never reloaded.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const moved = await apiCall<TripDetail>(
      request,
      transporter,
      'PATCH',
      `/api/v1/trips/${trip.id}/status`,
      {
        tripStatus: next,
      },
    );
    expect(moved.latestTripStatus?.tripStatus).toBe(next);
    await expect(pickupStep).toContainText(', done', { timeout: 5_000 });
    await expect(pickupStep.locator('.step-time')).not.toBeEmpty();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await snap(page, 'tracking-live-update');
    await page.context().close();
  });

  test('an unknown or malformed link shows one toast, then Oops! Resource Not Found.', async ({
    browser,
  }) => {
    for (const width of VIEWPORTS) {
      const page = await publicPage(browser, width);
      await page.goto('/tripprogress/Zz9Zz9Zz9Zz9Zz9Zz9Zz9w');
      const toast = page.getByRole('alert');
      await expect(toast).toHaveText('No trip has this tracking link. Check the link you were sent.');
      const heading = page.getByRole('heading', { name: 'Oops! Resource Not Found.' });
      await expect(heading).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
      // One message: the toast stays, alone, right above the page's words.
      await page.waitForTimeout(7_000);
      await expect(toast).toHaveCount(1);
      await expect(toast).toBeInViewport();
      expect((await toast.boundingBox())!.y).toBeLessThan((await heading.boundingBox())!.y);
      expect((await page.locator('body').innerText()).match(/not found|check the link/gi)).toHaveLength(2);
      await snap(page, 'tracking-not-found');
      await expectNoSeriousAxeViolations(page);

      // Six parts: not a tracking URL at all, so nothing is fetched.
      const fetched: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/open-access/')) fetched.push(r.url());
      });
      await page.goto('/tripprogress/abc/def');
      await expect(page.getByRole('heading', { name: 'Oops! Resource Not Found.' })).toBeVisible();
      expect(fetched).toEqual([]);
      await page.context().close();
    }
  });

  test('a revoked link tells its holder so, and the new link works', async ({ browser, request }) => {
    const customer = await apiToken(request, 'customer@example.com');
    const trips = await apiCall<{ content: TripSummary[] }>(
      request,
      customer,
      'GET',
      '/api/v1/trips?completed=false&started=true&size=1',
    );
    const trip = trips.content[0]!;
    const oldId = trip.trackingId;

    const context = await browser.newContext({ viewport: { width: DESKTOP, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'customer@example.com');
    // Going on before the session is stored would land back on the sign-in page.
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await page.goto(`/trips/${trip.id}`);
    const card = page.getByRole('region', { name: 'Tracking link' });
    await expect(card).toContainText(oldId);
    await card.getByRole('button', { name: 'Revoke link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke the tracking link?' });
    await snapViewport(page, 'tracking-link-revoke');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(card).not.toContainText(oldId);
    const detail = await apiCall<TripDetail>(request, customer, 'GET', `/api/v1/trips/${trip.id}`);
    expect(detail.trackingId).not.toBe(oldId);
    await expect(card).toContainText(detail.trackingId);

    await page.goto(`/tripprogress/${oldId}`);
    await expect(page.getByRole('alert')).toContainText('This tracking link has been revoked');
    await expect(page.getByRole('heading', { name: 'Oops! Resource Not Found.' })).toBeVisible();
    await page.goto(`/tripprogress/${detail.trackingId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Trip ${trip.tripNumber}` })).toBeVisible();
    await context.close();
  });

  test('the ongoing trips table of a customer, on a phone and a desktop', async ({ browser, request }) => {
    const customer = await apiToken(request, 'customer@example.com');
    const { shareId } = await apiCall<OngoingTripsLink>(
      request,
      customer,
      'GET',
      '/api/v1/trips/ongoing-link',
    );
    const ongoing = await apiCall<{ totalElements: number; content: TripSummary[] }>(
      request,
      customer,
      'GET',
      '/api/v1/trips?completed=false&started=true&size=100',
    );
    const live = ongoing.content.filter((t) => !t.cancelled);
    const containerTrips = live.filter((t) => t.cargoType !== 'GENERAL_CARGO');
    const generalTrips = live.filter((t) => t.cargoType === 'GENERAL_CARGO');
    expect(containerTrips.length).toBeGreaterThan(0);
    expect(generalTrips.length).toBeGreaterThan(0);

    for (const width of VIEWPORTS) {
      const page = await publicPage(browser, width);
      await page.goto(`/ongoingtripprogress/${shareId}`);
      const containers = page.getByRole('table', { name: 'Containers' });
      const general = page.getByRole('table', { name: 'General Cargo' });
      await expect(containers).toBeVisible();
      expect(await containers.locator('thead th').allInnerTexts()).toEqual(
        ONGOING_CONTAINER_COLUMNS.map((c) => headerText(c)),
      );
      expect(await general.locator('thead th').allInnerTexts()).toEqual(
        ONGOING_GENERAL_CARGO_COLUMNS.map((c) => headerText(c)),
      );
      await expect(containers.locator('tbody tr')).toHaveCount(containerTrips.length);
      await expect(general.locator('tbody tr')).toHaveCount(generalTrips.length);
      await expect(containers).toContainText(containerTrips[0]!.consignment.containerNumber!);
      // The demo has trips with an open issue: they read DELAYED.
      await expect(page.getByText('DELAYED').first()).toBeVisible();
      // The Sign In button sits below the tables.
      const signInBox = (await page.getByRole('link', { name: 'Sign In' }).boundingBox())!;
      const generalBox = (await general.boundingBox())!;
      expect(signInBox.y).toBeGreaterThan(generalBox.y + generalBox.height);
      if (width === PHONE) {
        // The table scrolls sideways inside its region while the container number column stays put.
        const region = page.getByRole('region', { name: /Containers/ });
        const firstCell = containers.locator('tbody tr').first().locator('th, td').first();
        const before = (await firstCell.boundingBox())!.x;
        await region.evaluate((el) => el.scrollBy({ left: 400 }));
        await expect.poll(async () => (await firstCell.boundingBox())!.x).toBe(before);
      }
      await snap(page, 'ongoing-trips');
      await expectNoSeriousAxeViolations(page);
      await page.context().close();
    }
  });

  test('both pages say there were too many requests, and how long to wait, on a 429', async ({ browser }) => {
    // The browser journeys run without rate limits; the 429 the API sends is answered here instead.
    const tooMany = {
      status: 429,
      headers: { 'retry-after': '30' },
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait a minute and try again.',
      }),
    };
    for (const width of VIEWPORTS) {
      const page = await publicPage(browser, width);
      await page.route('**/api/v1/trips/open-access/**', (route) => route.fulfill(tooMany));
      for (const [path, name] of [
        ['/tripprogress/Zz9Zz9Zz9Zz9Zz9Zz9Zz9w', 'tracking-too-many-requests'],
        ['/ongoingtripprogress/Zz9Zz9Zz9Zz9Zz9Zz9Zz9w', 'ongoing-trips-too-many-requests'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('alert')).toContainText('Too many requests');
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1, name: 'Too many requests' })).toBeVisible();
        await expect(main).toContainText(/Try again in (30|29|28) seconds\./);
        await expect(main).not.toContainText('connection');
        await expect(main.getByRole('button', { name: 'Try again' })).toBeVisible();
        await snap(page, name);
        await expectNoSeriousAxeViolations(page);
      }
      await page.context().close();
    }
  });

  test('a customer without ongoing trips, and an unknown share link', async ({ browser, request }) => {
    const quiet = await apiToken(request, 'unverified.customer@example.com');
    const { shareId } = await apiCall<OngoingTripsLink>(request, quiet, 'GET', '/api/v1/trips/ongoing-link');
    for (const width of VIEWPORTS) {
      const page = await publicPage(browser, width);
      await page.goto(`/ongoingtripprogress/${shareId}`);
      await expect(page.getByText("You don't have any ongoing trip at the moment")).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await snap(page, 'ongoing-trips-empty');
      await expectNoSeriousAxeViolations(page);

      await page.goto('/ongoingtripprogress/Zz9Zz9Zz9Zz9Zz9Zz9Zz9w');
      await expect(page.getByRole('alert')).toHaveText(
        'No ongoing trips page has this link. Check the link you were sent.',
      );
      await expect(page.getByRole('alert')).toHaveCount(1);
      await snap(page, 'ongoing-trips-not-found');
      await page.context().close();
    }
  });
});
