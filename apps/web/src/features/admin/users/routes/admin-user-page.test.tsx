import { screen, waitFor, within } from '@testing-library/react';
import { DEACTIVATE_REASON_MESSAGE } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockReply } from '../../../../test/api-mock';
import { renderRoute, seedSession } from '../../../../test/render';
import { USER_ID, userDetail } from '../../test-fixtures';

const BASE = `/api/v1/admin/users/${USER_ID}`;

function open(routes: Record<string, MockReply> = {}, detail = userDetail()) {
  const api = mockApi({ [`GET ${BASE}`]: { body: detail }, ...routes });
  seedSession('role_admin', 'Bisi');
  return { api, ...renderRoute(`/admin/users/${USER_ID}`) };
}

describe("an admin's view of one user", () => {
  it('shows the account, its company, sign-ins and where its changes are', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Musa Bello' })).toBeVisible();
    expect(document.title).toBe('Musa Bello · Freightlane');
    expect(screen.getByText('Transporter at Kano Haulage Ltd')).toBeVisible();
    const account = within(screen.getByRole('region', { name: 'Account' }));
    expect(account.getByText('musa@kano-haulage.ng')).toBeVisible();
    expect(account.getByText('0803 123 4567')).toBeVisible();
    expect(account.getByText('2 devices now')).toBeVisible();
    expect(account.getByText('20 Nov 2026, 14:05')).toBeVisible();
    expect(screen.getByText('Active')).toBeVisible();
    expect(screen.getByRole('link', { name: /Changes made by Musa Bello/ })).toHaveAttribute(
      'href',
      `/admin/audit-log?actorUserId=${USER_ID}&actor=Musa+Bello`,
    );
    expect(screen.getByRole('link', { name: /Changes to this account/ }).getAttribute('href')).toContain(
      `entityType=user&entityId=${USER_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Resend activation link' })).toBeNull();
  });

  it('deactivates with a reason, checked before it is sent', async () => {
    const deactivated = userDetail({
      status: 'DEACTIVATED',
      deactivated: true,
      deactivatedAt: '2026-11-21T10:00:00.000Z',
      deactivationReason: 'Left the company',
      liveSessionCount: 0,
    });
    const { api, user } = open({ [`POST ${BASE}/deactivate`]: { body: deactivated } });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Musa Bello?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate account' }));
    expect(await within(dialog).findByText(DEACTIVATE_REASON_MESSAGE)).toBeVisible();
    expect(api.calls(`POST ${BASE}/deactivate`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Left the company');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate account' }));
    expect(await screen.findByText('Musa Bello is deactivated and signed out everywhere.')).toBeVisible();
    expect(api.calls(`POST ${BASE}/deactivate`)[0]!.body).toEqual({ reason: 'Left the company' });
    expect(await screen.findByText('Deactivated on 21 Nov 2026, 11:00')).toBeVisible();
    expect(screen.getByText(/Reason: Left the company/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  });

  it('reactivates after confirmation', async () => {
    const { api, user } = open(
      { [`POST ${BASE}/reactivate`]: { body: userDetail() } },
      userDetail({ status: 'DEACTIVATED', deactivated: true, deactivatedAt: '2026-11-21T10:00:00.000Z' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate Musa Bello?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Musa Bello can sign in again with their password.')).toBeVisible();
    expect(api.calls(`POST ${BASE}/reactivate`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeVisible();
  });

  it("resends the activation link to someone who never activated, and shows the server's refusal", async () => {
    const dormant = userDetail({
      status: 'NOT_ACTIVATED',
      activated: false,
      activatedAt: null,
      lastSignInAt: null,
    });
    const { api, user } = open(
      {
        [`POST ${BASE}/resend-activation`]: {
          status: 409,
          body: { message: 'This account is already active.' },
        },
      },
      dormant,
    );
    expect(await screen.findByText('Not activated yet')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resend activation link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Musa Bello a new activation link?' });
    expect(dialog).toHaveTextContent('Links sent earlier stop working.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('This account is already active.')).toBeVisible();
    expect(api.calls(`POST ${BASE}/resend-activation`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not offer an admin to deactivate their own account, and says when the company is suspended', async () => {
    open(
      {},
      userDetail({
        id: 'user-role_admin',
        userType: 'ADMIN',
        role: 'role_admin',
        company: {
          id: '7b0c5d2e-4a39-4a0e-9a34-0c1f5f1d2a10',
          name: 'Kano Haulage Ltd',
          type: 'TRANSPORTER',
          verificationStatus: 'VERIFIED',
          suspendedAt: '2026-11-21T08:00:00.000Z',
        },
      }),
    );
    expect(await screen.findByText('This is your account.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.getByText('Company suspended')).toBeVisible();
  });

  it("shows the server's message for a user that does not exist", async () => {
    mockApi({ [`GET ${BASE}`]: { status: 404, body: { message: 'User not found' } } });
    seedSession('role_admin');
    renderRoute(`/admin/users/${USER_ID}`);
    expect(await screen.findByText('User not found')).toBeVisible();
  });
});
