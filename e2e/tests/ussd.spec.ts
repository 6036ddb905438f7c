import { expect, test, type Page } from '@playwright/test';
import {
  TIMELINE_STEPS,
  USSD_DEMO_DRIVER,
  type Page as ApiPage,
  type TripDetail,
  type TripStatus,
  type TripSummary,
} from '@freightlane/domain';
import { createTranslator, DRIVER_CATALOG } from '@freightlane/domain/i18n';
import { apiCall, apiToken, expectNoSeriousAxeViolations, signedInPage, snap } from './support';

const TRANSPORTER = 'transporter@example.com';
/** The demo driver on a basic phone (README): Eko Haulage's Rabiu Dogonyaro, who reads Hausa. */
const DRIVER_BY = 'By Rabiu Dogonyaro, driver (Eko Haulage Ltd)';
/** The demo driver's number as a Nigerian types it: the simulator reports it to the callback as +2348020002580. */
const TYPED_NUMBER = '0802 000 2580';
const HAUSA_MENU =
  '1. Tafiyata\n2. Mataki na gaba\n3. Faɗi matsala\n4. Harshe\n5. Kuɗin da na kashe\n0. Fita';
const hausaStep = (status: TripStatus) => createTranslator('ha', DRIVER_CATALOG)(`status.${status}`);

/** The handset of /dev/ussd: its screen, and each answer typed and sent as a basic phone does. */
function handset(page: Page) {
  const screen = page.getByRole('status', { name: 'Phone screen' });
  return {
    screen,
    async dial() {
      await page.getByRole('button', { name: /^Dial \*[\d*]+#( again)?$/ }).click();
      await expect(screen).toHaveText('Freightlane. Sannu Rabiu, saka PIN ɗinka mai lambobi 4:');
    },
    async reply(answer: string) {
      await page.getByLabel('Reply').fill(answer);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
    },
  };
}

test('a driver on a basic phone reads his trip and records its next step by USSD in Hausa, and the transporter sees it', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  const page = await context.newPage();
  const phone = handset(page);

  let tripNumber = '';
  await test.step('the driver dials in, gives his PIN, and reads his trip on the Hausa menu', async () => {
    await page.goto('/dev/ussd');
    await page.getByLabel(/Phone number/).fill(TYPED_NUMBER);
    await phone.dial();
    await phone.reply(USSD_DEMO_DRIVER.pin);
    await expect(phone.screen).toHaveText(HAUSA_MENU);
    await snap(page, 'ussd-menu');
    await phone.reply('1');
    await expect(phone.screen).toContainText(/^Tafiya TRP-\d{4}-\d{6}\s/);
    tripNumber = /TRP-\d{4}-\d{6}/.exec((await phone.screen.textContent()) ?? '')![0];
    await expect(page.getByText('Session ended.')).toBeVisible();
    await expect(page.getByLabel('Reply')).toHaveCount(0);
    await snap(page, 'ussd-my-trip');
  });

  const token = await apiToken(request, TRANSPORTER);
  const found = await apiCall<ApiPage<TripSummary>>(
    request,
    token,
    'GET',
    `/api/v1/trips?q=${encodeURIComponent(tripNumber)}`,
  );
  const summary = found.content.find((t) => t.tripNumber === tripNumber);
  expect(summary, `the transporter's trip ${tripNumber}`).toBeTruthy();
  const before = await apiCall<TripDetail>(request, token, 'GET', `/api/v1/trips/${summary!.id}`);
  expect(before.latestTripStatus, 'the demo driver’s trip is under way').not.toBeNull();
  await expect(phone.screen).toContainText(`Matsayi: ${hausaStep(before.latestTripStatus!.tripStatus)}`);
  const next = before.allowedNextStatuses[0];
  // Delivered asks for the consignee's handover code instead of "Record it": a step before it is meant.
  expect(next && next !== 'DELIVERED', `the next step of ${tripNumber} is ${next}`).toBeTruthy();
  const step = hausaStep(next!);

  await test.step('a new session: Next step, Record it, and the phone says it was recorded', async () => {
    await phone.dial();
    await phone.reply(USSD_DEMO_DRIVER.pin);
    await expect(phone.screen).toHaveText(HAUSA_MENU);
    await phone.reply('2');
    await expect(phone.screen).toHaveText(`Mataki na gaba: ${step}\n1. Rubuta shi\n0. Soke`);
    await phone.reply('1');
    await expect(phone.screen).toHaveText(`An rubuta: ${step}. Na gode!`);
    await expect(page.getByText('Session ended.')).toBeVisible();
    await snap(page, 'ussd-recorded');
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, 'ussd-recorded');
  });
  await context.close();

  await test.step('the transporter opens the trip and sees the step, recorded by the driver', async () => {
    const office = await signedInPage(browser, TRANSPORTER);
    await office.goto(`/trips/${before.id}`);
    const label = TIMELINE_STEPS.find((s) => s.statuses.includes(next!))!.label;
    const recorded = office.getByRole('listitem', { name: `${label}: done` });
    await expect(recorded).toBeVisible();
    await expect(recorded).toHaveAttribute('aria-current', 'step');
    await expect(recorded).toContainText(DRIVER_BY);
    await recorded.scrollIntoViewIfNeeded();
    await snap(office, 'ussd-trip-recorded');
    await office.context().close();
  });
});
