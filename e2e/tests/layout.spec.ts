import { expect, test, type Page } from '@playwright/test';
import { signIn, snap } from './support';

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
      await expect(page.getByRole('link', { name: 'Find users' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await snap(page, 'layout-home-admin');
    }
  });
});
