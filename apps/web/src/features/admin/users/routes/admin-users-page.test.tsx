import { screen, waitFor, within } from '@testing-library/react';
import type { AdminUserSummary } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { fakeMediaQueryList } from '../../../../test/fakes';
import { renderRoute, seedSession } from '../../../../test/render';
import { USER_ID, userSummary } from '../../test-fixtures';

const USERS = 'GET /api/v1/admin/users';
const COMPANY_ID = '7b0c5d2e-4a39-4a0e-9a34-0c1f5f1d2a10';

function pageOf(content: AdminUserSummary[]) {
  return { content, totalElements: content.length, totalPages: 1, number: 0, size: 20 };
}

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

const DORMANT = userSummary({
  id: 'u2',
  firstName: 'Ngozi',
  lastName: 'Eze',
  email: 'ngozi@kano-haulage.ng',
  role: 'role_fleet_manager',
  userType: 'FLEET_MANAGER',
  activated: false,
  status: 'NOT_ACTIVATED',
  lastSignInAt: null,
});

describe('the admin users list', () => {
  it('lists every account with its role, company, status and last sign-in', async () => {
    pretendDesktop();
    const api = mockApi({ [USERS]: { body: pageOf([userSummary(), DORMANT]) } });
    seedSession('role_admin');
    renderRoute('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    expect(document.title).toBe('Users · Freightlane');

    const table = await screen.findByRole('table', { name: 'Users' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Musa Bello' })).toHaveAttribute(
      'href',
      `/admin/users/${USER_ID}`,
    );
    // The address is one piece of text with places it may break (after "@", before "."), not mid-word.
    const email = within(first!).getByText(
      (_, element) =>
        element?.textContent === 'musa@kano-haulage.ng' && element.querySelector(':scope > wbr') !== null,
    );
    expect(email).toBeVisible();
    expect(email.querySelectorAll('wbr')).toHaveLength(2);
    expect(within(first!).getByText('0803 123 4567')).toBeVisible();
    expect(within(first!).getByText('Transporter')).toBeVisible();
    expect(within(first!).getByRole('link', { name: 'Kano Haulage Ltd' })).toHaveAttribute(
      'href',
      `/admin/companies/${COMPANY_ID}`,
    );
    expect(within(first!).getByText('Active')).toBeVisible();
    expect(within(first!).getByText('20 Nov 2026, 14:05')).toBeVisible();
    expect(within(second!).getByText('Fleet manager')).toBeVisible();
    expect(within(second!).getByText('Not activated')).toBeVisible();
    expect(within(second!).getByText('Never')).toBeVisible();
    expect(queryOf(api.calls(USERS)[0]!.url)).toEqual({ page: '0', size: '20' });
    expect(screen.getByText('1–2 of 2 users')).toBeVisible();
  });

  it('searches by name, e-mail or phone and filters by role and account status', async () => {
    pretendDesktop();
    const api = mockApi({ [USERS]: { body: pageOf([userSummary()]) } });
    seedSession('role_admin');
    const { user, router } = renderRoute('/admin/users');
    await user.type(await screen.findByLabelText('Search'), '0803 123');
    await waitFor(() => expect(queryOf(api.calls(USERS).at(-1)!.url)).toMatchObject({ q: '0803 123' }));

    await user.click(screen.getByRole('textbox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Fleet manager' }));
    await user.click(screen.getByRole('textbox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'Deactivated' }));
    await waitFor(() =>
      expect(queryOf(api.calls(USERS).at(-1)!.url)).toMatchObject({
        q: '0803 123',
        role: 'role_fleet_manager',
        status: 'DEACTIVATED',
      }),
    );
    expect(router.state.location.search).toContain('status=DEACTIVATED');
  });

  it("shows a company's users from its page, and the chip shows everyone again", async () => {
    pretendDesktop();
    const api = mockApi({ [USERS]: { body: pageOf([userSummary()]) } });
    seedSession('role_admin');
    const { user } = renderRoute(`/admin/users?companyId=${COMPANY_ID}&company=Kano+Haulage+Ltd`);
    expect(await screen.findByText('Company: Kano Haulage Ltd')).toBeVisible();
    expect(queryOf(api.calls(USERS)[0]!.url)).toMatchObject({ companyId: COMPANY_ID });
    await user.click(screen.getByRole('button', { name: 'Show users of every company' }));
    await waitFor(() => expect(queryOf(api.calls(USERS).at(-1)!.url)).not.toHaveProperty('companyId'));
  });

  it('says why nobody matches and clears the search', async () => {
    pretendDesktop();
    const api = mockApi({ [USERS]: { body: pageOf([]) } });
    seedSession('role_admin');
    const { user } = renderRoute('/admin/users?q=zzz');
    expect(await screen.findByText(/No user matches “zzz”/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queryOf(api.calls(USERS).at(-1)!.url)).toEqual({ page: '0', size: '20' }));
  });

  it('shows one card per user on a phone', async () => {
    mockApi({ [USERS]: { body: pageOf([userSummary(), DORMANT]) } });
    seedSession('role_admin');
    renderRoute('/admin/users');
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card!).getByRole('link', { name: 'Musa Bello' })).toBeVisible();
    expect(within(card!).getByText('Last sign-in: 20 Nov 2026, 14:05')).toBeVisible();
  });

  it('is for admins only', async () => {
    mockApi({});
    seedSession('role_transporter');
    const { router } = renderRoute('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transporterhome'));
  });
});
