import { expect, test, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import {
  DEMO_PASSWORD,
  expectNoSidewaysScroll,
  linkFromOutbox,
  signIn,
  snap,
  uniqueEmail,
  uniqueLocalPhone,
  waitForQuiet,
} from './support';

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function signOut(page: Page) {
  const signOutButton = page.getByRole('button', { name: 'Sign Out' });
  if (!(await signOutButton.isVisible())) {
    // On phones the navigation sits behind the menu button.
    await page
      .getByRole('button', { name: /menu|navigation/i })
      .first()
      .click();
  }
  await page.getByRole('button', { name: 'Sign Out' }).click();
}

test.describe('a new customer', () => {
  test('signs up, activates from the e-mail, signs in, stays signed in across a reload, and signs out', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('journey');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/signup');
    await expect(page).toHaveTitle(/Freightlane/);
    await snap(page, 'signup');

    await page.getByText('Customer', { exact: true }).click();
    await page.getByLabel('First name').fill('Ngozi');
    await page.getByLabel('Last name').fill('Adebayo');
    await page.getByLabel('Company name').fill('Adebayo Clearing Ltd');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill(uniqueLocalPhone());
    await page.getByLabel('Password', { exact: true }).fill('Sturdy-Cargo-2026');
    await page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(email)).toBeVisible();
    await snap(page, 'signup-check-email');

    const link = await linkFromOutbox(
      request,
      email,
      'Activate your Freightlane account',
      '/activate/account/',
    );
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText(/account is active/i).first()).toBeVisible();
    await snap(page, 'activation-success');

    await signIn(page, email, 'Sturdy-Cargo-2026');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: /Ngozi/ })).toBeVisible();
    await snap(page, 'customer-home');

    await page.reload();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: /Ngozi/ })).toBeVisible();

    await signOut(page);
    await expect(page).toHaveURL(/\/signin$/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('sees a used activation link refused, with a way to ask for a new one', async ({ page }) => {
    await page.goto('/activate/account/?token=' + 'x'.repeat(43));
    await expect(page.getByText(/not valid/i).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /resend/i })).toBeVisible();
    await snap(page, 'activation-failed');
  });

  test('who has not activated is told so at sign-in and can ask for the e-mail again', async ({ page }) => {
    await signIn(page, 'new.customer@example.com');
    await expect(page.getByText(/not been activated/i).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /resend/i })).toBeVisible();
  });
});

test.describe('password reset', () => {
  test('asks for a link, sets a new password from the e-mail, and signs in with it', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reset');
    // A fresh account of its own, so the demo logins keep their password.
    const signup = await request.post('/api/v1/user', {
      data: {
        email,
        firstName: 'Ife',
        lastName: 'Obi',
        companyName: 'Obi Logistics',
        phoneNumber: `+234${uniqueLocalPhone().slice(1)}`,
        password: 'Sturdy-Cargo-2026',
        type: 'TRANSPORTER',
        acceptTerms: true,
      },
    });
    expect(signup.status()).toBe(201);
    const activation = await linkFromOutbox(
      request,
      email,
      'Activate your Freightlane account',
      '/activate/account/',
    );
    expect(
      (
        await request.post('/api/v1/user/enrolment/activate', {
          data: { token: activation.searchParams.get('token') },
        })
      ).status(),
    ).toBe(200);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/resetpassword');
    await snap(page, 'reset-request');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account exists/i).first()).toBeVisible();

    const link = await linkFromOutbox(request, email, 'Reset your Freightlane password', '/reset/password');
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('Please enter your new password and save.')).toBeVisible();
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Password', { exact: true }).fill('New-Trailer-2027');
    await page.getByLabel('Confirm Password').fill('New-Trailer-202');
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(save).toBeDisabled();
    await snap(page, 'new-password-mismatch');
    await page.getByLabel('Confirm Password').fill('New-Trailer-2027');
    await expect(page.getByText('Passwords do not match')).toBeHidden();
    await save.click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Password Reset Successfully')).toBeVisible();
    await expect(dialog.getByText('Please login to your account. Thank you')).toBeVisible();
    await snap(page, 'new-password-success');
    await dialog.getByRole('button').first().click();
    await expect(page).toHaveURL(/\/signin$/);

    await signIn(page, email, 'New-Trailer-2027');
    await expect(page).toHaveURL(/\/transporterhome$/);
  });

  test('shows Reset Failed for a bad link', async ({ page }) => {
    await page.goto('/reset/password?token=' + 'z'.repeat(43));
    await page.getByLabel('Password', { exact: true }).fill('New-Trailer-2027');
    await page.getByLabel('Confirm Password').fill('New-Trailer-2027');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Reset Failed')).toBeVisible();
    await expect(dialog.getByText('Problems resetting your password')).toBeVisible();
    await snap(page, 'new-password-failed');
  });
});

test.describe('redirects', () => {
  test('send signed-out visitors of the homes to /signin', async ({ page }) => {
    for (const path of ['/home', '/transporterhome', '/admin', '/profile', '/company']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/signin$/);
    }
  });

  for (const [email, home] of [
    ['customer@example.com', '/home'],
    ['transporter@example.com', '/transporterhome'],
    ['admin@example.com', '/admin'],
  ] as const) {
    test(`send a signed-in ${email.split('@')[0]} from the onboarding pages to ${home}`, async ({ page }) => {
      await signIn(page, email, DEMO_PASSWORD);
      await expect(page).toHaveURL(new RegExp(`${home}$`));
      for (const path of ['/', '/signup', '/signin', '/reset/password?token=abc']) {
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${home}$`));
      }
      const other = home === '/home' ? '/transporterhome' : '/home';
      await page.goto(other);
      await expect(page).toHaveURL(new RegExp(`${home}$`));
    });
  }

  test('show the not-found page for an unknown path', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/not found/i).first()).toBeVisible();
  });
});

test.describe('every onboarding and public screen', () => {
  const screens = [
    ['signup', '/signup'],
    ['signin', '/signin'],
    ['resetpassword', '/resetpassword'],
    ['reset-password-form', '/reset/password?token=' + 'a'.repeat(43)],
    ['activate', '/activate/account/?token=' + 'b'.repeat(43)],
    ['terms', '/terms'],
    ['unsubscribe', '/unsubscribe'],
    ['not-found', '/nowhere'],
    ['tripprogress', '/tripprogress/abc'],
  ] as const;
  for (const width of [375, 1280]) {
    test(`look right and pass axe at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      for (const [name, path] of screens) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(page, name);
        await snap(page, `screen-${name}`);
        await expectNoSeriousA11yViolations(page);
      }
    });
  }

  test('the unsubscribe page says exactly what the spec says', async ({ page }) => {
    await page.goto('/unsubscribe');
    await expect(page.getByText('You have successfully unsubscribed from an email service.')).toBeVisible();
  });

  test('the terms cover every section, Dutch law and the 2 to 3 weeks', async ({ page }) => {
    await page.goto('/terms');
    for (const section of [
      /cookies/i,
      /licen[cs]e/i,
      /user comments/i,
      /hyperlinking/i,
      /iframes/i,
      /content liability/i,
      /privacy/i,
      /reservation of rights/i,
      /removal of links/i,
      /disclaimer/i,
    ]) {
      await expect(page.getByRole('heading', { name: section }).first()).toBeVisible();
    }
    await expect(page.getByText(/Netherlands/).first()).toBeVisible();
    await expect(page.getByText(/2 to 3 weeks/).first()).toBeVisible();
    await expect(
      page
        .getByRole('link', { name: 'Sign In' })
        .or(page.getByRole('button', { name: 'Sign In' }))
        .first(),
    ).toBeVisible();
  });
});

test.describe('signed-in pages', () => {
  for (const [email, name] of [
    ['customer@example.com', 'customer'],
    ['transporter@example.com', 'transporter'],
    ['admin@example.com', 'admin'],
  ] as const) {
    test(`the ${name} dashboard looks right at both widths and passes axe`, async ({ page }) => {
      await signIn(page, email);
      await page.waitForURL(/\/(home|transporterhome|admin)$/);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.reload();
        await waitForQuiet(page);
        await snap(page, `home-${name}`);
        await expectNoSeriousA11yViolations(page);
      }
    });
  }

  test('a customer edits company details and sees the checklist', async ({ page }) => {
    await signIn(page, 'customer@example.com');
    await page.waitForURL(/\/home$/);
    await page.goto('/company');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await waitForQuiet(page);
      await snap(page, 'company');
    }
    await expectNoSeriousA11yViolations(page);
  });
});
