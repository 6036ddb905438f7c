import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { settle, signIn, snap, waitForQuiet } from './support';

/** A signed-in page in a fresh context of the given window size. */
async function pageAt(browser: Browser, email: string, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page.getByRole('button', { name: /Sign Out|Open navigation/ }).first()).toBeVisible();
  await waitForQuiet(page);
  return page;
}

/** Whether the element's box lies wholly inside the window. */
async function inWindow(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= window.innerHeight &&
      box.right <= window.innerWidth
    );
  });
}

/**
 * The headers of the page's first table that are not wholly in view: outside the window, or outside
 * the box of a scrolling frame around the table (where they would need a sideways scroll to be seen).
 */
async function hiddenHeaders(page: Page): Promise<string[]> {
  const table = page.getByRole('main').getByRole('table').first();
  await expect(table).toBeVisible();
  return table.evaluate((element) => {
    let clip = { left: 0, right: window.innerWidth };
    for (let up = element.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'auto' || style.overflowX === 'scroll' || style.overflowX === 'hidden') {
        const box = up.getBoundingClientRect();
        clip = { left: Math.max(clip.left, box.left), right: Math.min(clip.right, box.right) };
      }
    }
    return Array.from(element.querySelectorAll('thead th'))
      .filter((th) => {
        const box = th.getBoundingClientRect();
        return box.left < clip.left - 0.5 || box.right > clip.right + 0.5;
      })
      .map((th) => th.textContent ?? '');
  });
}

/**
 * Every naira figure on the page that takes more than one line: a text node holding "₦" whose
 * rendered lines have more than one distinct top.
 */
async function wrappedMoney(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wrapped: string[] = [];
    const walker = document.createTreeWalker(
      document.querySelector('main') ?? document.body,
      NodeFilter.SHOW_TEXT,
    );
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!text.includes('₦')) continue;
      const figure = /₦[\d,]+(\.\d+)?/.exec(text);
      if (!figure) continue;
      const range = document.createRange();
      range.setStart(node, figure.index);
      range.setEnd(node, figure.index + figure[0].length);
      const tops = new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)),
      );
      if (tops.size > 1) wrapped.push(figure[0]);
    }
    return wrapped;
  });
}

test.describe('what a new user trips over', () => {
  for (const [width, height] of [
    [1366, 768],
    [1280, 720],
  ] as const) {
    test(`a transporter reaches Sign Out in the sidebar at ${width}×${height}`, async ({ browser }) => {
      const page = await pageAt(browser, 'transporter@example.com', width, height);
      const signOut = page.getByRole('button', { name: 'Sign Out' });
      // The page itself is not scrolled: the button is in view on arrival, under the 15 links.
      expect(await inWindow(signOut)).toBe(true);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      // The last link is reached by scrolling the links alone; Sign Out stays where it is.
      const profile = nav.getByRole('link', { name: 'Profile' });
      await profile.scrollIntoViewIfNeeded();
      expect(await inWindow(profile)).toBe(true);
      expect(await inWindow(signOut)).toBe(true);
      await snap(page, `first-hour-sidebar-${height}`);
      await signOut.click();
      await page.waitForURL(/\/signin$/);
      await page.context().close();
    });
  }

  test('a transporter reaches Sign Out in the phone menu at 375×667', async ({ browser }) => {
    const page = await pageAt(browser, 'transporter@example.com', 375, 667);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const signOut = page.getByRole('button', { name: 'Sign Out' });
    await expect(signOut).toBeVisible();
    await settle(page);
    await snap(page, 'first-hour-phone-menu');
    expect(await inWindow(signOut)).toBe(true);
    const profile = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Profile' });
    await profile.scrollIntoViewIfNeeded();
    expect(await inWindow(profile)).toBe(true);
    await signOut.click();
    await page.waitForURL(/\/signin$/);
    await page.context().close();
  });

  for (const [email, path, name] of [
    ['transporter@example.com', '/reports/fleet', 'fleet-report'],
    ['customer@example.com', '/reports/financial', 'financial-report'],
    ['customer@example.com', '/trips?tab=all', 'customer-trips'],
    ['admin@example.com', '/trips?tab=all', 'admin-trips'],
    ['transporter@example.com', '/bids/won', 'bids-won'],
    ['admin@example.com', '/admin/payouts', 'admin-payouts'],
  ] as const) {
    test(`every column of ${name} is in view at 1280 px`, async ({ browser }) => {
      const page = await pageAt(browser, email, 1280, 800);
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('table').first()).toBeVisible({ timeout: 20_000 });
      await waitForQuiet(page);
      await snap(page, `first-hour-${name}`);
      expect(await hiddenHeaders(page)).toEqual([]);
      // Nothing on the page scrolls sideways either.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      await page.context().close();
    });
  }

  test('Bids won at 375 px shows each trip’s amount and pickup date on its card', async ({ browser }) => {
    const page = await pageAt(browser, 'transporter@example.com', 375, 800);
    await page.goto('/bids/won');
    const cards = page.getByRole('list', { name: 'Bids won' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    const first = cards.first();
    await expect(first.getByText('Amount')).toBeVisible();
    await expect(first.getByText(/^₦[\d,]+\.\d\d$/)).toBeVisible();
    await expect(first.getByText('Pickup date')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, 'first-hour-bids-won');
    await page.context().close();
  });

  for (const [email, path, width, name] of [
    ['transporter@example.com', '/earnings', 1280, 'earnings'],
    ['customer@example.com', '/payments', 375, 'payments'],
    ['customer@example.com', '/reports/financial', 375, 'financial-report-figures'],
  ] as const) {
    test(`no naira figure wraps on ${name} at ${width} px`, async ({ browser }) => {
      const page = await pageAt(browser, email, width, 800);
      await page.goto(path);
      await expect(page.getByRole('main').getByText(/₦/).first()).toBeVisible({ timeout: 20_000 });
      await waitForQuiet(page);
      expect(await wrappedMoney(page)).toEqual([]);
      // The figures above the list share one size.
      const sizes = await page
        .getByRole('main')
        .locator('[data-figure-grid] dd')
        .evaluateAll((figures) => [...new Set(figures.map((f) => getComputedStyle(f).fontSize))]);
      expect(sizes, 'the figures above the list, all of one size').toHaveLength(1);
      await snap(page, `first-hour-money-${name}`);
      await page.context().close();
    });
  }
});
