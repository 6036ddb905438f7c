import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, settle, signedInPage, snap, waitForQuiet } from './support';

/** The back office's reference data and audit log, as an admin sees them on a laptop and on a phone. */
test.describe('back office pages', () => {
  for (const width of [1280, 375]) {
    test(`reference data and the audit log read well and pass axe (${width} px)`, async ({ browser }) => {
      // Six pages, each drawn, photographed and scanned by axe, beside the other part of the run.
      test.setTimeout(150_000);
      const admin = await signedInPage(browser, 'admin@example.com', width);
      for (const [path, name, heading] of [
        ['/admin/reference/shipping-lines', 'admin-shipping-lines', /Shipping lines/],
        ['/admin/reference/terminals', 'admin-terminals', /Terminals/],
        ['/admin/reference/tracking-companies', 'admin-tracking-companies', /Tracking companies/],
        ['/admin/reference/platform-terms', 'admin-platform-terms', /terms/i],
        ['/admin/audit-log', 'admin-audit-log-all', /Audit log/],
      ] as const) {
        await admin.goto(path);
        await expect(admin.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await waitForQuiet(admin);
        const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
        await settle(admin);
        await snap(admin, name);
        await expectNoSeriousAxeViolations(admin);
      }
      // A line's tariffs per container size.
      await admin.goto('/admin/reference/shipping-lines');
      await admin.getByRole('link', { name: /MSC/ }).first().click();
      await expect(admin.getByText(/free days/i).first()).toBeVisible();
      await waitForQuiet(admin);
      await snap(admin, 'admin-shipping-line-tariffs');
      await expectNoSeriousAxeViolations(admin);
      await admin.context().close();
    });
  }
});
