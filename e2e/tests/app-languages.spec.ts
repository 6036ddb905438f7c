import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall, apiToken, expectNoSeriousAxeViolations, signedInPage, snap, waitForQuiet } from './support';

// The signed-in app in Pidgin (issue 32, decision 030): a person chooses Pidgin on the profile page and
// every screen they open speaks it, at 375 px and at 1280 px, without a word running off the screen.

const TRANSPORTER = 'transporter@example.com';
const CUSTOMER = 'customer@example.com';

async function setLanguage(request: APIRequestContext, email: string, language: string): Promise<void> {
  const token = await apiToken(request, email);
  const me = await apiCall<{ data: { firstName: string; lastName: string; phoneNumber: string } }>(
    request,
    token,
    'GET',
    '/api/v1/user/me',
  );
  const { firstName, lastName, phoneNumber } = me.data;
  await apiCall(request, token, 'PUT', '/api/v1/user/me', { firstName, lastName, phoneNumber, language });
}

/** Nothing wider than the screen: a long Pidgin word or button must wrap, not push the page sideways. */
async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return document.documentElement.scrollWidth - width;
  });
  expect(overflow, `${name} is wider than the screen by ${overflow} px`).toBeLessThanOrEqual(0);
}

async function visit(page: Page, path: string, name: string, heading: RegExp | string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  await waitForQuiet(page);
  await snap(page, `app-pidgin-${name}`);
  await expectNoSidewaysScroll(page, name);
}

test.describe('the signed-in app in Pidgin', () => {
  test.afterAll(async ({ request }) => {
    // The demo people speak English to every other journey.
    await setLanguage(request, TRANSPORTER, 'en-NG');
    await setLanguage(request, CUSTOMER, 'en-NG');
  });

  test('a transporter chooses Pidgin on the profile page and the app speaks it', async ({ browser }) => {
    const page = await signedInPage(browser, TRANSPORTER, 1280);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Pidgin' }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    // The page changes language as soon as the profile is saved: no reload, no sign-in again.
    await expect(page.getByRole('button', { name: 'Comot' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wahala for road' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pcm');
    await expectNoSeriousAxeViolations(page);

    // A new visit on this browser starts in Pidgin, before the profile has even loaded.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Comot' })).toBeVisible();
    await page.context().close();
  });

  for (const width of [375, 1280]) {
    test(`a transporter's screens in Pidgin at ${width} px`, async ({ browser, request }) => {
      // Seven screens, each waited on, photographed and checked for sideways scrolling.
      test.setTimeout(120_000);
      await setLanguage(request, TRANSPORTER, 'pcm');
      const page = await signedInPage(browser, TRANSPORTER, width);
      await expect(page.locator('html')).toHaveAttribute('lang', 'pcm');
      await expect(page.getByRole('link', { name: 'Wahala for road', includeHidden: true })).toBeAttached();
      await visit(page, '/trips', 'trips', 'Trips');
      await page.getByRole('link', { name: /^TRP-/ }).first().click();
      await expect(page.getByRole('heading', { name: /TRP-/ }).first()).toBeVisible();
      await waitForQuiet(page);
      await snap(page, 'app-pidgin-trip');
      await expectNoSidewaysScroll(page, 'trip');
      await expectNoSeriousAxeViolations(page);
      await visit(page, '/fleet/trucks', 'trucks', /Fleet|Trucks/);
      await visit(page, '/bids', 'bids', /bids/i);
      await visit(page, '/payments', 'payments', /Payments/);
      await visit(page, '/reports', 'reports', /Reports/);
      await visit(page, '/profile', 'profile', 'Your profile');
      await page.context().close();
    });

    test(`a customer's screens in Pidgin at ${width} px`, async ({ browser, request }) => {
      test.setTimeout(120_000);
      await setLanguage(request, CUSTOMER, 'pcm');
      const page = await signedInPage(browser, CUSTOMER, width);
      await expect(
        page.getByRole('link', { name: 'Containers wey fit cost you', includeHidden: true }),
      ).toBeAttached();
      await visit(page, '/home', 'customer-home', /.+/);
      await visit(page, '/orders', 'orders', 'Orders');
      await visit(page, '/orders/new', 'new-order', /order/i);
      await visit(page, '/containers/at-risk', 'containers-at-risk', /.+/);
      await visit(page, '/settings/notifications', 'notification-settings', /Notifications|notification/i);
      await expectNoSeriousAxeViolations(page);
      await page.context().close();
    });
  }
});
