import { expect, test, type Page } from '@playwright/test';
import type {
  OngoingTripsLink,
  TrackingSettings,
  TripDetail,
  TripIssue,
  TripSummary,
} from '@freightlane/domain';
import { apiCall, apiToken, expectNoSeriousAxeViolations, settle, signedInPage, snap } from './support';

const PHONE = 375;
const DESKTOP = 1280;
const STRAYING_TRACKER = 'Simulated tracker 5 (strays off its lane)';

/** Where a truck's pin sits on the screen. */
async function centreOf(page: Page, tripNumber: string) {
  const box = await page.getByRole('button', { name: new RegExp(` · ${tripNumber} · `) }).boundingBox();
  return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
}

// This project's server polls the simulator every 5 s and its trucks drive a kilometre a second.
test('the simulator drives a demo truck from Apapa: the map pin moves, a diversion opens an issue the ongoing table shows as DELAYED, and the geofence records the arrival', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const token = await apiToken(request, 'transporter@example.com');
  // The journey runs at any hour: the night alert (its own journey turns it off and on) would raise an
  // alert and a notification for every truck the simulator drives between 22:00 and 05:00 in Lagos.
  const settings = await apiCall<TrackingSettings>(request, token, 'GET', '/api/v1/tracking-settings');
  await apiCall(request, token, 'PUT', '/api/v1/tracking-settings', { ...settings, nightAlerts: false });
  const live = await apiCall<{ content: TripSummary[] }>(
    request,
    token,
    'GET',
    '/api/v1/trips?completed=false&started=true&size=100',
  );
  const open = await apiCall<{ content: TripIssue[] }>(
    request,
    token,
    'GET',
    '/api/v1/trips/issues?status=OPEN&size=100',
  );
  const withIssues = new Set(open.content.map((issue) => issue.trip.id));
  // A container waiting at the APM Terminal in Apapa for Ikeja: the demo's import at the pickup. The
  // simulator's other trucks reach their pickups too while the server runs; one with an issue open
  // already shows DELAYED.
  const waiting = live.content.find(
    (t) =>
      t.cargoType === 'IMPORT_SHIPPER_OWNED' &&
      t.latestTripStatus?.tripStatus === 'AT_PICKUP_LOCATION' &&
      !t.cancelled &&
      !withIssues.has(t.id),
  );
  expect(waiting, 'the demo has an import waiting at the pickup').toBeDefined();
  const trip = await apiCall<TripDetail>(request, token, 'GET', `/api/v1/trips/${waiting!.id}`);
  const plate = trip.resources.truck!.registrationNumber;
  const container = waiting!.consignment.containerNumber!;
  const customerToken = await apiToken(request, 'customer@example.com');
  const { shareId } = await apiCall<OngoingTripsLink>(
    request,
    customerToken,
    'GET',
    '/api/v1/trips/ongoing-link',
  );

  const customerView = await browser.newPage({ viewport: { width: DESKTOP, height: 900 } });
  const ongoingRow = customerView
    .getByRole('table', { name: 'Containers' })
    .locator('tbody tr')
    .filter({ hasText: container });
  await test.step('the customer’s ongoing table shows the trip on time before it sets off', async () => {
    await customerView.goto(`/ongoingtripprogress/${shareId}`);
    await expect(ongoingRow).toBeVisible();
    await expect(ongoingRow).not.toContainText('DELAYED');
  });

  const transporter = await signedInPage(browser, 'transporter@example.com');
  await test.step('the transporter puts the straying simulated tracker on the truck', async () => {
    await transporter.goto('/fleet/tracking');
    const account = transporter.getByRole('region', { name: 'Demo trackers (simulator)' });
    await account.getByRole('button', { name: 'Devices and trucks' }).click();
    const truck = account.getByRole('textbox', { name: `Truck followed by ${STRAYING_TRACKER}` });
    await truck.click();
    await truck.fill(plate);
    await transporter.getByRole('option', { name: plate, exact: true }).click();
    await expect(transporter.getByText(`${STRAYING_TRACKER} now follows ${plate}.`)).toBeVisible();
  });

  await test.step('the container is loaded and the truck leaves the terminal', async () => {
    await transporter.goto(`/trips/${trip.id}`);
    await transporter.getByRole('button', { name: 'Next step: Container(s) Loaded' }).click();
    const dialog = transporter.getByRole('dialog', { name: 'Update the trip status' });
    await dialog.getByRole('button', { name: 'Update status' }).click();
    await expect(dialog).toBeHidden();
    await expect(transporter.getByLabel('Container(s) Loaded: done')).toBeVisible();
  });

  await test.step('its pin moves on the map, and opens the trip from the keyboard', async () => {
    await transporter.goto('/trips/map');
    const pin = transporter.getByRole('button', { name: new RegExp(` · ${trip.tripNumber} · `) });
    await expect(pin).toBeVisible();
    const before = (await centreOf(transporter, trip.tripNumber))!;
    // The map asks again every 20 s; by then the truck is kilometres on.
    await expect
      .poll(
        async () => {
          const now = await centreOf(transporter, trip.tripNumber);
          return now ? Math.hypot(now.x - before.x, now.y - before.y) : 0;
        },
        { timeout: 45_000, intervals: [1_000] },
      )
      .toBeGreaterThan(10);
    await settle(transporter);
    await snap(transporter, 'truck-map-moving');
    await expectNoSeriousAxeViolations(transporter);
    await pin.focus();
    await transporter.keyboard.press('Enter');
    await expect(transporter).toHaveURL(new RegExp(`/trips/${trip.id}$`));
  });

  await test.step('the diversion opens an issue by itself, and the ongoing table shows DELAYED', async () => {
    await expect(async () => {
      await customerView.reload();
      await expect(ongoingRow).toContainText('DELAYED', { timeout: 2_000 });
    }).toPass({ timeout: 90_000, intervals: [2_000] });
    // The status is the table's last column: scrolled into view for the picture.
    await ongoingRow.locator('td').last().scrollIntoViewIfNeeded();
    await snap(customerView, 'ongoing-trips-diversion');
    await expect(async () => {
      await transporter.reload();
      await expect(transporter.getByLabel('Diversion, open')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000, intervals: [2_000] });
    await expect(transporter.getByLabel('Diversion, open')).toContainText('left the corridor of its lane');
  });

  await test.step('the delivery’s geofence records the arrival', async () => {
    await expect(async () => {
      await transporter.reload();
      await expect(transporter.getByLabel('At Delivery Location: done')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 120_000, intervals: [3_000] });
    await expect(
      transporter
        .getByRole('listitem', { name: 'At Delivery Location: done' })
        .getByText('By Freightlane tracking (geofence)'),
    ).toBeVisible();
    // The route card draws where the truck went, the detour included, and the truck at the delivery.
    const route = transporter.getByRole('region', { name: `Route of trip ${trip.tripNumber}` });
    await expect(route.getByRole('img', { name: plate })).toBeVisible();
    await settle(transporter);
    await snap(transporter, 'trip-tracked-arrival');
    await transporter.setViewportSize({ width: PHONE, height: 800 });
    await expect(transporter.getByLabel('Diversion, open')).toBeVisible();
    await settle(transporter);
    await snap(transporter, 'trip-tracked-arrival');
    await transporter.goto('/trips/map');
    await expect(
      transporter.getByRole('button', { name: new RegExp(` · ${trip.tripNumber} · `) }),
    ).toBeVisible();
    await settle(transporter);
    await snap(transporter, 'truck-map-moving');
    await expectNoSeriousAxeViolations(transporter);
  });

  await customerView.context().close();
  await transporter.context().close();
});
