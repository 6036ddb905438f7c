import { expect, test } from '@playwright/test';
import { valueWeightedPrice, type OrderDetail } from '@freightlane/domain';
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

const CUSTOMER = 'customer@example.com';
const AREWA = { email: 'transporter3@example.com', name: 'Arewa Express Haulage Ltd' };
const EKO = { email: 'transporter@example.com', name: 'Eko Haulage Ltd' };
const GARDEN_CITY = { email: 'transporter2@example.com', name: 'Garden City Logistics Ltd' };

/** How much heavier a price weighs for best value at a score (the domain's rule, read off a million). */
const weight = (score: number | null) => valueWeightedPrice(1_000_000, score) / 1_000_000;
/** Whole naira, as a transporter types a price. */
const naira = (kobo: number) => Math.round(kobo / 100_000) * 100_000;

test.describe('comparing bids', () => {
  test('a customer compares three bids by score and price and awards the best value', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const customerToken = await apiToken(request, CUSTOMER);
    // A 40 ft shipper-owned box from APM Terminals to Ikeja: the lane the demo's past priced.
    const order = await openOrder(request, customerToken, 'FTS_40', 'IMPORT_SHIPPER_OWNED');

    // The three transporters' scores as the customer will read them beside the bids, from the demo's past.
    const first = await apiCall<OrderDetail>(request, customerToken, 'GET', `/api/v1/orders/${order.id}`);
    expect(first.bids).toEqual([]);
    const tokens = await Promise.all([AREWA, EKO, GARDEN_CITY].map((t) => apiToken(request, t.email)));
    const scoreOf = async (token: string) => {
      const card = await apiCall<{ score: number | null }>(
        request,
        token,
        'GET',
        '/api/v1/company/scorecard',
      );
      return card.score;
    };
    const [arewa = null, eko = null, gardenCity = null] = await Promise.all(tokens.map(scoreOf));
    expect([arewa, eko, gardenCity], 'each demo transporter has a score').not.toContain(null);
    expect(arewa!).toBeGreaterThan(eko!);
    expect(eko!).toBeGreaterThan(gardenCity!);

    // Eko bids ₦400,000. Arewa, the most reliable, asks more and Garden City, the least, asks less; each
    // price set so that, weighed by score, Eko's is the best value by a few per cent.
    const ekoKobo = 40_000_000;
    const target = valueWeightedPrice(ekoKobo, eko) * 1.04;
    const prices = new Map([
      [AREWA.name, naira(target / weight(arewa))],
      [EKO.name, ekoKobo],
      [GARDEN_CITY.name, naira(target / weight(gardenCity))],
    ]);
    expect(prices.get(AREWA.name)!, 'Arewa asks the most').toBeGreaterThan(ekoKobo);
    expect(prices.get(GARDEN_CITY.name)!, 'Garden City asks the least').toBeLessThan(ekoKobo);
    for (const [i, transporter] of [AREWA, EKO, GARDEN_CITY].entries()) {
      await apiCall(request, tokens[i]!, 'POST', '/api/v1/bids', {
        orderId: order.id,
        amountKobo: prices.get(transporter.name),
        trucksAvailable: 1,
        note: '',
      });
    }

    for (const width of [375, 1280]) {
      const page = await signedInPage(browser, CUSTOMER, width);
      await page.goto(`/orders/${order.id}`);
      const bids = page.getByRole('region', { name: 'Bids received (3)' });
      await expect(bids).toBeVisible();
      const card = (name: string) => bids.getByRole('listitem').filter({ hasText: name });
      // Every bid shows its transporter's score; the cheapest and the most reliable are marked.
      for (const [name, score] of [
        [AREWA.name, arewa],
        [EKO.name, eko],
        [GARDEN_CITY.name, gardenCity],
      ] as const) {
        await expect(card(name).getByText(`Score ${score}/100`)).toBeVisible();
      }
      await expect(card(GARDEN_CITY.name).getByText('Cheapest')).toBeVisible();
      await expect(card(AREWA.name).getByText('Most reliable')).toBeVisible();
      await expect(card(EKO.name).getByText('Cheapest')).toHaveCount(0);

      // By score, Arewa leads; by best value, Eko does.
      await bids.getByText('Score', { exact: true }).click();
      await expect(bids.getByRole('radio', { name: 'Score' })).toBeChecked();
      await expect(bids.getByRole('listitem').first()).toContainText(AREWA.name);
      await bids.getByText('Best value', { exact: true }).click();
      await expect(bids.getByRole('radio', { name: 'Best value' })).toBeChecked();
      await expect(bids.getByRole('listitem').first()).toContainText(EKO.name);
      await bids.scrollIntoViewIfNeeded();
      await waitForQuiet(page);
      await snap(page, 'order-bids-compared');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);
      if (width === 375) {
        await page.context().close();
        continue;
      }

      // The customer awards the best value, Eko's bid, though it is neither the cheapest nor the most reliable.
      await bids.getByRole('button', { name: `Award whole order to ${EKO.name}` }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByText(`Order ${order.orderNumber} awarded`)).toBeVisible();
      await expect(page.getByRole('link', { name: /^TRP-\d{4}-\d{6}$/ })).toBeVisible();
      await page.context().close();
    }

    const awarded = await apiCall<OrderDetail>(request, customerToken, 'GET', `/api/v1/orders/${order.id}`);
    expect(awarded.status).toBe('AWARDED');
    expect(awarded.bids.find((b) => b.status === 'WON')?.transporterName).toBe(EKO.name);

    // The bidders priced against the lane's band, which the demo's past gives: shown beside the bid form.
    const bidder = await signedInPage(browser, AREWA.email, 1280);
    const other = await openOrder(request, customerToken, 'FTS_40', 'IMPORT_SHIPPER_OWNED');
    await bidder.goto(`/bids/orders/${other.id}`);
    await expect(bidder.getByText('Rates on this lane')).toBeVisible();
    await expect(bidder.getByText(/^Trucks on this lane were awarded ₦/)).toBeVisible();
    await bidder.context().close();
  });
});
