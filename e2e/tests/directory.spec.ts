import { expect, test } from '@playwright/test';
import {
  apiCall,
  apiToken,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  signedInPage,
  snap,
  waitForQuiet,
} from './support';

const CUSTOMER = 'customer@example.com';
const GARDEN_CITY = 'Garden City Logistics Ltd';

test.describe('Find transporters', () => {
  test('a customer finds a transporter, reads its profile and invites it as a preferred partner', async ({
    browser,
    request,
  }) => {
    // Two widths of two pages, then the invitation.
    test.setTimeout(240_000);
    // The demo customer's partner is Eko Haulage alone; Garden City is there to be found.
    const token = await apiToken(request, CUSTOMER);
    const partners = await apiCall<{ name: string }[]>(request, token, 'GET', '/api/v1/preferred-partners');
    expect(partners.map((p) => p.name)).not.toContain(GARDEN_CITY);

    for (const width of [375, 1280]) {
      const page = await signedInPage(browser, CUSTOMER, width);
      await page.goto('/transporters');
      await expect(page.getByRole('heading', { level: 1, name: 'Find transporters' })).toBeVisible();
      await expect(page.getByRole('link', { name: GARDEN_CITY })).toBeVisible();
      await waitForQuiet(page);
      await snap(page, 'directory');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('link', { name: GARDEN_CITY }).click();
      await expect(page.getByRole('heading', { level: 1, name: GARDEN_CITY })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Scorecard' }).getByText('Score', { exact: true }),
      ).toBeVisible();
      await waitForQuiet(page);
      await snap(page, 'company-profile');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);
      await page.context().close();
    }

    const page = await signedInPage(browser, CUSTOMER, 1280);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Find transporters' })
      .click();
    const table = page.getByRole('table', { name: 'Find transporters' });
    await expect(table).toBeVisible();
    // Eko Haulage, the demo's partner, says so in its row.
    await expect(
      table.getByRole('row', { name: /Eko Haulage Ltd/ }).getByText('Preferred partner'),
    ).toBeVisible();

    await page.getByLabel('Company name').fill('garden');
    await page.getByRole('textbox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Largest fleet' }).click();
    await expect(page).toHaveURL(/[?&]q=garden/);
    await expect(page).toHaveURL(/[?&]sort=fleet/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page.getByText('1–1 of 1 transporter')).toBeVisible();

    await table.getByRole('link', { name: GARDEN_CITY }).click();
    await expect(page.getByRole('heading', { level: 1, name: GARDEN_CITY })).toBeVisible();
    await page.getByRole('button', { name: `Invite ${GARDEN_CITY} as preferred partner` }).click();
    await expect(page.getByText(`${GARDEN_CITY} is now one of your preferred partners.`)).toBeVisible();
    await expect(page.getByText('Preferred partner', { exact: true })).toBeVisible();

    // Back in the list, its row says so too.
    await page.getByRole('link', { name: 'Find transporters' }).first().click();
    await expect(page).toHaveURL(/\/transporters$/);
    await expect(
      page
        .getByRole('table', { name: 'Find transporters' })
        .getByRole('row', { name: new RegExp(GARDEN_CITY) })
        .getByText('Preferred partner'),
    ).toBeVisible();

    await page.goto('/partners');
    const list = page.getByRole('region', { name: /Your preferred partners/ });
    await expect(list.getByText(GARDEN_CITY)).toBeVisible();
    await expect(list.getByText('Eko Haulage Ltd')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find transporters' }).last()).toHaveAttribute(
      'href',
      '/transporters',
    );
    await waitForQuiet(page);
    await snap(page, 'partners-after-invite');
    await page.context().close();
  });
});
