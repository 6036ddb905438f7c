import { expect, test, type APIRequestContext } from '@playwright/test';
import type {
  DriverPhoneLink,
  Page as ApiPage,
  TripDetail,
  TripMoney,
  TripSummary,
} from '@freightlane/domain';
import { apiCall, apiToken, expectNoSeriousAxeViolations, signIn, snap } from './support';

const TRANSPORTER = 'transporter@example.com';

/** A trip of the demo transporter with a driver and no truck tracker: only the driver's phone acts on it. */
async function tripWithADriver(request: APIRequestContext, token: string): Promise<TripDetail> {
  const trips = await apiCall<ApiPage<TripSummary>>(
    request,
    token,
    'GET',
    '/api/v1/trips?started=false&completed=false&size=50',
  );
  // From the end of the list: the driver-phone journey takes the first such trip.
  for (const trip of [...trips.content].reverse()) {
    if (trip.cancelled) continue;
    const detail = await apiCall<TripDetail>(request, token, 'GET', `/api/v1/trips/${trip.id}`);
    if (detail.resources.driver) return detail;
  }
  throw new Error('The demo seed has no trip with a driver waiting to start');
}

test('a driver records diesel offline with a receipt photo, it arrives once, and the owner’s approval moves the profit', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request, TRANSPORTER);
  const trip = await tripWithADriver(request, token);
  const driver = trip.resources.driver!;
  const link = await apiCall<DriverPhoneLink>(
    request,
    token,
    'POST',
    `/api/v1/fleet/drivers/${driver.id}/phone-link`,
  );

  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  const driverPage = await phone.newPage();
  // A real photo, as a phone camera gives one: a JPEG drawn by the browser.
  const receipt = Buffer.from(
    (
      await driverPage.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 320;
        canvas.height = 480;
        const g = canvas.getContext('2d')!;
        g.fillStyle = '#fff';
        g.fillRect(0, 0, 320, 480);
        g.fillStyle = '#000';
        g.font = '24px sans-serif';
        g.fillText('DIESEL 150 L', 40, 100);
        g.fillText('N187,500.00', 40, 160);
        return canvas.toDataURL('image/jpeg', 0.8);
      })
    ).split(',')[1]!,
    'base64',
  );

  await test.step('offline, the driver records diesel with the receipt photo; it waits on the phone', async () => {
    await driverPage.goto(new URL(link.url).pathname);
    const money = driverPage.getByRole('region', { name: 'Money for the road' });
    await expect(money).toBeVisible();
    await driverPage.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await phone.setOffline(true);
    const form = driverPage.getByRole('region', { name: 'Record money spent' });
    await form.getByLabel('Spent on').selectOption({ label: 'Diesel' });
    await form.getByLabel('Litres').fill('150');
    await form.getByLabel('Price a litre (₦)').fill('1250');
    await expect(form.getByText('Total: ₦187,500.00')).toBeVisible();
    await form.getByLabel('Photo of the receipt (optional)').setInputFiles({
      name: 'receipt.jpg',
      mimeType: 'image/jpeg',
      buffer: receipt,
    });
    await expect(form.getByText('Receipt photo ready · change')).toBeVisible();
    await form.getByRole('button', { name: 'Record expense' }).click();
    await expect(driverPage.getByText('1 waiting to be sent: Expense: Diesel')).toBeVisible();
    await snap(driverPage, 'driver-expense-offline');
    await expectNoSeriousAxeViolations(driverPage);
  });

  await test.step('back online, it is recorded once, waiting for review, with its receipt', async () => {
    await phone.setOffline(false);
    await expect(driverPage.getByText('Expense recorded: Diesel')).toBeVisible({ timeout: 40_000 });
    await expect(driverPage.getByText(/waiting to be sent/)).toHaveCount(0);
    const money = driverPage.getByRole('region', { name: 'Money for the road' });
    await expect(money.getByText('Diesel: ₦187,500.00')).toBeVisible();
    await expect(money.getByText('Waiting for review').first()).toBeVisible();
    // The timer's next round finds nothing to send again.
    await driverPage.waitForTimeout(1_000);
    const account = await apiCall<TripMoney>(request, token, 'GET', `/api/v1/trips/${trip.id}/money`);
    expect(account.expenses).toHaveLength(1);
    expect(account.expenses[0]).toMatchObject({
      kind: 'DIESEL',
      litres: 150,
      amountKobo: 18_750_000,
      status: 'PENDING',
      fromDriver: true,
      receipt: { contentType: 'image/jpeg' },
    });
    await snap(driverPage, 'driver-expense');
    await driverPage.setViewportSize({ width: 1280, height: 900 });
    await snap(driverPage, 'driver-expense');
  });

  const office = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await office.newPage();
  await test.step('the owner approves it on the trip page, and the trip’s profit drops by its amount', async () => {
    const before = await apiCall<TripMoney>(request, token, 'GET', `/api/v1/trips/${trip.id}/money`);
    await signIn(owner, TRANSPORTER);
    await expect(owner.getByRole('button', { name: /Sign Out|Open navigation/ }).first()).toBeVisible();
    await owner.goto(`/trips/${trip.id}`);
    const card = owner.getByRole('region', { name: 'Trip cash' });
    const profit = card.getByRole('region', { name: 'Profit' });
    await expect(profit.getByText(formatNaira(before.profit.profitKobo), { exact: true })).toBeVisible();
    const expense = card.getByRole('listitem', { name: 'Diesel: ₦187,500.00' });
    await expect(expense.getByText('Waiting for review')).toBeVisible();
    await expect(expense.getByRole('button', { name: /Download the receipt/ })).toBeVisible();
    await snap(owner, 'trip-cash');
    await expense.getByRole('button', { name: 'Approve' }).click();
    await expect(owner.getByText('Diesel of ₦187,500.00 is approved.')).toBeVisible();
    await expect(expense.getByText('Approved', { exact: true })).toBeVisible();
    await expect(
      profit.getByText(formatNaira(before.profit.profitKobo - 18_750_000), { exact: true }),
    ).toBeVisible();
    await expect(card.getByText('You owe the driver ₦187,500.00')).toBeVisible();
    await snap(owner, 'trip-cash');
    await expectNoSeriousAxeViolations(owner);
    await owner.setViewportSize({ width: 375, height: 812 });
    await snap(owner, 'trip-cash');
  });

  await test.step('the driver’s running balance shows on the fleet’s driver page', async () => {
    await owner.setViewportSize({ width: 1280, height: 900 });
    await owner.goto(`/fleet/drivers/${driver.id}`);
    const balance = owner.getByRole('region', { name: 'Cash with this driver' });
    await expect(balance.getByText(`You owe ${driver.name} ₦187,500.00`)).toBeVisible();
    await expect(balance.getByRole('link', { name: trip.tripNumber })).toBeVisible();
    await snap(owner, 'driver-balance');
    await owner.setViewportSize({ width: 375, height: 812 });
    await snap(owner, 'driver-balance');
  });

  await office.close();
  await phone.close();
});

/** As the app writes money: ₦ and two decimals, thousands grouped. */
function formatNaira(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}₦${Math.floor(abs / 100).toLocaleString('en-NG')}.${String(abs % 100).padStart(2, '0')}`;
}
