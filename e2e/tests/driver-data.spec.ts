import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type {
  DriverDataExport,
  Page as ApiPage,
  TripDetail,
  TripRoute,
  TripSummary,
} from '@freightlane/domain';
import {
  apiCall,
  apiToken,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  signedInPage,
  snap,
  snapViewport,
} from './support';

/** Arewa Express, whose demo track record has finished trips its trucks reported on. */
const TRANSPORTER = 'transporter3@example.com';

/** A driver of the transporter's delivered trips whose route has positions, on no live trip now. */
async function driverWithAFinishedRoute(request: APIRequestContext, token: string) {
  const live = await apiCall<ApiPage<TripSummary>>(
    request,
    token,
    'GET',
    '/api/v1/trips?completed=false&size=100',
  );
  const busy = new Set<string>();
  for (const trip of live.content) {
    const detail = await apiCall<TripDetail>(request, token, 'GET', `/api/v1/trips/${trip.id}`);
    if (detail.resources.driver && !trip.cancelled) busy.add(detail.resources.driver.id);
  }
  const done = await apiCall<ApiPage<TripSummary>>(
    request,
    token,
    'GET',
    '/api/v1/trips?completed=true&size=100',
  );
  for (const trip of done.content) {
    const detail = await apiCall<TripDetail>(request, token, 'GET', `/api/v1/trips/${trip.id}`);
    const driver = detail.resources.driver;
    if (!driver || busy.has(driver.id)) continue;
    const route = await apiCall<TripRoute>(request, token, 'GET', `/api/v1/trips/${trip.id}/route`);
    if (route.positions.length > 0) return { driver, trip: detail };
  }
  throw new Error('The demo seed has no finished trip with positions whose driver is free');
}

test('a transporter downloads a driver’s data and erases where the driver went', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request, TRANSPORTER);
  const { driver, trip } = await driverWithAFinishedRoute(request, token);

  for (const width of [375, 1280]) {
    const page = await signedInPage(browser, TRANSPORTER, width);
    await page.goto(`/fleet/drivers/${driver.id}`);
    const card = page.getByRole('region', { name: 'Driver’s data' });
    await expect(card.getByRole('button', { name: 'Download driver’s data' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Erase location history' })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await snap(page, 'driver-data');
    await page.context().close();
  }

  const page = await signedInPage(browser, TRANSPORTER, 1280);
  await page.goto(`/fleet/drivers/${driver.id}`);
  const card = page.getByRole('region', { name: 'Driver’s data' });

  await test.step('the file holds the driver’s trips with their positions', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download driver’s data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^freightlane-driver-data-[a-z-]+-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as DriverDataExport;
    expect(data.driver.id).toBe(driver.id);
    const driven = data.trips.find((x) => x.tripNumber === trip.tripNumber);
    expect(driven?.positionsFrom).not.toBe('NONE');
    expect(driven!.positions.length).toBeGreaterThan(0);
  });

  await test.step('the owner erases the location history; the trip stays, its map is empty', async () => {
    await card.getByRole('button', { name: 'Erase location history' }).click();
    const dialog = page.getByRole('dialog', { name: `Erase ${driver.name}’s location history?` });
    await expect(dialog.getByText(/deleted for good/)).toBeVisible();
    await snapViewport(page, 'driver-data-erase');
    await dialog.getByRole('button', { name: 'Okay' }).click();
    await expect(
      page.getByText(new RegExp(`^${driver.name}’s location history is erased: [\\d,]+ positions?`)),
    ).toBeVisible();
    const route = await apiCall<TripRoute>(request, token, 'GET', `/api/v1/trips/${trip.id}/route`);
    expect(route.positions).toEqual([]);
    const still = await apiCall<TripDetail>(request, token, 'GET', `/api/v1/trips/${trip.id}`);
    expect(still.tripNumber).toBe(trip.tripNumber);
  });
  await page.context().close();
});
