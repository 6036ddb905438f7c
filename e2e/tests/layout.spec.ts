import { expect, test, type Page } from '@playwright/test';
import type { TripSummary } from '@freightlane/domain';
import { apiCall, apiToken, signIn, snap, waitForQuiet } from './support';

/** Phone, large phone, the spec's 600 px, tablet, the sidebar's 1024 px, laptop, desktop, wide. */
const WIDTHS = [375, 480, 600, 768, 1024, 1280, 1440, 1920];

/** Each dashboard figure that sticks out of its card, as "label at width: how far". */
async function clippedFigures(page: Page, width: number): Promise<string[]> {
  const cards = page.getByRole('main').getByRole('link', { name: /^[^:]+: \S+$/ });
  await expect(cards.first()).toBeVisible();
  const clipped: string[] = [];
  for (const card of await cards.all()) {
    const label = (await card.getAttribute('aria-label'))!;
    const value = label.slice(label.indexOf(': ') + 2);
    const overflow = await card.getByText(value, { exact: true }).evaluate((figure) => {
      const box = figure.closest('a')!;
      const style = getComputedStyle(box);
      const inner = box.getBoundingClientRect().right - parseFloat(style.paddingRight);
      return Math.max(figure.getBoundingClientRect().right - inner, figure.scrollWidth - figure.clientWidth);
    });
    if (overflow > 0.5) clipped.push(`${label} at ${width} px: ${overflow.toFixed(1)} px`);
  }
  return clipped;
}

/** The colours of a whole-page picture at the given points, read back through a canvas. */
async function pixelsOf(page: Page, points: [number, number][]): Promise<number[][]> {
  const picture = await page.screenshot({ fullPage: true });
  const reader = await page.context().newPage();
  try {
    return await reader.evaluate(
      async ({ src, at }) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return at.map(([x, y]) => [...context.getImageData(x, y, 1, 1).data].slice(0, 3));
      },
      { src: `data:image/png;base64,${picture.toString('base64')}`, at: points },
    );
  } finally {
    await reader.close();
  }
}

test.describe('signed-in layout', () => {
  for (const [email, home, name] of [
    ['customer@example.com', '/home', 'customer'],
    ['transporter@example.com', '/transporterhome', 'transporter'],
  ] as const) {
    test(`every figure on the ${name} home fits its card at every width`, async ({ page }) => {
      await signIn(page, email);
      await page.waitForURL(new RegExp(`${home}$`));
      const clipped: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        clipped.push(...(await clippedFigures(page, width)));
        if (width === 375 || width === 1280) await snap(page, `layout-home-${name}`);
      }
      expect(clipped).toEqual([]);
    });
  }

  test('the admin home at both widths', async ({ page }) => {
    await signIn(page, 'admin@example.com');
    await page.waitForURL(/\/admin$/);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // Reloaded, so the picture does not catch the sidebar sliding in.
      await page.reload();
      await expect(page.getByRole('link', { name: 'Find users' })).toBeVisible();
      await waitForQuiet(page);
      await snap(page, 'layout-home-admin');
    }
  });

  test("the sidebar's white background reaches the bottom of a long trip page", async ({ page, request }) => {
    const token = await apiToken(request, 'customer@example.com');
    const trips = await apiCall<{ content: TripSummary[] }>(
      request,
      token,
      'GET',
      '/api/v1/trips?completed=true&size=20',
    );
    const trip = trips.content.find((t) => t.cargoType === 'IMPORT_LINER_OWNED') ?? trips.content[0]!;
    await signIn(page, 'customer@example.com');
    await page.waitForURL(/\/home$/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/trips/${trip.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Trip ${trip.tripNumber}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Invoice' })).toBeVisible();
    await waitForQuiet(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, 'the trip page is longer than the screen').toBeGreaterThan(1400);
    const sidebar = await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox();
    const x = Math.round(sidebar!.x + sidebar!.width / 2);
    const [top, belowScreen, bottom, content] = await pixelsOf(page, [
      [x, 700],
      [x, 1100],
      [x, height - 4],
      [Math.round(sidebar!.x + sidebar!.width + 8), height - 4],
    ]);
    const white = [255, 255, 255];
    expect({ top, belowScreen, bottom }).toEqual({ top: white, belowScreen: white, bottom: white });
    expect(content, 'the page beside the sidebar keeps its grey').not.toEqual(white);
    await snap(page, 'layout-trip-long');
    await page.setViewportSize({ width: 375, height: 800 });
    await snap(page, 'layout-trip-long');
  });
});
