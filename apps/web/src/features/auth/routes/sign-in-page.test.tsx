import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppLanguageProvider } from '../../../i18n/app-language';
import { mockApi } from '../../../test/api-mock';
import { sessionValuesFor } from '../../../test/fakes';
import { renderRoute } from '../../../test/render';
import { SignInPage } from './sign-in-page';

function tokenPair(
  role: Parameters<typeof sessionValuesFor>[0],
  firstName = 'Chinedu',
): Record<string, string | number> {
  const values = sessionValuesFor(role, { firstName, nowS: Math.floor(Date.now() / 1000) });
  return { ...values, tokenType: 'Bearer', expiresIn: 900 };
}

async function signIn(user: ReturnType<typeof renderRoute>['user'], email = 'chinedu@apapa-freight.ng') {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'Container-yard-77');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in page', () => {
  it('sends the deviceId header from the stored notification token', async () => {
    window.localStorage.setItem('notificationToken', 'fcm-device-42');
    const api = mockApi({
      'POST /api/v1/auth/login': { body: tokenPair('role_transporter') },
      'GET /api/v1/company/documents/validate': { status: 500, body: { message: 'later' } },
    });
    const { user, router } = renderRoute('/signin');
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/transporterhome'));
    const login = api.calls('POST /api/v1/auth/login')[0];
    expect(login?.url).toBe('/api/v1/auth/login?clientId=WEB_CLIENT_APP');
    expect(login?.headers.deviceid).toBe('fcm-device-42');
  });

  it('omits the deviceId header without a notification token, and stores the session in both storages', async () => {
    const pair = tokenPair('role_customer', 'Ngozi');
    const api = mockApi({
      'POST /api/v1/auth/login': { body: pair },
      'GET /api/v1/company/documents/validate': { status: 500, body: { message: 'later' } },
    });
    const { user, router } = renderRoute('/signin');
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(api.calls('POST /api/v1/auth/login')[0]?.headers).not.toHaveProperty('deviceid');
    for (const storage of [window.sessionStorage, window.localStorage]) {
      expect(storage.getItem('accessToken')).toBe(pair.accessToken);
      expect(storage.getItem('refreshToken')).toBe(pair.refreshToken);
      expect(storage.getItem('userType')).toBe('CUSTOMER');
      expect(storage.getItem('firstName')).toBe('Ngozi');
    }
  });

  it("shows the server's message for wrong credentials and stays on the page", async () => {
    mockApi({ 'POST /api/v1/auth/login': { status: 401, body: { message: 'Wrong e-mail or password.' } } });
    const { user, router } = renderRoute('/signin');
    await signIn(user);
    expect(await screen.findByText('Wrong e-mail or password.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
    expect(window.sessionStorage.getItem('accessToken')).toBeNull();
  });

  it('offers to resend the activation e-mail to an account that is not activated', async () => {
    const api = mockApi({
      'POST /api/v1/auth/login': {
        status: 403,
        body: { message: 'Activate your account first.', code: 'ACCOUNT_NOT_ACTIVATED' },
      },
      'POST /api/v1/user/enrolment/email/resend': {
        body: { message: 'We have sent a new activation link.' },
      },
    });
    const { user } = renderRoute('/signin');
    await signIn(user, 'New.User@Example.ng');
    expect(await screen.findByRole('alert', { name: 'Account not activated' })).toHaveTextContent(
      'Activate your account first.',
    );
    await user.click(screen.getByRole('button', { name: 'Resend activation e-mail' }));
    expect(await screen.findByText('We have sent a new activation link.')).toBeVisible();
    expect(api.calls('POST /api/v1/user/enrolment/email/resend')[0]?.body).toEqual({
      email: 'new.user@example.ng',
    });
  });

  it('asks for both fields before calling the API', async () => {
    const api = mockApi({});
    const { user } = renderRoute('/signin');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });

  it('links to the password reset request', async () => {
    renderRoute('/signin');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/resetpassword',
    );
  });

  it('speaks Pidgin in an app shown in Pidgin', async () => {
    mockApi({});
    const element = (
      <AppLanguageProvider initialLocale="pcm">
        <SignInPage />
      </AppLanguageProvider>
    );
    renderRoute('/signin', { routes: [{ path: '/signin', element }] });
    expect(await screen.findByRole('link', { name: 'You forget your password?' })).toHaveAttribute(
      'href',
      '/resetpassword',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Freightlane' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toBeVisible();
  });
});
