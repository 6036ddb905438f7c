import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { pageOf } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';
import { daysFromToday, driver, DRIVER_ID, fleetManager, motorBoy, MOTOR_BOY_ID } from '../test-fixtures';

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

describe('the drivers, motor boys and fleet managers lists', () => {
  it('lists drivers with their licence expiry and filters the expiring ones', async () => {
    pretendDesktop();
    const expiring = driver({
      id: 'e1d2c3b4-0000-4000-8000-000000000009',
      firstName: 'Chinedu',
      lastName: 'Obi',
      licenceExpiresOn: daysFromToday(12),
    });
    const api = mockApi({ 'GET /api/v1/fleet/drivers': { body: pageOf([driver(), expiring]) } });
    seedSession('role_transporter');
    const { user, router } = renderRoute('/fleet/drivers');

    const table = await screen.findByRole('table', { name: 'Drivers' });
    expect(document.title).toBe('Drivers · Freightlane');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: 'Musa Ibrahim' })).toHaveAttribute(
      'href',
      `/fleet/drivers/${DRIVER_ID}`,
    );
    expect(within(rows[1]!).getByText('0803 123 4567')).toBeVisible();
    expect(within(rows[1]!).getByText('LAG12345AA01')).toBeVisible();
    expect(within(rows[1]!).queryByText('Expiring soon')).toBeNull();
    expect(within(rows[2]!).getByText('Expiring soon')).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: /Expiring documents/ }));
    await waitFor(() =>
      expect(queryOf(api.calls('GET /api/v1/fleet/drivers').at(-1)!.url)).toEqual({
        expiring: 'true',
        page: '0',
        size: '20',
      }),
    );
    expect(router.state.location.search).toBe('?expiring=1');
  });

  it('lists motor boys as cards on a phone, with no expiry filter', async () => {
    const api = mockApi({ 'GET /api/v1/fleet/motor-boys': { body: pageOf([motorBoy()]) } });
    seedSession('role_fleet_manager');
    const { user } = renderRoute('/fleet/motor-boys?status=active');
    const link = await screen.findByRole('link', { name: 'Tunde Bello' });
    expect(link).toHaveAttribute('href', `/fleet/motor-boys/${MOTOR_BOY_ID}`);
    const card = link.closest('li')!;
    expect(within(card).getByText('Ikeja, Lagos')).toBeVisible();
    expect(within(card).getByText('Chief Emeka Nwosu')).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: /Expiring documents/ })).toBeNull();
    expect(queryOf(api.calls('GET /api/v1/fleet/motor-boys')[0]!.url)).toMatchObject({ active: 'true' });
    expect(screen.getByRole('radio', { name: 'Active' })).toBeChecked();

    await user.click(within(card).getByRole('button', { name: 'Deactivate Tunde Bello' }));
    expect(screen.getByRole('dialog', { name: 'Deactivate Tunde Bello?' })).toHaveTextContent(
      'The motor boy stays in your records',
    );
  });

  it('shows pending invitations and lets only the owner invite fleet managers', async () => {
    mockApi({
      'GET /api/v1/fleet/managers': {
        body: pageOf([
          fleetManager(),
          fleetManager({ id: 'x2', firstName: 'Ifeoma', invitationStatus: 'ACCEPTED' }),
        ]),
      },
    });
    seedSession('role_transporter');
    renderRoute('/fleet/managers');
    const link = await screen.findByRole('link', { name: 'Ngozi Eze' });
    expect(within(link.closest('li')!).getByText('Invitation sent')).toBeVisible();
    expect(
      within(screen.getByRole('link', { name: 'Ifeoma Eze' }).closest('li')!).queryByText('Invitation sent'),
    ).toBeNull();
    expect(screen.getByRole('link', { name: 'Invite a fleet manager' })).toHaveAttribute(
      'href',
      '/fleet/managers/new',
    );
    expect(screen.getByRole('link', { name: 'Fleet managers' })).toHaveAttribute('aria-current', 'page');
  });
});
