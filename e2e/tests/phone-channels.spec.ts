import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  formatMoney,
  formatNigerianPhone,
  type MessageSpend,
  type Page as ApiPage,
  type ProfileResponse,
  type TripSummary,
} from '@freightlane/domain';
import { publicWordsOf, type PublicKey } from '@freightlane/domain/i18n';
import { apiCall, apiToken, expectNoSeriousAxeViolations, settle, signedInPage, snap } from './support';

const CUSTOMER = 'customer@example.com';
const TRANSPORTER = 'transporter@example.com';
/** A demo customer whose phone number is not verified yet (the seed's demo-phones.ts). */
const UNVERIFIED = 'unverified.customer@example.com';
const NOT_VERIFIED_NOTE = 'SMS and WhatsApp need a verified phone number';

/**
 * A Nigerian mobile number nobody has, E.164. The simulators treat numbers ending in 0000, 1111 and 9999 as
 * undelivered, on the DND list and refused: those are left out.
 */
function freshPhone(): string {
  for (;;) {
    const number = `+234803${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    if (!/(0000|1111|9999)$/.test(number)) return number;
  }
}

/** The text messages the simulated gateway delivered to `phone`, as /dev/sms lists them. */
function smsInbox(page: Page, phone: string) {
  return page.goto(`/dev/sms?${new URLSearchParams({ phone }).toString()}`);
}

/** A trip of the demo customer that Eko Haulage is driving now: started, not finished. */
async function liveTripOfCustomer(request: APIRequestContext, token: string): Promise<TripSummary> {
  const trips = await apiCall<ApiPage<TripSummary>>(
    request,
    token,
    'GET',
    '/api/v1/trips?started=true&completed=false&size=50',
  );
  const trip = trips.content.find(
    (t) => !t.cancelled && t.latestTripStatus !== null && t.transporterName === 'Eko Haulage Ltd',
  );
  if (!trip) throw new Error('The demo seed has no trip under way between the customer and Eko Haulage');
  return trip;
}

test.describe('phones', () => {
  test('a customer verifies the phone number with the code from the SMS, and the SMS and WhatsApp note goes', async ({
    browser,
    request,
  }) => {
    // A number of its own, saved as the person would on the profile: unverified however often the test runs.
    const token = await apiToken(request, UNVERIFIED);
    const me = await apiCall<ProfileResponse>(request, token, 'GET', '/api/v1/user/me');
    const phone = freshPhone();
    await apiCall(request, token, 'PUT', '/api/v1/user/me', {
      firstName: me.data.firstName,
      lastName: me.data.lastName,
      phoneNumber: phone,
    });

    const page = await signedInPage(browser, UNVERIFIED, 375);
    await page.goto('/settings/notifications');
    await expect(page.getByText(NOT_VERIFIED_NOTE)).toBeVisible();

    await page.goto('/profile');
    await expect(page.getByText(formatNigerianPhone(phone), { exact: true })).toBeVisible();
    await expect(page.getByText('Not verified', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(
      page.getByText(`We sent a 6-digit code to ${formatNigerianPhone(phone)}.`, { exact: false }),
    ).toBeVisible();

    // The person reads the code on the phone: here, the simulated gateway's inbox in another tab.
    const inbox = await page.context().newPage();
    await smsInbox(inbox, phone);
    const codeSms = inbox.getByRole('listitem').filter({ hasText: 'is your Freightlane code' });
    await expect(codeSms).toHaveCount(1, { timeout: 20_000 });
    await snap(inbox, 'sms-verification-code');
    const words = await codeSms.getByText(/is your Freightlane code/).textContent();
    const code = /^(\d{6}) is your Freightlane code\./.exec(words ?? '')?.[1];
    expect(code, 'a 6-digit code in the SMS').toBeTruthy();
    await inbox.close();

    await page.getByLabel('6-digit code').fill(code!);
    await page.getByRole('button', { name: 'Check code' }).click();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByText('Not verified', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Verify' })).toHaveCount(0);
    await settle(page);
    await snap(page, 'phone-verified');
    await expectNoSeriousAxeViolations(page);

    await page.goto('/settings/notifications');
    await expect(page.getByRole('switch', { name: 'Bids received on your orders: SMS' })).toBeVisible();
    await expect(page.getByText(NOT_VERIFIED_NOTE)).toHaveCount(0);
    await page.context().close();
  });

  test('a customer turns on SMS for notes on trips, and the note the transporter writes arrives by SMS', async ({
    browser,
    request,
  }) => {
    const customer = await apiToken(request, CUSTOMER);
    const transporter = await apiToken(request, TRANSPORTER);
    const me = await apiCall<ProfileResponse>(request, customer, 'GET', '/api/v1/user/me');
    expect(me.data.phoneVerifiedAt, 'the demo customer’s number is verified').not.toBeNull();
    // Off to start with, as it is for everyone until they choose (and again when the test runs twice).
    await apiCall(request, customer, 'PUT', '/api/v1/notifications/preferences', {
      preferences: [{ kind: 'NOTE_ADDED', channel: 'SMS', enabled: false }],
    });

    const page = await signedInPage(browser, CUSTOMER, 375);
    await page.goto('/settings/notifications');
    const sms = page.getByRole('switch', { name: 'Notes added to trips: SMS' });
    await expect(sms).not.toBeChecked();
    await sms.focus();
    await page.keyboard.press('Space');
    await expect(sms).toBeChecked();
    await expect
      .poll(async () => {
        const now = await apiCall<{ preferences: { kind: string; channel: string; enabled: boolean }[] }>(
          request,
          customer,
          'GET',
          '/api/v1/notifications/preferences',
        );
        return now.preferences.find((p) => p.kind === 'NOTE_ADDED' && p.channel === 'SMS')?.enabled;
      })
      .toBe(true);
    await sms.scrollIntoViewIfNeeded();
    await snap(page, 'notification-settings-sms');

    const trip = await liveTripOfCustomer(request, customer);
    const note = `Gate pass ${randomInt(10_000, 99_999)} collected at the terminal`;
    await apiCall(request, transporter, 'PATCH', `/api/v1/trips/${trip.id}`, { note }, 200);

    await smsInbox(page, me.data.phoneNumber);
    const arrived = page.getByRole('listitem').filter({ hasText: note });
    await expect(arrived).toBeVisible({ timeout: 20_000 });
    await expect(arrived).toContainText(`Freightlane: ${trip.tripNumber}: note from the transporter.`);
    await expect(arrived).toContainText(`/trips/${trip.id}`);
    await snap(page, 'sms-notification');
    await expectNoSeriousAxeViolations(page);
    await page.context().close();
  });

  test('a phone writes a tracking id on WhatsApp and gets the trip’s stage back', async ({
    browser,
    request,
  }) => {
    const customer = await apiToken(request, CUSTOMER);
    const trip = await liveTripOfCustomer(request, customer);
    const stage = publicWordsOf('en-NG').t(`status.${trip.latestTripStatus!.tripStatus}` as PublicKey);
    const phone = freshPhone();

    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`/dev/whatsapp?${new URLSearchParams({ phone }).toString()}`);
    await page.getByLabel(`Write to the platform as ${formatNigerianPhone(phone)}`).fill(trip.trackingId);
    await page.getByRole('button', { name: 'Send from this phone' }).click();

    await expect(
      page.getByRole('listitem').filter({ hasText: 'The phone wrote' }).filter({ hasText: trip.trackingId }),
    ).toBeVisible();
    const answer = page
      .getByRole('listitem')
      .filter({ hasText: 'Free-form text' })
      .filter({ hasText: `Freightlane: trip ${trip.tripNumber}` });
    await expect(answer).toBeVisible({ timeout: 20_000 });
    await expect(answer).toContainText(`Stage: ${stage}`);
    await snap(page, 'whatsapp-trip-lookup');
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, 'whatsapp-trip-lookup');
    await context.close();
  });

  test("the transporter's company page shows this month's SMS and WhatsApp spend", async ({
    browser,
    request,
  }) => {
    const token = await apiToken(request, TRANSPORTER);
    // The company pays for a code texted to its driver: this month's spend is more than nothing.
    const drivers = await apiCall<ApiPage<{ id: string; firstName: string; lastName: string }>>(
      request,
      token,
      'GET',
      '/api/v1/fleet/drivers?q=Iorliam',
    );
    const terver = drivers.content.find((d) => d.firstName === 'Terver');
    expect(terver, 'the demo driver whose number is not verified').toBeTruthy();
    const sent = await request.post(`/api/v1/fleet/drivers/${terver!.id}/phone-verification`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // 429: a code went less than a minute ago (the test's first run), and was paid for then.
    expect([200, 429], await sent.text()).toContain(sent.status());
    await expect
      .poll(
        async () =>
          (await apiCall<MessageSpend>(request, token, 'GET', '/api/v1/company/message-spend')).spentKobo,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);

    const thisMonth = new Intl.DateTimeFormat('en-GB', {
      month: 'short',
      year: 'numeric',
      timeZone: 'Africa/Lagos',
    }).format(new Date());
    for (const width of [1280, 375]) {
      const page = await signedInPage(browser, TRANSPORTER, width);
      await page.goto('/company');
      const card = page.getByRole('region', { name: 'SMS and WhatsApp spend' });
      await expect(card.getByText(thisMonth, { exact: true })).toBeVisible();
      const spend = await apiCall<MessageSpend>(request, token, 'GET', '/api/v1/company/message-spend');
      const spent = formatMoney(spend.spentKobo);
      const cap = formatMoney(spend.capKobo);
      // The month's figure comes first; the SMS row below repeats it while SMS is all the month's spend.
      await expect(card.getByText(spent, { exact: true }).first()).toBeVisible();
      await expect(card.getByText(`of ${cap} this month`)).toBeVisible();
      const smsRow = card.getByRole('table', { name: 'Spend by channel this month' }).getByRole('row', {
        name: /^SMS /,
      });
      const smsSpend = spend.channels.find((c) => c.channel === 'SMS')!;
      expect(smsSpend.messages).toBeGreaterThan(0);
      await expect(smsRow).toContainText(formatMoney(smsSpend.spentKobo));
      await card.scrollIntoViewIfNeeded();
      await snap(page, 'message-spend');
      await page.context().close();
    }
  });
});
