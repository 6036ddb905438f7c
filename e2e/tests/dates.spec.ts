import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { lagosDateInDays } from '@freightlane/domain';
import {
  containerNumber,
  expectNoSeriousAxeViolations,
  settle,
  signIn,
  snap,
  snapViewport,
  waitForQuiet,
} from './support';

/**
 * Issue 30: a browser set to American English (and a New York clock) still shows and reads every date
 * day-first with the month by name, as a Nigerian writes it: 12/01/2026 must never mean 1 December.
 */

/** A date as the fields show it: 1 Dec 2026. */
const DAY_FIRST = /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** YYYY-MM-DD as a Nigerian types it, day first (1/12/2026), and as the field then shows it (1 Dec 2026). */
function typed(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${Number(d)}/${Number(m)}/${y}`;
}
function shown(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
}
function monthHeading(iso: string): string {
  const [y, m] = iso.split('-');
  return `${MONTH_NAMES[Number(m) - 1]} ${y}`;
}

async function americanBrowser(browser: Browser, email: string, width: number): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'America/New_York',
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page.getByRole('button', { name: /Sign out|Open navigation/i }).first()).toBeVisible();
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  return page;
}

/** The date field labelled `label`, and its calendar button (the one beside it). */
function dateField(scope: Page | Locator, label: string): { input: Locator; opener: Locator } {
  const input = scope.getByRole('textbox', { name: label, exact: true });
  const wrapper = scope.locator('.mantine-InputWrapper-root', { has: input });
  return { input, opener: wrapper.getByRole('button', { name: 'Open calendar' }) };
}

/**
 * Opens the field's calendar from the keyboard and checks it: the month by name, weeks from Monday, the
 * day in focus, and all of it on the screen. Leaves it open for a screenshot.
 */
async function openCalendar(page: Page, label: string, month: string): Promise<Locator> {
  const { opener } = dateField(page, label);
  await opener.focus();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: label });
  await expect(calendar.getByRole('button', { name: month, exact: true })).toBeVisible();
  await expect(calendar.getByRole('columnheader')).toHaveText(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
  await expect(calendar.locator('button:focus')).toHaveAttribute('aria-label', /^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await settle(page);
  const box = (await calendar.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x, `the ${label} calendar starts off the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `the ${label} calendar runs off the screen`).toBeLessThanOrEqual(viewport.width);
  return calendar;
}

async function closeCalendar(page: Page, label: string): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: label })).toBeHidden();
  await expect(dateField(page, label).opener).toBeFocused();
}

for (const width of [1280, 375]) {
  test.describe(`dates in an American English browser (${width} px)`, () => {
    test('the report range shows and reads its custom dates day-first', async ({ browser }) => {
      const page = await americanBrowser(browser, 'customer@example.com', width);
      await page.goto('/reports/financial');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForQuiet(page);

      const url = new URL(page.url());
      const from = dateField(page, 'From');
      const to = dateField(page, 'To');
      // The default range as the URL has it, shown day-first.
      await expect(from.input).toHaveValue(DAY_FIRST);
      await expect(to.input).toHaveValue(DAY_FIRST);
      if (url.searchParams.get('from')) {
        await expect(from.input).toHaveValue(shown(url.searchParams.get('from')!));
      }

      // 1/12 is the first of December; 12/1 is the twelfth of January.
      const year = Number(lagosDateInDays(0).slice(0, 4)) - 1;
      await from.input.fill(`12/1/${year}`);
      await to.input.fill(`1 Dec ${year}`);
      await to.input.blur();
      await expect(from.input).toHaveValue(`12 Jan ${year}`);
      await expect(to.input).toHaveValue(`1 Dec ${year}`);
      await page.getByRole('button', { name: 'Show report' }).click();
      await expect(page).toHaveURL(new RegExp(`from=${year}-01-12&to=${year}-12-01`));
      await waitForQuiet(page);
      await settle(page);
      await snap(page, 'dates-report-range');
      await expectNoSeriousAxeViolations(page);

      await openCalendar(page, 'To', `December ${year}`);
      await snapViewport(page, 'dates-report-range-calendar');
      await expectNoSeriousAxeViolations(page);
      // Picking with the keyboard: a week on, the next day.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expect(to.input).toHaveValue(`9 Dec ${year}`);
      await expect(page.getByRole('dialog', { name: 'To' })).toBeHidden();

      await openCalendar(page, 'From', `January ${year}`);
      await closeCalendar(page, 'From');
      await expect(from.input).toHaveValue(`12 Jan ${year}`);
      await page.context().close();
    });

    test('the order wizard’s pickup date is typed and picked day-first', async ({ browser }) => {
      const page = await americanBrowser(browser, 'customer@example.com', width);
      await page.goto('/orders/new');
      await expect(page.getByRole('heading', { name: 'Cargo type', level: 2 })).toBeVisible();
      await page.getByRole('radio', { name: /Import LOC/ }).click();
      await page.getByLabel('Client name').fill('Dates Check Ltd');
      await page.getByRole('button', { name: 'Save and continue' }).click();

      await page.getByLabel('Container number').fill(containerNumber());
      const liner = page.getByRole('textbox', { name: 'Liner' });
      await liner.click();
      await liner.fill('Maersk');
      await page
        .getByRole('option', { name: /^Maersk$/ })
        .first()
        .click();
      const validity = lagosDateInDays(20);
      await page.getByLabel('Delivery order validity date').fill(typed(validity));
      await page.getByLabel('Delivery order validity date').blur();
      await expect(page.getByLabel('Delivery order validity date')).toHaveValue(shown(validity));
      await page.getByRole('button', { name: 'Save and continue' }).click();

      await expect(page.getByRole('heading', { name: 'Pickup', level: 2 })).toBeVisible();
      const pickup = dateField(page, 'Pickup date');
      const day = lagosDateInDays(4);
      await pickup.input.fill(typed(day));
      await pickup.input.blur();
      await expect(pickup.input).toHaveValue(shown(day));
      await pickup.input.scrollIntoViewIfNeeded();
      await settle(page);
      await snap(page, 'dates-order-pickup');
      await expectNoSeriousAxeViolations(page);

      const calendar = await openCalendar(page, 'Pickup date', monthHeading(day));
      await expect(
        calendar.getByRole('button', { name: /^\d{1,2} [A-Z][a-z]+ \d{4}$/ }).first(),
      ).toBeVisible();
      // Days before today cannot be picked up on.
      const yesterday = lagosDateInDays(-1);
      if (yesterday.slice(0, 7) === day.slice(0, 7)) {
        const [y, m, d] = yesterday.split('-');
        await expect(
          calendar.getByRole('button', {
            name: `${Number(d)} ${MONTH_NAMES[Number(m) - 1]} ${y}`,
            exact: true,
          }),
        ).toBeDisabled();
      }
      await snapViewport(page, 'dates-order-pickup-calendar');
      await expectNoSeriousAxeViolations(page);
      await closeCalendar(page, 'Pickup date');
      await expect(pickup.input).toHaveValue(shown(day));
      await page.context().close();
    });

    test('the audit log’s date filters are day-first', async ({ browser }) => {
      const page = await americanBrowser(browser, 'admin@example.com', width);
      await page.goto('/admin/audit-log');
      await expect(page.getByRole('heading', { level: 1, name: /Audit log/ })).toBeVisible();
      await waitForQuiet(page);

      const from = dateField(page, 'From');
      const to = dateField(page, 'To');
      const start = lagosDateInDays(-30);
      const end = lagosDateInDays(0);
      await from.input.fill(typed(start));
      await to.input.fill(shown(end));
      await to.input.blur();
      await expect(from.input).toHaveValue(shown(start));
      await expect(to.input).toHaveValue(shown(end));
      await expect(page).toHaveURL(new RegExp(`from=${start}&to=${end}`));
      await waitForQuiet(page);
      await settle(page);
      await snap(page, 'dates-audit-log');
      await expectNoSeriousAxeViolations(page);

      await openCalendar(page, 'From', monthHeading(start));
      await snapViewport(page, 'dates-audit-log-calendar');
      await expectNoSeriousAxeViolations(page);
      await closeCalendar(page, 'From');

      // A month before the day cannot be read as a day before the month.
      await from.input.fill('31/12/2025');
      await from.input.blur();
      await expect(from.input).toHaveValue('31 Dec 2025');
      await expect(page).toHaveURL(/from=2025-12-31/);
      await page.context().close();
    });
  });
}
