import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Page as ApiPage, TripDetail, TripSummary } from '@freightlane/domain';
import { apiCall, apiToken, expectNoSeriousAxeViolations, signIn, snap } from './support';

const TRANSPORTER = 'transporter@example.com';

/**
 * A trip of the demo transporter that has a driver but has not started: its truck has no tracker, so
 * nothing but the driver moves it while the test runs.
 */
async function tripWaitingForItsDriver(request: APIRequestContext, token: string): Promise<TripDetail> {
  const trips = await apiCall<ApiPage<TripSummary>>(
    request,
    token,
    'GET',
    '/api/v1/trips?started=false&completed=false&size=50',
  );
  for (const trip of trips.content) {
    if (trip.cancelled) continue;
    const detail = await apiCall<TripDetail>(request, token, 'GET', `/api/v1/trips/${trip.id}`);
    if (detail.resources.driver) return detail;
  }
  throw new Error('The demo seed has no trip with a driver waiting to start');
}

test('a driver records the trip from the phone link, and an action taken offline is sent once', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request, TRANSPORTER);
  const trip = await tripWaitingForItsDriver(request, token);
  const driver = trip.resources.driver!;
  const firstName = driver.name.split(' ')[0]!;

  const office = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const transporter = await office.newPage();
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  const driverPage = await phone.newPage();

  let link = '';
  await test.step('the transporter gives the driver a phone link', async () => {
    await signIn(transporter, TRANSPORTER);
    await expect(transporter.getByRole('button', { name: /Sign Out|Open navigation/ }).first()).toBeVisible();
    await transporter.goto(`/fleet/drivers/${driver.id}`);
    await transporter.getByRole('button', { name: 'Create phone link' }).click();
    link = await transporter.getByLabel('Private link').inputValue();
    expect(link).toMatch(/\/driver\/[A-Za-z0-9_-]{32}$/);
  });

  await test.step('the driver’s page opens with the trip and records the next step', async () => {
    await driverPage.goto(new URL(link).pathname);
    await expect(driverPage.getByRole('heading', { level: 1, name: `Hello, ${firstName}` })).toBeVisible();
    await expect(
      driverPage.getByRole('region', { name: 'Your trip' }).getByText(trip.tripNumber),
    ).toBeVisible();
    await driverPage.getByRole('button', { name: 'Mark as Trip Started' }).click();
    await expect(driverPage.getByText('Recorded: Trip Started')).toBeVisible();
    await expect(driverPage.getByRole('button', { name: 'Mark as At Pick-Up Location' })).toBeVisible();
  });

  await test.step('the driver reports an issue', async () => {
    const issue = driverPage.getByRole('region', { name: 'Report an issue' });
    await issue.getByLabel('What happened').selectOption({ label: 'Checkpoint / police delay' });
    await issue.getByLabel('Description').fill('Held at the Mile 2 checkpoint for papers');
    await issue.getByRole('button', { name: 'Send report' }).click();
    await expect(driverPage.getByText('Issue reported: Checkpoint / police delay')).toBeVisible();
  });

  await test.step('offline, the next step waits on the phone, and the page still opens', async () => {
    // The worker keeps the page's files once it is active.
    await driverPage.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await phone.setOffline(true);
    await driverPage.getByRole('button', { name: 'Mark as At Pick-Up Location' }).click();
    const waiting = driverPage.getByText('1 waiting to be sent: Mark as At Pick-Up Location');
    await expect(waiting).toBeVisible();
    await expect(driverPage.getByRole('button', { name: 'Mark as Container(s) Loaded' })).toBeVisible();

    await driverPage.reload();
    await expect(driverPage.getByRole('heading', { level: 1, name: `Hello, ${firstName}` })).toBeVisible();
    await expect(
      driverPage.getByText('No network: this is the trip as the phone last saw it.'),
    ).toBeVisible();
    // The copy the phone kept has the step recorded before the network went.
    await expect(
      driverPage.getByRole('region', { name: 'Your trip' }).getByText('Trip Started'),
    ).toBeVisible();
    await expect(waiting).toBeVisible();
    await snap(driverPage, 'driver-page');
    await expectNoSeriousAxeViolations(driverPage);
  });

  await test.step('back online, the waiting step is sent, once', async () => {
    await phone.setOffline(false);
    await expect(driverPage.getByText('Recorded: At Pick-Up Location')).toBeVisible({ timeout: 40_000 });
    await expect(driverPage.getByText(/waiting to be sent/)).toHaveCount(0);
    await expect(driverPage.getByText('No network: this is the trip as the phone last saw it.')).toHaveCount(
      0,
    );

    const detail = await apiCall<TripDetail>(request, token, 'GET', `/api/v1/trips/${trip.id}`);
    expect(detail.tripStatusLogs.map((l) => [l.tripStatus, l.changedBy])).toEqual([
      ['STARTED', expect.stringContaining(`${driver.name}, driver (`)],
      ['AT_PICKUP_LOCATION', expect.stringContaining(`${driver.name}, driver (`)],
    ]);
    expect(detail.issues.filter((i) => i.openedBy.startsWith(`${driver.name}, driver`))).toHaveLength(1);
  });

  await test.step('the page on a wide screen, and the app it installs as', async () => {
    await driverPage.setViewportSize({ width: 1280, height: 900 });
    await driverPage.getByRole('button', { name: 'Mark as Container(s) Loaded' }).waitFor();
    await snap(driverPage, 'driver-page');
    await expectNoSeriousAxeViolations(driverPage);

    const manifest = await request.get('/driver/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toMatch(/application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({ name: 'Freightlane Driver', start_url: '/driver/' });
    const worker = await request.get('/driver/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });

  await office.close();
  await phone.close();
});
