import { configure, screen, waitFor, within } from '@testing-library/react';
import { USER_SEARCH_PHONE_MESSAGE, adminUserSchema, type AdminUser } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { apiFixture } from '../../../../test/api-fixture';
import { GHANA, profileFixture } from '../../../../test/profile-fixture';
import { mockApi } from '../../../../test/api-mock';
import { fakeMediaQueryList } from '../../../../test/fakes';
import { renderRoute, seedSession } from '../../../../test/render';

configure({ asyncUtilTimeout: 5000 });

const SEARCH = 'GET /api/v1/internal/user/search';
const COMPANY_ID = '7b0c5d2e-4a39-4a0e-9a34-0c1f5f1d2a10';

function user(overrides: Partial<AdminUser> = {}): AdminUser {
  return apiFixture(adminUserSchema, {
    id: 'u1',
    firstName: 'Musa',
    lastName: 'Bello',
    email: 'musa@kano-haulage.ng',
    phoneNumber: '+2348031234567',
    userType: 'TRANSPORTER',
    role: 'role_transporter',
    activated: true,
    deactivated: false,
    createdAt: '2026-11-01T09:00:00.000Z',
    company: {
      id: COMPANY_ID,
      name: 'Kano Haulage Ltd',
      type: 'TRANSPORTER',
      verificationStatus: 'VERIFIED',
    },
    ...overrides,
  });
}

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

const qOf = (url: string) => new URL(url, 'http://localhost').searchParams.get('q');

describe('the admin user search', { timeout: 20_000 }, () => {
  it('checks the number with the API’s rule, then lists the users with it', async () => {
    pretendDesktop();
    const api = mockApi({
      [SEARCH]: {
        body: [
          user(),
          user({
            id: 'u2',
            firstName: 'Ngozi',
            lastName: 'Eze',
            email: 'ngozi@kano-haulage.ng',
            role: 'role_fleet_manager',
            userType: 'FLEET_MANAGER',
            activated: false,
            deactivated: true,
          }),
        ],
      },
    });
    seedSession('role_admin');
    const { user: person, router } = renderRoute('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    expect(document.title).toBe('Users · Freightlane');

    const phone = screen.getByLabelText('Phone number');
    await person.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Enter the phone number to search for')).toBeVisible();
    await person.type(phone, '080312345');
    await person.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(USER_SEARCH_PHONE_MESSAGE)).toBeVisible();
    expect(api.calls(SEARCH)).toHaveLength(0);

    await person.type(phone, '67');
    await person.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Users with this phone number' });
    expect(qOf(api.calls(SEARCH)[0]!.url)).toBe('phoneNumber:08031234567');
    expect(router.state.location.search).toBe('?phone=08031234567');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Musa Bello')).toBeVisible();
    expect(within(rows[1]!).getByText('musa@kano-haulage.ng')).toBeVisible();
    expect(within(rows[1]!).getByText('0803 123 4567')).toBeVisible();
    expect(within(rows[1]!).getByText('Transporter')).toBeVisible();
    expect(within(rows[1]!).getByRole('link', { name: 'Kano Haulage Ltd' })).toHaveAttribute(
      'href',
      `/admin/companies/${COMPANY_ID}`,
    );
    expect(within(rows[1]!).getByText('Activated')).toBeVisible();
    expect(within(rows[2]!).getByText('Fleet manager')).toBeVisible();
    expect(within(rows[2]!).getByText('Not activated')).toBeVisible();
    expect(within(rows[2]!).getByText('Deactivated')).toBeVisible();
  });

  it('sends an E.164 number with its plus encoded and says when nobody has it', async () => {
    const api = mockApi({ [SEARCH]: { body: [] } });
    seedSession('role_admin');
    const { user: person } = renderRoute('/admin/users');
    await person.type(await screen.findByLabelText('Phone number'), '+234 803 123 4567');
    await person.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No user has this phone number')).toBeVisible();
    expect(api.calls(SEARCH)[0]!.url).toContain('q=phoneNumber%3A%2B2348031234567');
  });

  it('shows one card per user on a phone and runs the search in the address again', async () => {
    const api = mockApi({ [SEARCH]: { body: [user()] } });
    seedSession('role_admin');
    renderRoute('/admin/users?phone=8031234567');
    const name = await screen.findByText('Musa Bello');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(name.closest('li')!).getByRole('link', { name: 'Kano Haulage Ltd' })).toBeVisible();
    expect(screen.getByLabelText('Phone number')).toHaveValue('8031234567');
    expect(qOf(api.calls(SEARCH)[0]!.url)).toBe('phoneNumber:8031234567');
  });

  it('is for admins only', async () => {
    mockApi({});
    seedSession('role_transporter');
    const { router } = renderRoute('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transporterhome'));
  });
  it("names the phone code of the admin's country, from GET /user/me", async () => {
    mockApi({
      'GET /api/v1/user/me': {
        body: {
          status: 'Successful',
          data: profileFixture(
            {
              email: 'tolu@freightlane.ng',
              firstName: 'Tolu',
              lastName: 'Adeyemi',
              userType: 'ADMIN',
              role: 'role_admin',
            },
            { id: 'p1', name: 'Freightlane Operations', type: 'PLATFORM', verificationStatus: 'VERIFIED' },
            GHANA,
          ),
        },
      },
    });
    seedSession('role_admin', 'Tolu');
    renderRoute('/admin/users');
    const phone = await screen.findByLabelText('Phone number');
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(
        '10 digits without the leading 0, 11 with it, or +233 followed by 10 digits',
      ),
    );
  });
});
