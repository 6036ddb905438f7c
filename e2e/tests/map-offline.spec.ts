import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, settle, signIn, snap } from './support';

const NOTICE = 'The street map could not load. State outlines are shown.';

/**
 * The demo transporter on the map page with every request off this machine refused, as on a phone that
 * reaches the app but not the tile server (or a tile server that is down).
 */
async function openMapWithoutTiles(page: Page) {
  const tileRequests: string[] = [];
  await page.context().route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    async (route) => {
      tileRequests.push(route.request().url());
      await route.abort('internetdisconnected');
    },
  );
  await signIn(page, 'transporter@example.com');
  await expect(page.getByRole('button', { name: /Sign out|Open navigation/i }).first()).toBeVisible();
  await page.goto('/trips/map');
  return tileRequests;
}

/** How far each status badge's text is cut off in the list of trips (0 when it shows whole). */
async function clippedBadges(page: Page): Promise<string[]> {
  const badges = page.getByRole('list', { name: 'Trips on the map' }).locator('.mantine-Badge-label');
  await expect(badges.first()).toBeVisible();
  const clipped: string[] = [];
  for (const badge of await badges.all()) {
    const cut = await badge.evaluate((label) => label.scrollWidth - label.clientWidth);
    if (cut > 0) clipped.push(`${await badge.textContent()}: ${cut} px`);
  }
  return clipped;
}

for (const width of [375, 1280]) {
  test(`without its street tiles the map still shows Nigeria's states and says why, at ${width} px`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const tileRequests = await openMapWithoutTiles(page);

    const map = page.getByRole('region', { name: 'Map of trucks' });
    await expect(map).toBeVisible();
    await expect(map.getByRole('status')).toHaveText(NOTICE);
    expect(tileRequests.length, 'the map asked for its tiles').toBeGreaterThan(0);
    // The 36 states and the FCT, drawn under the trucks.
    await expect(map.locator('.leaflet-state-outlines-pane svg path.state-outline')).toHaveCount(37);
    await expect(map.getByRole('button', { name: / · TRP-\d{4}-\d{6} · / }).first()).toBeVisible();
    await expect(map.getByRole('link', { name: 'Natural Earth' })).toBeVisible();

    // The notice sits over the map's top edge, clear of the zoom buttons and of every truck, measured
    // once the map has finished zooming to its trucks.
    await settle(page);
    const notice = (await map.getByText(NOTICE).boundingBox())!;
    const zoomIn = (await map.getByRole('button', { name: 'Zoom in' }).boundingBox())!;
    expect(notice.x).toBeGreaterThanOrEqual(zoomIn.x + zoomIn.width);
    for (const pin of await map.getByRole('button', { name: / · TRP-/ }).all()) {
      const box = (await pin.boundingBox())!;
      const overlaps =
        box.x < notice.x + notice.width &&
        notice.x < box.x + box.width &&
        box.y < notice.y + notice.height &&
        notice.y < box.y + box.height;
      expect(overlaps, `${await pin.getAttribute('aria-label')} under the notice`).toBe(false);
    }

    if (width === 375) expect(await clippedBadges(page)).toEqual([]);
    await settle(page);
    await snap(page, 'truck-map-offline');
    await expectNoSeriousAxeViolations(page);

    // Dismissed, it leaves the map to the outlines.
    await map.getByRole('button', { name: 'Dismiss' }).click();
    await expect(map.getByText(NOTICE)).toBeHidden();
    await expect(map.locator('path.state-outline')).toHaveCount(37);

    // Zoomed out to the south-west, the states are named where no tile names them.
    const zoomOut = map.getByRole('button', { name: 'Zoom out' });
    for (let i = 0; i < 4; i += 1) {
      await zoomOut.click();
      await settle(page);
    }
    await expect(map.locator('.state-name').getByText('Ogun', { exact: true })).toBeVisible();
    await expect(map.locator('.state-name').getByText('Lagos', { exact: true })).toBeVisible();
    await snap(page, 'truck-map-offline-states');
    await context.close();
  });
}
