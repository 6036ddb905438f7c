import { expect, test, type APIRequestContext } from '@playwright/test';
import type { TripRatings } from '@freightlane/domain';
import {
  apiCall,
  apiToken,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  signedInPage,
  snap,
  waitForQuiet,
} from './support';

const TRANSPORTER = 'transporter@example.com';
const CUSTOMER = 'customer@example.com';
const ADMIN = 'admin@example.com';

interface TripRow {
  id: string;
  tripNumber: string;
  customerName?: string;
}

/** A delivered demo trip of the demo transporter that neither side has rated yet. */
async function unratedDeliveredTrip(request: APIRequestContext): Promise<TripRow> {
  const transporter = await apiToken(request, TRANSPORTER);
  const customer = await apiToken(request, CUSTOMER);
  const page = await apiCall<{ content: TripRow[] }>(request, transporter, 'GET', '/api/v1/trips?size=100');
  for (const trip of page.content) {
    const mine = await apiCall<TripRatings>(request, transporter, 'GET', `/api/v1/trips/${trip.id}/ratings`);
    if (!mine.canRate || mine.theirsGiven) continue;
    const res = await request.get(`/api/v1/trips/${trip.id}/ratings`, {
      headers: { authorization: `Bearer ${customer}` },
    });
    // The demo customer's own trips only: another customer's trip answers 404 to it.
    if (res.status() === 200) return trip;
  }
  throw new Error('The demo has no delivered trip left to rate');
}

test.describe('trip ratings', () => {
  test('a transporter rates its customer after delivery, the customer rates back, and both read each other', async ({
    browser,
    request,
  }) => {
    // Five signed-in pages in turn, each loading a trip page.
    test.setTimeout(240_000);
    const trip = await unratedDeliveredTrip(request);

    for (const width of [375, 1280]) {
      const page = await signedInPage(browser, TRANSPORTER, width);
      await page.goto(`/trips/${trip.id}`);
      const form = page.getByRole('heading', { name: 'How was Okafor Imports Ltd?' });
      await expect(form).toBeVisible();
      await waitForQuiet(page);
      await form.scrollIntoViewIfNeeded();
      await snap(page, 'rating-form');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);
      if (width === 375) {
        await page.context().close();
        continue;
      }

      // The star's picture (its label) covers the radio, as a person sees and taps it.
      await page.getByRole('radio', { name: '4 of 5 stars' }).check({ force: true });
      await expect(page.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked();
      await page.getByText('Quick loading', { exact: true }).click();
      await page.getByText('Clear instructions', { exact: true }).click();
      await page
        .getByLabel('Comment (optional)')
        .fill('Loaded within the hour; the gate staff knew we were coming.');
      await page.getByRole('button', { name: 'Submit rating' }).click();
      await expect(page.getByText('Your rating of Okafor Imports Ltd', { exact: true })).toBeVisible();
      await expect(
        page.getByText('Loaded within the hour; the gate staff knew we were coming.'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit your rating' })).toBeVisible();
      await page.context().close();
    }

    // The customer learns it was rated, not how, until it rates too.
    const customer = await signedInPage(browser, CUSTOMER, 375);
    await customer.goto(`/trips/${trip.id}`);
    await expect(customer.getByText(/Eko Haulage Ltd has rated this trip/)).toBeVisible();
    await expect(customer.getByText('Loaded within the hour', { exact: false })).toHaveCount(0);
    await customer.getByRole('radio', { name: '5 of 5 stars' }).check({ force: true });
    await customer.getByText('On time', { exact: true }).click();
    await customer.getByRole('button', { name: 'Submit rating' }).click();
    await expect(customer.getByText('How Eko Haulage Ltd rated you')).toBeVisible();
    await expect(
      customer.getByText('Loaded within the hour; the gate staff knew we were coming.'),
    ).toBeVisible();
    // Both have rated: neither can change now.
    await expect(customer.getByRole('button', { name: 'Edit your rating' })).toHaveCount(0);
    await waitForQuiet(customer);
    await snap(customer, 'rating-both');
    await expectNoSeriousAxeViolations(customer);
    await customer.context().close();

    // The back office hides the transporter's comment; the customer then reads the score without it.
    const admin = await signedInPage(browser, ADMIN, 1280);
    await admin.goto('/admin/ratings');
    await admin
      .getByRole('button', { name: `Hide comment: trip ${trip.tripNumber}, by Eko Haulage Ltd` })
      .first()
      .click();
    await admin.getByLabel('Reason').fill('Names a member of the gate staff');
    await admin.getByRole('dialog').getByRole('button', { name: 'Hide comment' }).click();
    await expect(admin.getByText(`The comment on trip ${trip.tripNumber} is hidden.`)).toBeVisible();
    await waitForQuiet(admin);
    await snap(admin, 'admin-ratings');
    await admin.context().close();

    const again = await signedInPage(browser, CUSTOMER, 1280);
    await again.goto(`/trips/${trip.id}`);
    await expect(again.getByText('How Eko Haulage Ltd rated you')).toBeVisible();
    await expect(again.getByText('Comment hidden by Freightlane')).toBeVisible();
    await expect(again.getByText('Loaded within the hour', { exact: false })).toHaveCount(0);
    await again.context().close();
  });
});
