import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  formatMoney,
  lagosDateInDays,
  type ContainerFreeTime,
  type InvoiceDetail,
  type OrderDetail,
  type TripDetail,
  type TripSummary,
} from '@freightlane/domain';
import {
  apiCall,
  apiToken,
  expectNoSeriousAxeViolations,
  openOrder,
  settle,
  signedInPage,
  snap,
} from './support';

const CUSTOMER = 'customer@example.com';
const TRANSPORTER = 'transporter@example.com';
const PHONE = 375;

/** A new order of the demo customer awarded to the demo transporter: its one trip and the invoice raised. */
async function awardedTrip(request: APIRequestContext, haulageKobo: number) {
  const customer = await apiToken(request, CUSTOMER);
  const transporter = await apiToken(request, TRANSPORTER);
  const order = await openOrder(request, customer);
  const bid = await apiCall<{ id: string }>(request, transporter, 'POST', '/api/v1/bids', {
    orderId: order.id,
    amountKobo: haulageKobo,
    trucksAvailable: 1,
  });
  const awarded = await apiCall<OrderDetail & { trips: { id: string; tripNumber: string }[] }>(
    request,
    customer,
    'POST',
    `/api/v1/orders/${order.id}/award`,
    { allocations: [{ bidId: bid.id, itemIds: order.items.map((i) => i.id) }] },
    200,
  );
  const trip = await apiCall<TripDetail>(request, customer, 'GET', `/api/v1/trips/${awarded.trips[0]!.id}`);
  return { customer, transporter, trip, invoiceId: trip.invoice!.id };
}

/** The amounts table of an invoice page: the row headed `name`. */
function amountRow(page: Page, name: string | RegExp) {
  return page.getByRole('table', { name: 'Amounts' }).getByRole('row', { name });
}

test.describe('money', () => {
  test('a customer pays an invoice through the checkout and sees it paid; the transporter sees the payout owed', async ({
    browser,
    request,
  }) => {
    // Three people sign in one after the other, with an accessibility audit on each screen: about a
    // minute of work on a two-core machine, more than the default limit allows.
    test.setTimeout(150_000);
    const haulage = 38_000_000;
    const { invoiceId, trip } = await awardedTrip(request, haulage);
    const vat = Math.round(haulage * 0.075);

    const page = await signedInPage(browser, CUSTOMER);
    await page.goto('/payments');
    await page.getByRole('searchbox', { name: /Search/ }).fill(trip.tripNumber);
    await expect(page.getByRole('link', { name: trip.invoice!.invoiceNumber }).first()).toBeVisible();
    await settle(page);
    await snap(page, 'payments-customer');
    await page.getByRole('link', { name: trip.invoice!.invoiceNumber }).first().click();
    await expect(page).toHaveURL(new RegExp(`/payments/${invoiceId}$`));
    await expect(amountRow(page, /^Haulage/)).toContainText(formatMoney(haulage));
    await expect(amountRow(page, /^VAT 7\.5%/)).toContainText(formatMoney(vat));
    await expect(amountRow(page, /^Total/)).toContainText(formatMoney(haulage + vat));
    await settle(page);
    await snap(page, 'invoice-customer');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: `Pay ${formatMoney(haulage + vat)}` }).click();
    // The provider's checkout page (the local stand-in in development), with the server's amount.
    await expect(page).toHaveURL(/\/api\/v1\/dev\/paystack\/checkout\//);
    await expect(page.getByText(formatMoney(haulage + vat)).first()).toBeVisible();
    await snap(page, 'checkout-simulated');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(/\/payments\/callback\?/);
    await expect(page.getByText('Payment received')).toBeVisible({ timeout: 20_000 });
    await settle(page);
    await snap(page, 'payment-callback');
    await expectNoSeriousAxeViolations(page);
    await page
      .getByRole('link', { name: new RegExp(trip.invoice!.invoiceNumber) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/payments/${invoiceId}$`));
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await page.context().close();

    // The transporter's earnings: the trip paid, the commission taken before VAT, the payout owed.
    const transporter = await signedInPage(browser, TRANSPORTER, PHONE);
    await transporter.goto('/earnings');
    const earning = transporter.getByRole('listitem').filter({ hasText: trip.tripNumber });
    await expect(earning).toContainText(formatMoney(haulage + vat));
    await expect(earning).toContainText('Payout pending');
    await settle(transporter);
    await snap(transporter, 'earnings-phone');
    await expectNoSeriousAxeViolations(transporter);
    await transporter.context().close();

    // The back office pays the transporter out and records the transfer's reference.
    const admin = await signedInPage(browser, 'admin@example.com');
    await admin.goto('/admin/payouts');
    await admin.getByRole('searchbox', { name: 'Search payouts' }).fill(trip.tripNumber);
    const payout = admin
      .getByRole('table', { name: 'Payouts' })
      .getByRole('row')
      .filter({ hasText: trip.tripNumber });
    await expect(payout).toContainText('Payout pending');
    await payout.getByRole('button', { name: /^Mark paid/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Mark the payout paid' });
    await dialog.getByLabel('Transfer reference').fill(`PO-${trip.tripNumber}`);
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(dialog).toBeHidden();
    await expect(payout).toContainText('Paid out');
    await expect(payout).toContainText(`PO-${trip.tripNumber}`);
    await settle(admin);
    await snap(admin, 'admin-payouts');
    await expectNoSeriousAxeViolations(admin);
    await admin.goto('/payments');
    await expect(admin.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await settle(admin);
    await snap(admin, 'admin-payments');
    await admin.context().close();
  });

  test('a waiting charge is proposed from the trip’s times, disputed, revised and accepted', async ({
    browser,
    request,
  }) => {
    // Both sides sign in and answer each other four times over: a long journey, like the payment's.
    test.setTimeout(150_000);
    const customer = await apiToken(request, CUSTOMER);
    const transporter = await apiToken(request, TRANSPORTER);
    const rate = 500_000;
    try {
      // The transporter sets its waiting terms on its company page: no free hours, ₦5,000 an hour.
      const terms = await signedInPage(browser, TRANSPORTER, PHONE);
      await terms.goto('/company');
      const card = terms.getByRole('region', { name: 'Waiting time' });
      await card.getByLabel('Free hours per stop').fill('0');
      await card.getByLabel('Rate per started hour (₦)').fill('5000');
      await card.getByRole('button', { name: 'Save waiting terms' }).click();
      await expect(
        terms.getByText('Your waiting terms are saved. They apply to waits from now on.'),
      ).toBeVisible();
      await expect
        .poll(async () => apiCall(request, transporter, 'GET', '/api/v1/company/waiting-terms'))
        .toEqual({ freeHours: 0, rateKoboPerHour: rate });
      await card.scrollIntoViewIfNeeded();
      await expectNoSeriousAxeViolations(terms);
      await snap(terms, 'waiting-terms-phone');
      await terms.context().close();
      const atPickup = await apiCall<{ content: TripSummary[] }>(
        request,
        transporter,
        'GET',
        '/api/v1/trips?tripStatusList=AT_PICKUP_LOCATION&size=20',
      );
      // A general-cargo trip of the demo at the pickup: no other journey moves those.
      const trip =
        atPickup.content.find((t) => t.cargoType === 'GENERAL_CARGO') ??
        atPickup.content.find((t) => t.cargoType !== 'IMPORT_LINER_OWNED')!;
      expect(trip, 'the demo transporter has a trip waiting at its pickup').toBeTruthy();
      const loaded = await apiCall<TripDetail>(
        request,
        transporter,
        'PATCH',
        `/api/v1/trips/${trip.id}/status`,
        {
          tripStatus: 'LOADED',
        },
      );
      const invoiceId = loaded.invoice!.id;
      const proposed = await apiCall<InvoiceDetail>(
        request,
        customer,
        'GET',
        `/api/v1/invoices/${invoiceId}`,
      );
      const charge = proposed.charges.find((c) => c.kind === 'WAITING_AT_PICKUP')!;
      expect(charge.status).toBe('PROPOSED');
      expect(charge.amountKobo).toBe(charge.waiting!.chargeableHours * rate);

      const page = await signedInPage(browser, CUSTOMER);
      await page.goto(`/payments/${invoiceId}`);
      const row = amountRow(page, /Waiting time at pickup/);
      await expect(row).toContainText(formatMoney(charge.amountKobo));
      await expect(page.getByRole('button', { name: /^Pay / })).toBeDisabled();
      await row.getByRole('button', { name: 'Dispute' }).click();
      const dispute = page.getByRole('dialog', { name: 'Dispute the charge' });
      await dispute.getByLabel('Why do you dispute it?').fill('The gate queue was the terminal’s, not ours.');
      await dispute.getByRole('button', { name: 'Dispute the charge' }).click();
      await expect(dispute).toBeHidden();
      await expect(row).toContainText('Disputed');
      await settle(page);
      await snap(page, 'invoice-charge-disputed');

      // The transporter reads the note and halves the charge.
      const revised = Math.max(rate, Math.round(charge.amountKobo / 2 / 100) * 100);
      const side = await signedInPage(browser, TRANSPORTER, PHONE);
      await side.goto(`/payments/${invoiceId}`);
      const theirs = amountRow(side, /Waiting time at pickup/);
      await expect(theirs).toContainText('The gate queue was the terminal’s, not ours.');
      await theirs.getByRole('button', { name: 'Revise' }).click();
      const revise = side.getByRole('dialog', { name: 'Revise the charge' });
      await revise.getByLabel('Amount (₦, before VAT)').fill(String(revised / 100));
      await revise.getByLabel('Reason').fill('Half the wait: the gate queue is shared.');
      await revise.getByRole('button', { name: 'Save and propose again' }).click();
      await expect(revise).toBeHidden();
      // On a phone the amounts stay inside their card, however long a charge's status reads.
      const overflow = await side
        .getByRole('table', { name: 'Amounts' })
        .evaluate(
          (table) =>
            table.getBoundingClientRect().right - table.closest('section')!.getBoundingClientRect().right,
        );
      expect(overflow).toBeLessThanOrEqual(0);
      await settle(side);
      await snap(side, 'invoice-charge-revised-phone');
      await expectNoSeriousAxeViolations(side);
      await side.context().close();

      await page.reload();
      await expect(row).toContainText(formatMoney(revised));
      await row.getByRole('button', { name: 'Accept' }).click();
      await page
        .getByRole('dialog', { name: 'Accept this charge?' })
        .getByRole('button', { name: 'Yes' })
        .click();
      await expect(row).toContainText('Accepted');
      const haulage = proposed.haulageKobo;
      const vat = Math.round((haulage + revised) * 0.075);
      await expect(amountRow(page, /^Total/)).toContainText(formatMoney(haulage + revised + vat));
      await expect(
        page.getByRole('button', { name: `Pay ${formatMoney(haulage + revised + vat)}` }),
      ).toBeEnabled();
      await settle(page);
      await snap(page, 'invoice-charge-accepted');
      await expectNoSeriousAxeViolations(page);
      await page.context().close();
    } finally {
      await apiCall(request, transporter, 'PUT', '/api/v1/company/waiting-terms', {
        freeHours: 12,
        rateKoboPerHour: null,
      });
    }
  });

  for (const width of [1280, PHONE]) {
    test(`the containers at risk show the naira at stake (${width} px)`, async ({ browser, request }) => {
      const { customer, trip } = await awardedTrip(request, 35_000_000);
      const tariff = trip.freeTime!.tariff!;
      // Free time ended two days ago; the container leaves on the pickup day and its empty is back a day later.
      const discharge = lagosDateInDays(-(tariff.freeDays - 1) - 2);
      const deposit = 25_000_000;
      const freeTime = await apiCall<ContainerFreeTime>(
        request,
        customer,
        'PUT',
        `/api/v1/trips/${trip.id}/free-time`,
        {
          dischargeDate: discharge,
          expectedEmptyReturnDate: null,
          depositKobo: deposit,
          depositStatus: 'PAID',
          depositRefundedOn: null,
        },
      );
      const demurrageDays = 2 + 3; // the two days over, and three more until the pickup
      const detentionDays = 1;
      const charges = demurrageDays * tariff.demurrageKoboPerDay + detentionDays * tariff.detentionKoboPerDay;
      expect(freeTime).toMatchObject({
        daysLeft: -2,
        projectedChargesKobo: charges,
        atStakeKobo: charges + deposit,
      });

      const page = await signedInPage(browser, CUSTOMER, width);
      await page.goto('/containers/at-risk');
      const list = page.getByRole(width === PHONE ? 'list' : 'table', { name: 'Containers at risk' });
      const container = list
        .getByRole(width === PHONE ? 'listitem' : 'row')
        .filter({ hasText: trip.consignment.containerNumber! });
      await expect(container).toContainText('2 days over');
      await expect(container).toContainText(formatMoney(charges));
      await expect(container).toContainText(formatMoney(charges + deposit));
      await expect(page.getByRole('region', { name: 'Total at stake' })).toBeVisible();
      await settle(page);
      await snap(page, 'containers-at-risk');
      await expectNoSeriousAxeViolations(page);

      // The trip page says the same, with its badge.
      await container.getByRole('link', { name: trip.tripNumber }).click();
      await expect(page.getByText('Free time: 2 days over').first()).toBeVisible();
      await settle(page);
      await snap(page, 'trip-free-time');
      await page.context().close();
    });
  }
});
