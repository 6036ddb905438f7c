import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ReturnLoadsPage } from '@freightlane/domain';
import {
  apiCall,
  apiToken,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  openOrder,
  signedInPage,
  snap,
  waitForQuiet,
} from './support';

const TRANSPORTER = 'transporter@example.com';
const CUSTOMER = 'customer@example.com';

/** The demo transporter's live trip whose matches hold `orderId`, looked for over every page. */
async function tripMatching(request: APIRequestContext, token: string, orderId: string) {
  for (let page = 0; page < 10; page++) {
    const answer = await apiCall<ReturnLoadsPage>(request, token, 'GET', `/api/v1/return-loads?page=${page}`);
    const trip = answer.content.find((t) => t.matches.some((m) => m.orderId === orderId));
    if (trip) return trip;
    if (page + 1 >= answer.totalPages) break;
  }
  throw new Error('No truck of the demo transporter delivers near the new order');
}

test.describe('return loads', () => {
  test('a customer welcomes return loads; a transporter finds the order from its trip page and bids on it', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const customerToken = await apiToken(request, CUSTOMER);
    const transporterToken = await apiToken(request, TRANSPORTER);
    // An order from Apapa to Ikeja, where the demo transporter's trucks deliver, picked up in three days.
    const order = await openOrder(request, customerToken);

    // The customer marks it on the order page and sees how many trucks will be free near the pickup.
    const customer = await signedInPage(browser, CUSTOMER, 1280);
    await customer.goto(`/orders/${order.id}`);
    // The box follows the saved order: it is ticked once the API has answered.
    const welcome = customer.getByRole('checkbox', { name: /Return loads welcome/ });
    await welcome.click();
    await expect(welcome).toBeChecked();
    await expect(customer.getByText(`Order ${order.orderNumber} now welcomes return loads.`)).toBeVisible();
    await expect(customer.getByText(/trucks? expected near the pickup before/)).toBeVisible();
    await waitForQuiet(customer);
    await snap(customer, 'return-loads-order');
    await customer.context().close();

    const trip = await tripMatching(request, transporterToken, order.id);
    for (const width of [375, 1280]) {
      const page = await signedInPage(browser, TRANSPORTER, width);
      await page.goto('/return-loads');
      await expect(page.getByRole('heading', { name: 'Return loads', level: 1 })).toBeVisible();
      await expect(page.getByText(order.orderNumber).first()).toBeVisible();
      await waitForQuiet(page);
      await snap(page, 'return-loads-page');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);

      // From the trip page: the order is among its truck's return loads, welcoming ones first.
      await page.goto(`/trips/${trip.tripId}`);
      const section = page.getByRole('region', { name: 'Return loads' });
      await expect(section.getByRole('link', { name: order.orderNumber })).toBeVisible();
      await expect(section.getByText('Return loads welcome').first()).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await waitForQuiet(page);
      await snap(page, 'trip-return-loads');
      await expectNoSeriousAxeViolations(page);
      if (width === 375) {
        await page.context().close();
        continue;
      }

      await section.getByRole('link', { name: order.orderNumber }).click();
      await expect(page).toHaveURL(new RegExp(`/bids/orders/${order.id}`));
      await page.getByLabel('Price per container').fill('380,000');
      await page.getByLabel('Trucks you can commit').fill('1');
      await page.getByLabel('Note').fill(`Truck free at Ikeja after trip ${trip.tripNumber}.`);
      await page.getByRole('button', { name: 'Place bid' }).click();
      await expect(page.getByRole('button', { name: 'Revise bid' })).toBeVisible();

      await page.goto(`/trips/${trip.tripId}#return-loads`);
      const again = page.getByRole('region', { name: 'Return loads' });
      await expect(again.getByText('You bid').first()).toBeVisible();
      await page.context().close();
    }

    // The customer reads the bid on its order.
    const back = await signedInPage(browser, CUSTOMER, 375);
    await back.goto(`/orders/${order.id}`);
    await expect(back.getByText('₦380,000.00').first()).toBeVisible();
    await back.context().close();
  });
});
