import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppLanguageProvider } from '../../../i18n/app-language';
import { mockApi } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render';
import { NewPasswordPage } from './new-password-page';

const TOKEN = 'reset-token-0123456789abcdef';
const PATH = `/reset/password?token=${TOKEN}`;

async function renderPage(path = PATH) {
  const view = renderRoute(path);
  await screen.findByText('Please enter your new password and save.');
  return view;
}

describe('new-password screen', () => {
  it('has the intro, Password and Confirm Password fields with show/hide toggles', async () => {
    const { user } = await renderPage();
    const password = screen.getByLabelText('Password');
    const confirm = screen.getByLabelText('Confirm Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(confirm).toHaveAttribute('type', 'password');
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[0]!);
    expect(password).toHaveAttribute('type', 'text');
    expect(confirm).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeVisible();
    expect(document.title).toBe('New password · Freightlane');
  });

  it('lets the keyboard reach and use the show/hide toggle', async () => {
    const { user } = await renderPage();
    const password = screen.getByLabelText('Password');
    await user.click(password);
    await user.tab();
    expect(screen.getAllByRole('button', { name: 'Show password' })[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(password).toHaveAttribute('type', 'text');
    await user.keyboard('{Enter}');
    expect(password).toHaveAttribute('type', 'password');
  });

  it('keeps Save disabled until both fields are filled and equal', async () => {
    const { user } = await renderPage();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'Lagos-Haulage-2026');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm Password'), 'Lagos-Haulage-202');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm Password'), '6');
    expect(save).toBeEnabled();
  });

  it("shows 'Passwords do not match' in red only when both are filled and differ", async () => {
    const { user } = await renderPage();
    await user.type(screen.getByLabelText('Password'), 'Lagos-Haulage-2026');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    await user.type(screen.getByLabelText('Confirm Password'), 'Lagos');
    const message = screen.getByText('Passwords do not match');
    expect(message).toBeVisible();
    // Mantine's field error: drawn in the theme's error colour (red) and tied to the input.
    expect(message).toHaveClass('mantine-InputWrapper-error');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Confirm Password'));
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });

  it('sends resetToken and newPassword, then the success dialog leads to /signin', async () => {
    const api = mockApi({ 'POST /api/v1/user/password/reset/': { body: { status: 'Successful' } } });
    const { user, router } = await renderPage();
    await user.type(screen.getByLabelText('Password'), 'Lagos-Haulage-2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'Lagos-Haulage-2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Password Reset Successfully' });
    expect(within(dialog).getByText('Please login to your account. Thank you')).toBeVisible();
    expect(api.calls('POST /api/v1/user/password/reset/')[0]?.body).toEqual({
      resetToken: TOKEN,
      newPassword: 'Lagos-Haulage-2026',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('asks an invited fleet manager to accept the terms, and sends the consent with the password', async () => {
    const api = mockApi({ 'POST /api/v1/user/password/reset/': { body: { status: 'Successful' } } });
    const { user } = await renderPage(`${PATH}&invitation=1`);
    const consent = screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' });
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('target', '_blank');
    await user.type(screen.getByLabelText('Password'), 'Lagos-Haulage-2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'Lagos-Haulage-2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You must accept the terms and conditions')).toBeVisible();
    expect(api.calls('POST /api/v1/user/password/reset/')).toHaveLength(0);

    await user.click(consent);
    expect(screen.queryByText('You must accept the terms and conditions')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Password Reset Successfully' })).toBeVisible();
    expect(api.calls('POST /api/v1/user/password/reset/')[0]?.body).toEqual({
      resetToken: TOKEN,
      newPassword: 'Lagos-Haulage-2026',
      acceptTerms: true,
    });
  });

  it('asks for the consent when the server says the account has none on record, without failing the reset', async () => {
    let answered = 0;
    const api = mockApi({
      'POST /api/v1/user/password/reset/': () =>
        answered++ === 0
          ? {
              status: 400,
              body: {
                message: 'You must accept the terms and conditions',
                errors: [{ field: 'acceptTerms', message: 'You must accept the terms and conditions' }],
              },
            }
          : { body: { status: 'Successful' } },
    });
    const { user } = await renderPage();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.type(screen.getByLabelText('Password'), 'Lagos-Haulage-2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'Lagos-Haulage-2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You must accept the terms and conditions')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Reset Failed' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Password Reset Successfully' })).toBeVisible();
    expect(api.calls('POST /api/v1/user/password/reset/')[1]?.body).toMatchObject({ acceptTerms: true });
  });

  it('shows Reset Failed on an error answer, and closing it clears the stored session', async () => {
    mockApi({
      'POST /api/v1/user/password/reset/': { status: 400, body: { message: 'This reset link has expired.' } },
    });
    const { user, router } = await renderPage();
    // Auth values that are in the storages while the page is open (e.g. written by another tab).
    for (const storage of [window.sessionStorage, window.localStorage]) {
      storage.setItem('accessToken', 'stale-access');
      storage.setItem('refreshToken', 'stale-refresh');
      storage.setItem('userType', 'CUSTOMER');
      storage.setItem('firstName', 'Ada');
    }
    window.localStorage.setItem('notificationToken', 'push-1');
    await user.type(screen.getByLabelText('Password'), 'Lagos-Haulage-2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'Lagos-Haulage-2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reset Failed' });
    expect(within(dialog).getByText('Problems resetting your password')).toBeVisible();
    expect(within(dialog).getByText('This reset link has expired.')).toBeVisible();
    // Still there until the dialog is closed.
    expect(window.localStorage.getItem('accessToken')).toBe('stale-access');

    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset Failed' })).toBeNull());
    for (const key of ['accessToken', 'refreshToken', 'userType', 'firstName']) {
      expect(window.sessionStorage.getItem(key)).toBeNull();
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(window.localStorage.getItem('notificationToken')).toBe('push-1');
    expect(router.state.location.pathname).toBe('/reset/password');
  });

  it('treats a 200 answer without status Successful as a failure', async () => {
    mockApi({ 'POST /api/v1/user/password/reset/': { body: { status: 'Failed' } } });
    const { user } = await renderPage();
    await user.type(screen.getByLabelText('Password'), 'Lagos-Haulage-2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'Lagos-Haulage-2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Reset Failed' })).toBeVisible();
  });

  it('shows Reset Failed when the server cannot be reached', async () => {
    mockApi({
      'POST /api/v1/user/password/reset/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = await renderPage();
    await user.type(screen.getByLabelText('Password'), 'Lagos-Haulage-2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'Lagos-Haulage-2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Failed' });
    expect(within(dialog).getByText('Problems resetting your password')).toBeVisible();
  });

  it('checks the domain password rule before calling the API', async () => {
    const api = mockApi({});
    const { user } = await renderPage();
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This password is too common; choose another one')).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });

  it('explains a link without a token and links to a new request', async () => {
    renderRoute('/reset/password');
    expect(await screen.findByText('This reset link is incomplete')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Request a new password reset link' })).toHaveAttribute(
      'href',
      '/resetpassword',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('speaks Pidgin in an app shown in Pidgin', async () => {
    mockApi({});
    const element = (
      <AppLanguageProvider initialLocale="pcm">
        <NewPasswordPage />
      </AppLanguageProvider>
    );
    renderRoute(PATH, { routes: [{ path: '/reset/password', element }] });
    expect(await screen.findByText('Abeg put your new password and save am.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose new password' })).toBeVisible();
    expect(screen.getByLabelText('Type the password again')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ask for new one' })).toHaveAttribute('href', '/resetpassword');
  });
});
