import { expect, test, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { containerCheckDigit } from '@freightlane/domain';
import {
  lagosDateInput as lagosDate,
  settle,
  signedInPage,
  snap,
  waitForMail,
  waitForQuiet,
} from './support';

/** A fresh container number with its ISO 6346 check digit, so reruns never collide. */
function containerNumber(): string {
  const firstTen = `TGHU${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
  return `${firstTen}${containerCheckDigit(firstTen)}`;
}

async function choose(page: Page, label: string | RegExp, search: string, option: RegExp): Promise<void> {
  const input = page.getByRole('textbox', { name: label });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const found = serious.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(' | ')}`,
  );
  expect(found, `axe on ${page.url()}`).toEqual([]);
}

/** Steps 1 and 2 of the wizard: an Import LOC order of one container. */
async function fillCargoAndContainer(page: Page, client: string, container: string): Promise<void> {
  await page.goto('/orders/new');
  await expect(page.getByRole('heading', { name: 'Cargo type', level: 2 })).toBeVisible();
  await page.getByRole('radio', { name: /Import LOC/ }).click();
  await page.getByLabel('Client name').fill(client);
  await page.getByLabel('Reference (optional)').fill('BL-E2E-1');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await page.getByLabel('Container number').fill(container);
  await choose(page, 'Liner', 'Maersk', /^Maersk$/);
  await page.getByLabel('Delivery order validity date').fill(lagosDate(20));
  await page.getByRole('button', { name: 'Save and continue' }).click();
}

/** Steps 3 and 4 and the review: from APM Terminals Apapa to an Ikeja warehouse. */
async function fillPlacesAndBidding(page: Page): Promise<void> {
  await choose(page, 'Pickup terminal', 'APM', /APM Terminals Apapa/);
  await page.getByLabel('Pickup date').fill(lagosDate(4));
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await page.locator('label', { hasText: /^Address$/ }).click();
  await page.getByLabel('Street').fill('12 Oba Akran Avenue');
  await choose(page, 'State', 'Lagos', /^Lagos$/);
  await choose(page, 'LGA', 'Ikeja', /^Ikeja$/);
  await page.getByLabel('City').fill('Ikeja');
  await page.getByLabel('Bidding closes on').fill(lagosDate(3));
  await page.getByLabel('Bidding closes at').fill('17:00');
  await page.getByLabel(/Target price per container/).fill('450,000');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review your order' })).toBeVisible();
}

test.describe('the marketplace, end to end', () => {
  test('a customer orders, two transporters bid, the customer awards, both see the trip', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const customer = await signedInPage(browser, 'customer@example.com');
    const container = containerNumber();
    const client = `E2E Client ${container.slice(4, 10)}`;

    // Steps 1–2, then a reload in the middle of the wizard: the draft comes back.
    await fillCargoAndContainer(customer, client, container);
    await expect(customer.getByRole('heading', { name: 'Pickup', level: 2 })).toBeVisible();
    await snap(customer, 'order-wizard-pickup');
    await customer.reload();
    await expect(customer.getByText(/You have an unfinished order/)).toBeVisible();
    await customer.getByRole('button', { name: 'Resume' }).click();
    await expect(customer.getByRole('heading', { name: 'Pickup', level: 2 })).toBeVisible();

    await fillPlacesAndBidding(customer);
    await expect(customer.getByText(container)).toBeVisible();
    await expect(customer.getByText('₦450,000.00')).toBeVisible();
    await snap(customer, 'order-wizard-review');
    await expectNoSeriousAxeViolations(customer);
    await customer.getByRole('button', { name: 'Place order' }).click();

    await expect(customer).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    const heading = customer.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(/ORD-\d{4}-\d{6}/);
    const orderNumber = /ORD-\d{4}-\d{6}/.exec((await heading.textContent()) ?? '')![0];
    const orderPath = new URL(customer.url()).pathname;
    const orderId = orderPath.split('/').pop()!;

    // Two transporters find the order among new bids and bid on it.
    const bidders = [
      { email: 'transporter@example.com', price: '455,000', name: 'Eko Haulage Ltd' },
      { email: 'transporter2@example.com', price: '470,000', name: 'Garden City Logistics Ltd' },
    ];
    for (const bidder of bidders) {
      const page = await signedInPage(browser, bidder.email);
      await page.goto('/bids');
      await expect(page.getByText(orderNumber).first()).toBeVisible();
      await page.goto(`/bids/orders/${orderId}`);
      await page.getByLabel('Price per container').fill(bidder.price);
      await page.getByLabel('Trucks you can commit').fill('1');
      await page.getByLabel('Note').fill('Truck on standby at Apapa.');
      await page.getByRole('button', { name: 'Place bid' }).click();
      await expect(page.getByRole('button', { name: 'Revise bid' })).toBeVisible();
      if (bidder.email === 'transporter@example.com') {
        await snap(page, 'bid-placed');
        await expectNoSeriousAxeViolations(page);
      }
      await page.context().close();
    }

    // The customer sees both bids and awards the whole order to the cheaper one.
    await customer.reload();
    await expect(customer.getByText('₦455,000.00').first()).toBeVisible();
    await expect(customer.getByText('₦470,000.00').first()).toBeVisible();
    await snap(customer, 'order-bids');
    await customer.getByRole('button', { name: 'Award whole order to Eko Haulage Ltd' }).click();
    await customer.getByRole('button', { name: 'Yes' }).click();
    const tripLink = customer.getByRole('link', { name: /^TRP-\d{4}-\d{6}$/ });
    await expect(tripLink).toBeVisible();
    const tripNumber = ((await tripLink.textContent()) ?? '').trim();
    await snap(customer, 'order-awarded');

    // The customer finds the trip in its trip list; the winner finds it among bids won.
    await customer.goto(`/trips?tab=uncompleted&q=${tripNumber}`);
    await expect(customer.getByText(tripNumber).first()).toBeVisible();
    const winner = await signedInPage(browser, 'transporter@example.com');
    await winner.goto('/bids/won');
    await expect(winner.getByText(tripNumber).first()).toBeVisible();
    await winner.getByLabel(/Search/).fill(container);
    // The search narrows the list to the one trip carrying that container.
    await expect(winner.getByText(/^TRP-\d{4}-\d{6}$/)).toHaveCount(1);
    await expect(winner.getByText(tripNumber).first()).toBeVisible();
    await snap(winner, 'bids-won');
    await winner.goto('/trips?tab=uncompleted');
    await expect(winner.getByText(tripNumber).first()).toBeVisible();
    await winner.context().close();
    await customer.context().close();
  });

  test('an unverified customer sees the unverified-account dialog and its HERE link', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await signedInPage(browser, 'unverified.customer@example.com', 375);
    await fillCargoAndContainer(page, 'Yusuf Agro client', containerNumber());
    await fillPlacesAndBidding(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(
      'Your account has not been verified, update your company details HERE to have your account verified.',
    );
    // Let the dialog finish fading in, so the picture shows what a person sees.
    await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
    await snap(page, 'unverified-dialog');
    await dialog.getByRole('link', { name: 'HERE' }).click();
    await expect(page).toHaveURL(/\/company$/);
    await page.context().close();
  });

  test('a company uploads its documents and an admin verifies another', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const customer = await signedInPage(browser, 'unverified.customer@example.com');
    await customer.goto('/company');
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    await customer
      .getByLabel('Choose a file for CAC certificate')
      .setInputFiles({ name: 'cac-certificate.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(customer.getByRole('button', { name: 'Download CAC certificate' })).toBeVisible();
    await snap(customer, 'company-documents');
    await customer.context().close();

    const admin = await signedInPage(browser, 'admin@example.com');
    await admin.goto('/admin/companies');
    await admin.getByRole('link', { name: 'Northgate Trucking Ltd' }).first().click();
    await expect(admin.getByRole('heading', { name: 'Northgate Trucking Ltd', level: 1 })).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Download Operating licence' })).toBeVisible();
    await snap(admin, 'admin-company-review');
    await expectNoSeriousAxeViolations(admin);
    await admin.getByRole('button', { name: 'Verify', exact: true }).click();
    await admin.getByRole('button', { name: 'Yes' }).click();
    await expect(admin.getByText(/Verified on/)).toBeVisible();

    // The audit log shows who verified it, when, and what changed.
    await admin.getByRole('link', { name: 'Its audit log' }).click();
    await expect(admin.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    const verified = admin.getByRole('row').filter({ hasText: 'company.verified' }).first();
    await expect(verified).toBeVisible();
    await expect(verified).toContainText('Northgate Trucking Ltd');
    await expect(verified).toContainText('Tolu Adeyemi');
    await verified.getByRole('button', { name: 'Show changes', exact: true }).click();
    const changes = admin.getByRole('table', { name: 'Before and after' }).first();
    await expect(changes).toContainText('PENDING_REVIEW');
    await expect(changes).toContainText('VERIFIED');
    await settle(admin);
    await snap(admin, 'admin-audit-log');
    await expectNoSeriousAxeViolations(admin);
    await admin.context().close();

    // The company's people are told: in the app, and by e-mail over SMTP.
    const told = await waitForMail(
      request,
      'new.transporter@example.com',
      'Northgate Trucking Ltd: company verified',
    );
    expect(told.text).toContain('We have checked the details and documents of Northgate Trucking Ltd');

    // Verified at once: the transporter can bid now.
    const transporter = await signedInPage(browser, 'new.transporter@example.com');
    await transporter.goto('/bids');
    await transporter.getByRole('link', { name: 'View and bid' }).first().click();
    await transporter.getByLabel(/Price per/).fill('400,000');
    await transporter.getByLabel('Trucks you can commit').fill('1');
    await transporter.getByRole('button', { name: 'Place bid' }).click();
    await expect(transporter.getByRole('button', { name: 'Revise bid' })).toBeVisible();
    await transporter.context().close();
  });

  test('the marketplace pages read well on a phone', async ({ browser }) => {
    // Ten pages, each drawn, photographed and checked by axe: the demo's three months of orders make the
    // lists long.
    test.setTimeout(180_000);
    const customer = await signedInPage(browser, 'customer@example.com', 375);
    for (const [path, name] of [
      ['/home', 'customer-home'],
      ['/orders', 'orders'],
      ['/orders/new', 'order-wizard-start'],
      ['/partners', 'partners'],
      ['/trips', 'trips'],
    ] as const) {
      await customer.goto(path);
      await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForQuiet(customer);
      await snap(customer, name);
      await expectNoSeriousAxeViolations(customer);
    }
    await customer.context().close();

    const transporter = await signedInPage(browser, 'transporter@example.com', 375);
    for (const [path, name] of [
      ['/transporterhome', 'transporter-home'],
      ['/bids', 'new-bids'],
      ['/bids/monitored', 'monitored-bids'],
      ['/bids/history', 'bid-history'],
    ] as const) {
      await transporter.goto(path);
      await expect(transporter.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForQuiet(transporter);
      await snap(transporter, name);
      await expectNoSeriousAxeViolations(transporter);
    }
    await transporter.context().close();

    const admin = await signedInPage(browser, 'admin@example.com', 375);
    await admin.goto('/admin/companies?status=UNVERIFIED');
    await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForQuiet(admin);
    await snap(admin, 'admin-companies');
    await expectNoSeriousAxeViolations(admin);
    await admin.context().close();
  });
});
