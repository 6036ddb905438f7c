import { expect, test } from '@playwright/test';
import {
  apiCall,
  apiToken,
  expectNoSeriousAxeViolations,
  openOrder,
  settle,
  signedInPage,
  snap,
  waitForMail,
} from './support';

const CUSTOMER = 'customer@example.com';
const TRANSPORTER = 'transporter@example.com';

test.describe('notifications', () => {
  for (const width of [1280, 375]) {
    test(`a transporter sees the notification of a won bid appear while the page is open (${width} px)`, async ({
      browser,
      request,
    }) => {
      const customer = await apiToken(request, CUSTOMER);
      const transporter = await apiToken(request, TRANSPORTER);
      const order = await openOrder(request, customer);
      const bid = await apiCall<{ id: string }>(request, transporter, 'POST', '/api/v1/bids', {
        orderId: order.id,
        amountKobo: 41_000_000,
        trucksAvailable: 1,
      });

      const page = await signedInPage(browser, TRANSPORTER, width);
      // The stream answers once it has noted the notifications already there; from then on each new one
      // arrives as an event. The page is left as it is from here on.
      const streamOpen = page.waitForResponse(
        (r) => r.url().endsWith('/api/v1/notifications/events') && r.status() === 200,
      );
      await page.reload();
      await streamOpen;
      const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
      await expect(bell).toBeVisible();
      const unread = async () =>
        Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
      await expect.poll(unread).toBeGreaterThanOrEqual(0);
      const before = await unread();

      await apiCall(
        request,
        customer,
        'POST',
        `/api/v1/orders/${order.id}/award`,
        { allocations: [{ bidId: bid.id, itemIds: order.items.map((i) => i.id) }] },
        200,
      );
      const title = `${order.orderNumber}: you won 1 container`;

      // No reload: the count and a notice arrive over the open stream.
      await expect.poll(unread, { timeout: 20_000 }).toBeGreaterThan(before);
      await expect(page.getByText(title).first()).toBeVisible({ timeout: 20_000 });

      const shown = await unread();
      await bell.click();
      const popover = page.getByRole('dialog');
      await expect(popover.getByText(title)).toBeVisible();
      await settle(page);
      await snap(page, 'notifications-bell');
      await expectNoSeriousAxeViolations(page);
      await popover.getByText(title).click();
      await expect(page).toHaveURL(/\/bids\/won/);
      // Opening it marked it read.
      await expect.poll(unread).toBe(shown - 1);
      await page.context().close();
    });
  }

  test("the customer's e-mail arrives over SMTP, and its unsubscribe link turns that e-mail off", async ({
    browser,
    request,
  }) => {
    const customer = await apiToken(request, CUSTOMER);
    const transporter = await apiToken(request, TRANSPORTER);
    const order = await openOrder(request, customer);
    await apiCall(request, transporter, 'POST', '/api/v1/bids', {
      orderId: order.id,
      amountKobo: 42_000_000,
      trucksAvailable: 2,
    });

    const mail = await waitForMail(request, CUSTOMER, `${order.orderNumber}: new bid from Eko Haulage Ltd`);
    expect(mail.text).toContain('₦420,000.00 per container');
    expect(mail.html).toContain('Unsubscribe from these e-mails');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/api\/v1\/notifications\/unsubscribe\?token=/,
    );
    const link = mail.links.find((l) => l.includes('/unsubscribe?token='));
    expect(link).toBeTruthy();

    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(link!);
      await expect(page.getByText('You have successfully unsubscribed from an email service.')).toBeVisible();
      await expect(
        page.getByText('You will no longer get e-mails about: Bids received on your orders.'),
      ).toBeVisible();
      await snap(page, 'unsubscribe');
      await expectNoSeriousAxeViolations(page);
      await context.close();
    }

    const settings = await apiCall<{ preferences: { kind: string; channel: string; enabled: boolean }[] }>(
      request,
      customer,
      'GET',
      '/api/v1/notifications/preferences',
    );
    expect(settings.preferences).toContainEqual({ kind: 'BID_RECEIVED', channel: 'EMAIL', enabled: false });

    // The settings page shows it off, and turning it back on works from there.
    const page = await signedInPage(browser, CUSTOMER);
    await page.goto('/settings/notifications');
    const emailSwitch = page.getByRole('switch', { name: /Bids received on your orders.*E-mail/ });
    await expect(emailSwitch).not.toBeChecked();
    // By keyboard, as a person tabbing through the settings would.
    await emailSwitch.focus();
    await page.keyboard.press('Space');
    await expect(emailSwitch).toBeChecked();
    await expect
      .poll(async () => {
        const now = await apiCall<{ preferences: { kind: string; channel: string; enabled: boolean }[] }>(
          request,
          customer,
          'GET',
          '/api/v1/notifications/preferences',
        );
        return now.preferences.find((p) => p.kind === 'BID_RECEIVED' && p.channel === 'EMAIL')?.enabled;
      })
      .toBe(true);
    await snap(page, 'notification-settings');
    await expectNoSeriousAxeViolations(page);
    await page.context().close();
  });
});
