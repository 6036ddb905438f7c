import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { MarketOrder, OrderDetail, OrderSummary } from '@freightlane/domain';
import { apiCall, apiToken, signIn, snap, waitForQuiet } from './support';

/**
 * Every list of the app shows all its columns on a laptop and a card per row, with every value, on a
 * phone (issue 30). Each page is opened at 1280 × 800 and at 375 × 667 over the demo data.
 */

const CUSTOMER = 'customer@example.com';
const TRANSPORTER = 'transporter@example.com';
const ADMIN = 'admin@example.com';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

/** A naira figure as the app writes it: "₦455,000.00". */
const MONEY = /₦[\d,]+\.\d{2}/;

/** Trip, order and invoice numbers and plates ("LSR 545 MI"). */
const NUMBERS = /(?:TRP|ORD|INV)-\d{4}-\d{6}|\b[A-Z]{3} \d{3} [A-Z]{2}\b/g;

/** Figures, dates and numbers a person reads as one piece, found in the page's text to check none is split. */
const ONE_PIECE = new RegExp(
  `${MONEY.source}|\\b\\d{1,2} [A-Z][a-z]{2} \\d{4}(?:, \\d{2}:\\d{2})?|${NUMBERS.source}`,
  'g',
);

/** The columns of the named table whose header is not wholly in view, in the window and in its frame. */
async function columnsOutOfView(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const scroller = element.closest('.fl-table-scroller') ?? element.parentElement!;
    const frame = scroller.getBoundingClientRect();
    const left = Math.max(frame.left, 0);
    const right = Math.min(frame.right, document.documentElement.clientWidth);
    const headers = Array.from(element.querySelectorAll('thead th'));
    if (headers.length === 0) return ['(no column headers)'];
    return headers.flatMap((header) => {
      const box = header.getBoundingClientRect();
      return box.left < left - 0.5 || box.right > right + 0.5
        ? [`"${header.textContent}" at ${box.left.toFixed(0)}–${box.right.toFixed(0)} px`]
        : [];
    });
  });
}

/** Every figure, date and trip, order or invoice number inside `scope` that the layout broke over two lines. */
async function splitPieces(scope: Locator, pattern = ONE_PIECE): Promise<string[]> {
  return scope.evaluate((element, source) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(new RegExp(source, 'g'))) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lines.size > 1) split.push(match[0]);
      }
    }
    return split;
  }, pattern.source);
}

async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** At 1280 px: the table is there, every column header in view, nothing split, the page not wider than the screen. */
async function expectWholeTable(page: Page, name: string): Promise<void> {
  const table = page.getByRole('table', { name, exact: true });
  await expect(table).toBeVisible();
  expect(await columnsOutOfView(table), `columns of "${name}" out of view`).toEqual([]);
  expect(await splitPieces(table), `pieces of "${name}" split over two lines`).toEqual([]);
  expect(await pageOverflow(page), 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

/** At 375 px: no table, a card per row, each inside the screen and with its amount and status when asked. */
async function expectCards(
  page: Page,
  name: string,
  shows: { amount?: boolean; status?: RegExp } = {},
): Promise<void> {
  await expect(page.getByRole('table', { name, exact: true })).toHaveCount(0);
  const list = page.getByRole('list', { name, exact: true });
  await expect(list).toBeVisible();
  const cards = list.locator(':scope > li');
  expect(await cards.count(), `cards of "${name}"`).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    if (shows.amount) await expect(card).toContainText(MONEY);
    if (shows.status)
      await expect(
        card.locator('.mantine-Badge-root').filter({ hasText: shows.status }).first(),
      ).toBeVisible();
    const box = (await card.boundingBox())!;
    expect(box.x, `a card of "${name}" starts off screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `a card of "${name}" ends off screen`).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await splitPieces(list), `pieces of "${name}" split over two lines`).toEqual([]);
  expect(await pageOverflow(page), 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

async function signedIn(page: Page, email: string): Promise<void> {
  await page.setViewportSize(LAPTOP);
  await signIn(page, email);
  await expect(page.getByRole('button', { name: /Sign out|Open navigation/i }).first()).toBeVisible();
}

async function show(page: Page, path: string, size: { width: number; height: number }, ready: Locator) {
  await page.setViewportSize(size);
  await page.goto(path);
  await expect(ready).toBeVisible();
  await waitForQuiet(page);
}

async function customerOrders(request: APIRequestContext, query: string): Promise<OrderSummary[]> {
  const token = await apiToken(request, CUSTOMER);
  const page = await apiCall<{ content: OrderSummary[] }>(request, token, 'GET', `/api/v1/orders${query}`);
  return page.content;
}

async function customerOrder(request: APIRequestContext, id: string): Promise<OrderDetail> {
  const token = await apiToken(request, CUSTOMER);
  return apiCall<OrderDetail>(request, token, 'GET', `/api/v1/orders/${id}`);
}

test.describe.configure({ timeout: 120_000 });

test.describe('lists at 1280 and 375 px', () => {
  test('bid history: six columns, then a card with the price and the status', async ({ page }) => {
    await signedIn(page, TRANSPORTER);
    const name = 'Your bids';
    await show(page, '/bids/history', LAPTOP, page.getByRole('table', { name }));
    await expectWholeTable(page, name);
    await snap(page, 'lists-bid-history');
    await show(page, '/bids/history', PHONE, page.getByRole('list', { name }));
    await expectCards(page, name, { amount: true, status: /^(Active|Won|Lost|Withdrawn)$/ });
    await snap(page, 'lists-bid-history');
  });

  test("the market order's containers", async ({ page, request }) => {
    const token = await apiToken(request, TRANSPORTER);
    const open = await apiCall<{ content: MarketOrder[] }>(
      request,
      token,
      'GET',
      '/api/v1/bids/open-orders?size=50',
    );
    const order = open.content.find((o) => o.cargoType !== 'GENERAL_CARGO' && o.itemCount > 1)!;
    expect(order, 'an open container order').toBeTruthy();
    await signedIn(page, TRANSPORTER);
    const path = `/bids/orders/${order.id}`;
    await show(page, path, LAPTOP, page.getByRole('table', { name: 'Containers' }));
    await expectWholeTable(page, 'Containers');
    await snap(page, 'lists-market-order');
    await show(page, path, PHONE, page.getByRole('list', { name: 'Containers' }));
    await expectCards(page, 'Containers');
    await snap(page, 'lists-market-order');
  });

  test("the customer's orders, newest first", async ({ page }) => {
    await signedIn(page, CUSTOMER);
    await show(page, '/orders', LAPTOP, page.getByRole('table', { name: 'Orders' }));
    await expect(page.getByText('Newest first')).toBeVisible();
    await expectWholeTable(page, 'Orders');
    await snap(page, 'lists-orders');
    await show(page, '/orders', PHONE, page.getByRole('list', { name: 'Orders' }));
    await expectCards(page, 'Orders', { status: /^(Open for bids|Bidding closed|Awarded|Cancelled)$/ });
    await snap(page, 'lists-orders');
  });

  test('an awarded order: its trips with their amounts, and its containers', async ({ page, request }) => {
    const awarded = await customerOrders(request, '?status=AWARDED&size=50');
    const summary = awarded.find((o) => o.cargoType === 'IMPORT_LINER_OWNED') ?? awarded[0]!;
    await signedIn(page, CUSTOMER);
    const path = `/orders/${summary.id}`;
    await show(page, path, LAPTOP, page.getByRole('table', { name: 'Trips' }));
    await expectWholeTable(page, 'Trips');
    await expectWholeTable(page, 'Containers');
    await snap(page, 'lists-order-awarded');
    await show(page, path, PHONE, page.getByRole('list', { name: 'Trips' }));
    await expect(
      page
        .getByRole('region', { name: 'Summary' })
        .locator('.mantine-Badge-root')
        .filter({ hasText: 'Awarded' }),
    ).toBeVisible();
    await expectCards(page, 'Trips', { amount: true });
    await expectCards(page, 'Containers');
    await snap(page, 'lists-order-awarded');
  });

  test('an open order split across bids', async ({ page, request }) => {
    const open = await customerOrders(request, '?status=OPEN&size=50');
    const details = await Promise.all(open.map((o) => customerOrder(request, o.id)));
    const order = details.find(
      (o) => o.biddingOpen && o.items.length > 1 && o.bids.filter((b) => b.status === 'ACTIVE').length > 1,
    )!;
    expect(order, 'an open order with two bids').toBeTruthy();
    await signedIn(page, CUSTOMER);
    const path = `/orders/${order.id}`;
    const name = 'Bid for each container';
    for (const [size, role] of [
      [LAPTOP, 'table'],
      [PHONE, 'list'],
    ] as const) {
      await show(page, path, size, page.getByRole('button', { name: 'Split across bids' }));
      await page.getByRole('button', { name: 'Split across bids' }).click();
      await expect(page.getByRole(role, { name })).toBeVisible();
      if (role === 'table') await expectWholeTable(page, name);
      else await expectCards(page, name);
      await snap(page, 'lists-order-split');
    }
  });

  test('containers at risk', async ({ page }) => {
    await signedIn(page, CUSTOMER);
    const name = 'Containers at risk';
    await show(page, '/containers/at-risk', LAPTOP, page.getByRole('table', { name }));
    await expectWholeTable(page, name);
    await snap(page, 'lists-containers-at-risk');
    await show(page, '/containers/at-risk', PHONE, page.getByRole('list', { name }));
    await expectCards(page, name, {
      amount: true,
      status: /left|over|today|not known|returned|Out of the port/,
    });
    await snap(page, 'lists-containers-at-risk');
  });

  for (const [email, who] of [
    [CUSTOMER, 'customer'],
    [TRANSPORTER, 'transporter'],
  ] as const) {
    test(`payments of the ${who}`, async ({ page }) => {
      await signedIn(page, email);
      const path = '/payments?tab=all';
      await show(page, path, LAPTOP, page.getByRole('table', { name: 'Invoices' }));
      await expectWholeTable(page, 'Invoices');
      await snap(page, `lists-payments-${who}`);
      await show(page, path, PHONE, page.getByRole('list', { name: 'Invoices' }));
      await expectCards(page, 'Invoices', { amount: true, status: /^(Pending payment|Overdue|Paid|Void)$/ });
      await snap(page, `lists-payments-${who}`);
    });

    test(`trip issues of the ${who}`, async ({ page }) => {
      await signedIn(page, email);
      const path = '/trips/issues?show=all';
      await show(page, path, LAPTOP, page.getByRole('table', { name: 'Trip issues' }));
      await expectWholeTable(page, 'Trip issues');
      await snap(page, `lists-trip-issues-${who}`);
      await show(page, path, PHONE, page.getByRole('list', { name: 'Trip issues' }));
      await expectCards(page, 'Trip issues', { status: /^(Open|Resolved)$/ });
      await snap(page, `lists-trip-issues-${who}`);
    });
  }

  for (const [path, name, tab] of [
    ['/fleet/trucks', 'Trucks', 'trucks'],
    ['/fleet/drivers', 'Drivers', 'drivers'],
    ['/fleet/motor-boys', 'Motor boys', 'motor-boys'],
    ['/fleet/managers', 'Fleet managers', 'managers'],
  ] as const) {
    test(`fleet: ${tab}, with every fleet tab on a phone`, async ({ page }) => {
      await signedIn(page, TRANSPORTER);
      await show(page, path, LAPTOP, page.getByRole('table', { name }));
      await expectWholeTable(page, name);
      await snap(page, `lists-fleet-${tab}`);
      await show(page, path, PHONE, page.getByRole('list', { name }));
      await expectCards(page, name, { status: /^(Active|Inactive)$/ });
      const tabs = page.getByRole('navigation', { name: 'Fleet' }).getByRole('link');
      await expect(tabs).toHaveCount(5);
      for (const link of await tabs.all()) {
        await expect(link).toBeInViewport({ ratio: 1 });
      }
      await snap(page, `lists-fleet-${tab}`);
    });
  }

  test("fleet: the tracking account's devices", async ({ page }) => {
    await signedIn(page, TRANSPORTER);
    for (const [size, role] of [
      [LAPTOP, 'table'],
      [PHONE, 'list'],
    ] as const) {
      await show(page, '/fleet/tracking', size, page.getByRole('button', { name: 'Devices and trucks' }));
      await page.getByRole('button', { name: 'Devices and trucks' }).click();
      await expect(page.getByRole(role, { name: 'Devices' })).toBeVisible();
      await waitForQuiet(page);
      if (role === 'table') await expectWholeTable(page, 'Devices');
      else {
        await expectCards(page, 'Devices');
        for (const link of await page.getByRole('navigation', { name: 'Fleet' }).getByRole('link').all()) {
          await expect(link).toBeInViewport({ ratio: 1 });
        }
      }
      await snap(page, 'lists-fleet-tracking');
    }
  });

  test('the schedule: the month in view on a laptop, its days as an agenda on a phone', async ({ page }) => {
    await signedIn(page, TRANSPORTER);
    const month = page.getByRole('table', { name: /^Pickups and deliveries, / });
    await show(page, '/trips/schedule?completed=show', LAPTOP, month);
    expect(await columnsOutOfView(month)).toEqual([]);
    expect(await splitPieces(month, NUMBERS)).toEqual([]);
    const cramped = await month.evaluate((table) =>
      Array.from(table.querySelectorAll('li'))
        .filter((chip) => chip.scrollWidth > chip.clientWidth + 0.5)
        .map((chip) => chip.textContent),
    );
    expect(cramped, 'events wider than their day').toEqual([]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, 'lists-schedule');
    await page.setViewportSize(PHONE);
    await page.goto('/trips/schedule?completed=show');
    await waitForQuiet(page);
    await expect(month).toHaveCount(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, 'lists-schedule');
  });

  test('admin: companies', async ({ page }) => {
    await signedIn(page, ADMIN);
    const path = '/admin/companies?status=ALL';
    await show(page, path, LAPTOP, page.getByRole('table', { name: 'Companies' }));
    await expectWholeTable(page, 'Companies');
    await snap(page, 'lists-admin-companies');
    await show(page, path, PHONE, page.getByRole('list', { name: 'Companies' }));
    await expectCards(page, 'Companies', { status: /\w/ });
    await snap(page, 'lists-admin-companies');
  });

  for (const [path, name, shot] of [
    ['/admin/reference/shipping-lines', 'Shipping lines', 'shipping-lines'],
    ['/admin/reference/terminals', 'Terminals', 'terminals'],
  ] as const) {
    test(`reference data: ${name.toLowerCase()}`, async ({ page }) => {
      await signedIn(page, ADMIN);
      await show(page, path, LAPTOP, page.getByRole('table', { name }));
      await expectWholeTable(page, name);
      await snap(page, `lists-reference-${shot}`);
      await show(page, path, PHONE, page.getByRole('list', { name }));
      await expectCards(page, name, { status: /^(Active|Retired)$/ });
      await snap(page, `lists-reference-${shot}`);
    });
  }

  test("reference data: a shipping line's tariffs", async ({ page }) => {
    await signedIn(page, ADMIN);
    await show(
      page,
      '/admin/reference/shipping-lines',
      LAPTOP,
      page.getByRole('table', { name: 'Shipping lines' }),
    );
    await page.getByRole('table', { name: 'Shipping lines' }).getByRole('link').first().click();
    const tariffs = page.getByRole('table', { name: /^Tariffs of / });
    await expect(tariffs).toBeVisible();
    await waitForQuiet(page);
    expect(await columnsOutOfView(tariffs)).toEqual([]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, 'lists-reference-tariffs');
    const path = new URL(page.url()).pathname;
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await expect(page.getByRole('group', { name: '20 FT' })).toBeVisible();
    await waitForQuiet(page);
    await expect(tariffs).toHaveCount(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await snap(page, 'lists-reference-tariffs');
  });
});
