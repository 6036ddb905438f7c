import { screen, waitFor, within } from '@testing-library/react';
import { lagosToday } from '@freightlane/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockReply } from '../../../test/api-mock';
import { profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';

const PROFILE = profileFixture(
  { email: 'ngozi@okafor-imports.ng', firstName: 'Ngozi', userType: 'CUSTOMER', role: 'role_customer' },
  { name: 'Okafor Imports Ltd', type: 'CUSTOMER' },
);
const ERASE = 'POST /api/v1/user/me/erasure';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.restoreAllMocks();
});

function profileApi(erasure?: MockReply) {
  return mockApi({
    'GET /api/v1/user/me': { body: { status: 'Successful', data: PROFILE } },
    'GET /api/v1/user/me/data': { body: { exportedAt: '2026-11-21T10:00:00.000Z' } },
    ...(erasure ? { [ERASE]: erasure } : {}),
  });
}

async function openProfile() {
  seedSession('role_customer', 'Ngozi');
  const view = renderRoute('/profile');
  await screen.findByRole('heading', { level: 2, name: 'Your data' });
  return view;
}

async function openDeleteDialog(user: Awaited<ReturnType<typeof openProfile>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('dialog', { name: 'Delete your account?' });
}

describe('the "Your data" card of the profile page', () => {
  it('downloads the JSON file of my data with the bearer token, named after the Lagos date', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:my-data'), revokeObjectURL: vi.fn() });
    let savedAs = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    const api = profileApi();
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(savedAs).toBe(`freightlane-my-data-${lagosToday()}.json`));
    const [call] = api.calls('GET /api/v1/user/me/data');
    expect(call!.headers.authorization).toMatch(/^Bearer /);
  });

  it('says what is erased and what the company keeps, and asks for the password before sending', async () => {
    const api = profileApi();
    const { user } = await openProfile();
    const dialog = await openDeleteDialog(user);
    expect(within(dialog).getByText('What we erase')).toBeVisible();
    expect(within(dialog).getByText('Your name, e-mail address, phone number and password.')).toBeVisible();
    expect(
      within(dialog).getByText(
        'Your text and WhatsApp messages with us: what we sent loses its words, what you wrote is deleted.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByText('What Okafor Imports Ltd keeps')).toBeVisible();
    expect(within(dialog).getByText(/trips, orders, invoices and trip notes stay/)).toBeVisible();
    // The password field has the focus, so the dialog works from the keyboard.
    await waitFor(() => expect(within(dialog).getByLabelText('Your password')).toHaveFocus());

    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Enter your password')).toBeVisible();
    expect(api.calls(ERASE)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a wrong password under the field and keeps the person signed in', async () => {
    profileApi({
      status: 400,
      body: {
        message: 'The password is not correct.',
        errors: [{ field: 'password', message: 'The password is not correct.' }],
      },
    });
    const { user, router } = await openProfile();
    const dialog = await openDeleteDialog(user);
    await user.type(within(dialog).getByLabelText('Your password'), 'Not-my-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('The password is not correct.')).toBeVisible();
    expect(within(dialog).getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/profile');
    expect(window.sessionStorage.getItem('accessToken')).not.toBeNull();
  });

  it("shows the server's reason when the company still needs its owner", async () => {
    const reason =
      'You are the only owner of Okafor Imports Ltd, which still has 2 trips under way. Finish or cancel them, or ask Freightlane support to hand the company over, before you delete your account.';
    profileApi({ status: 409, body: { message: reason } });
    const { user } = await openProfile();
    const dialog = await openDeleteDialog(user);
    await user.type(within(dialog).getByLabelText('Your password'), 'Sturdy-Cargo-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(reason);
    // The toast carries the same message.
    expect(await screen.findAllByText(reason)).toHaveLength(2);
  });

  it('on success clears the session and lands on /signin with a notice', async () => {
    const api = profileApi({ body: { status: 'Successful', message: 'Your account is deleted.' } });
    const { user, router } = await openProfile();
    const dialog = await openDeleteDialog(user);
    await user.type(within(dialog).getByLabelText('Your password'), 'Sturdy-Cargo-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByText('Your account is deleted')).toBeVisible();
    expect(screen.getByText(/you are signed out on every device/)).toBeVisible();
    expect(api.calls(ERASE)[0]?.body).toEqual({ password: 'Sturdy-Cargo-2026' });
    // Signing in afresh goes home, not back to the erased person's profile.
    expect(router.state.location.state).toBeNull();
    for (const key of ['accessToken', 'refreshToken', 'userType', 'firstName']) {
      expect(window.sessionStorage.getItem(key)).toBeNull();
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    // The server ended the sessions itself: no logout call.
    expect(api.calls('POST /api/v1/auth/logout')).toHaveLength(0);
  });
});
