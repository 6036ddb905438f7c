import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCall, apiToken, expectNoSeriousAxeViolations, snap } from './support';

const TRANSPORTER = 'transporter@example.com';

/** The phone link the demo seed gave a driver on the road (read, not renewed: renewing would end it). */
async function seededDriverLink(
  request: APIRequestContext,
  token: string,
): Promise<{ driverId: string; path: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const drivers = (await (
    await request.get('/api/v1/fleet/drivers?page=0&limit=50', { headers })
  ).json()) as { content: { id: string }[] };
  for (const driver of drivers.content) {
    const res = await request.get(`/api/v1/fleet/drivers/${driver.id}/phone-link`, { headers });
    if (res.ok()) {
      return { driverId: driver.id, path: new URL(((await res.json()) as { url: string }).url).pathname };
    }
  }
  throw new Error('The demo seed gave no driver a phone link');
}

test('a driver reads the phone page in Hausa, and the phone remembers the choice', async ({
  browser,
  request,
}) => {
  const office = await apiToken(request, TRANSPORTER);
  const { driverId, path: link } = await seededDriverLink(request, office);
  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    locale: 'en-GB',
    serviceWorkers: 'block',
  });
  const page = await phone.newPage();

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: /^Hello, / })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-NG');

  await page.getByRole('combobox', { name: 'Language' }).selectOption('Hausa');
  await expect(page.getByRole('heading', { level: 1, name: /^Sannu, / })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ha');
  await expect(page.getByRole('region', { name: 'Tafiyarka' }).getByText(/^TRP-\d{4}-\d{6}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Raba wurina' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bayar da rahoton matsala' })).toBeVisible();
  // Nothing wider than the phone: a longer word wraps inside its card.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousAxeViolations(page);
  await snap(page, 'driver-page-hausa');

  // The choice is the driver's own now: the USSD menu and the SMS speak Hausa too.
  const driverUrl = `/api/v1/fleet/drivers/${driverId}`;
  const driverLanguage = async () =>
    (await apiCall<{ language: string | null }>(request, office, 'GET', driverUrl)).language;
  await expect.poll(driverLanguage).toBe('ha');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Sannu, / })).toBeVisible();
  await phone.close();
  // Later journeys open this link on phones in each language and expect the phone's language.
  await apiCall(request, office, 'PATCH', driverUrl, { language: null });
});
