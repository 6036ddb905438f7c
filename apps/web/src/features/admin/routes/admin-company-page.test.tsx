import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockReply } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { companyDetail } from '../test-fixtures';

const ID = '7b0c5d2e-4a39-4a0e-9a34-0c1f5f1d2a10';
const BASE = `/api/v1/admin/companies/${ID}`;
/** The first render loads the page's lazy chunk, which can take a while on a busy machine. */
// A busy machine also slows the dialogs' round trips.

function open(routes: Record<string, MockReply | ((request: { body: unknown }) => MockReply)> = {}) {
  const api = mockApi({
    [`GET ${BASE}`]: { body: companyDetail() },
    'GET /api/v1/admin/companies': {
      body: { content: [], totalElements: 0, totalPages: 0, number: 0, size: 20 },
    },
    ...routes,
  });
  seedSession('role_admin', 'Bisi');
  return { api, ...renderRoute(`/admin/companies/${ID}`) };
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('reviewing one company', () => {
  it('shows the details, the documents and the review state', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kano Haulage Ltd' })).toBeVisible();
    expect(document.title).toBe('Kano Haulage Ltd · Freightlane');
    expect(screen.getByText('Transporter · signed up 18 Nov 2026')).toBeVisible();
    expect(screen.getByText('Awaiting your review')).toBeVisible();
    expect(screen.getByText('RC 1234567')).toBeVisible();
    expect(screen.getByText('3 Wharf Road, Apapa, Lagos, Lagos')).toBeVisible();
    expect(screen.getByText('Musa Bello · musa@kano-haulage.ng')).toBeVisible();
    const documents = within(screen.getByRole('region', { name: 'Documents' }));
    expect(documents.getByText('Goods-in-transit insurance')).toBeVisible();
    expect(documents.getByText(/git-insurance\.pdf · 100 KB/)).toBeVisible();
    expect(documents.getAllByText('Awaiting review')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'All companies' })).toHaveAttribute('href', '/admin/companies');
  });

  it('verifies after confirmation and says so', async () => {
    const { api, user } = open({
      [`POST ${BASE}/verify`]: {
        body: companyDetail({ verificationStatus: 'VERIFIED', verifiedAt: '2026-11-21T10:00:00.000Z' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Kano Haulage Ltd?' });
    expect(dialog).toHaveTextContent('Its users can bid for haulage jobs at once.');
    expect(api.calls(`POST ${BASE}/verify`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Kano Haulage Ltd is verified. We e-mailed its users.')).toBeVisible();
    expect(api.calls(`POST ${BASE}/verify`)).toHaveLength(1);
    expect(await screen.findByText('Verified on 21 Nov 2026, 11:00')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it("shows the server's message when verifying is refused", async () => {
    const { user } = open({
      [`POST ${BASE}/verify`]: {
        status: 409,
        body: { message: 'This company cannot be verified yet. Missing or rejected: TIN.', code: 'CONFLICT' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText('This company cannot be verified yet. Missing or rejected: TIN.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cannot verify an incomplete company and lists what is missing', async () => {
    open({
      [`GET ${BASE}`]: {
        body: companyDetail({
          verificationStatus: 'UNVERIFIED',
          tin: null,
          missingDetails: ['tin'],
          missingDocuments: ['OPERATING_LICENCE'],
        }),
      },
    });
    expect(await screen.findByText('Missing before it can be verified')).toBeVisible();
    expect(screen.getByText('Tax identification number (TIN)', { selector: 'li *, li' })).toBeVisible();
    expect(screen.getByText('Operating licence (missing or rejected)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });

  it('rejects with a required reason', async () => {
    const { api, user } = open({
      [`POST ${BASE}/reject`]: (request) => ({
        body: companyDetail({
          verificationStatus: 'REJECTED',
          rejectionReason: (request.body as { reason: string }).reason,
        }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Kano Haulage Ltd?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject company' }));
    expect(await within(dialog).findByText('Give the reason, so the company can fix it')).toBeVisible();
    expect(api.calls(`POST ${BASE}/reject`)).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      'The insurance certificate has expired',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject company' }));
    expect(
      await screen.findByText('Kano Haulage Ltd is rejected. We e-mailed the reason to its users.'),
    ).toBeVisible();
    expect(api.calls(`POST ${BASE}/reject`)[0]!.body).toEqual({
      reason: 'The insurance certificate has expired',
    });
    expect(await screen.findByText('Reason given: The insurance certificate has expired')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('downloads a document with the bearer token', async () => {
    const toObjectUrl = vi.fn(() => 'blob:doc');
    Object.assign(URL, { createObjectURL: toObjectUrl, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, user } = open({ [`GET ${BASE}/documents/d2/file`]: { body: { pretend: 'pdf' } } });
    await user.click(await screen.findByRole('button', { name: 'Download CAC certificate' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.calls(`GET ${BASE}/documents/d2/file`)[0]!.headers.authorization).toMatch(/^Bearer /);
  });

  it('says when the company does not exist', async () => {
    open({ [`GET ${BASE}`]: { status: 404, body: { message: 'Company not found' } } });
    expect(await screen.findByText('Company not found')).toBeVisible();
    expect(screen.getByText('Could not load this company')).toBeVisible();
  });

  it('suspends with a required reason, shows the suspension and links to its users and audit log', async () => {
    const { api, user } = open({
      [`POST ${BASE}/suspend`]: (request) => ({
        body: companyDetail({
          suspendedAt: '2026-11-21T10:00:00.000Z',
          suspensionReason: (request.body as { reason: string }).reason,
        }),
      }),
    });
    expect(await screen.findByRole('link', { name: 'Its users' })).toHaveAttribute(
      'href',
      `/admin/users?companyId=${ID}&company=Kano+Haulage+Ltd`,
    );
    expect(screen.getByRole('link', { name: 'Its audit log' })).toHaveAttribute(
      'href',
      `/admin/audit-log?companyId=${ID}&company=Kano+Haulage+Ltd`,
    );
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Kano Haulage Ltd?' });
    expect(dialog).toHaveTextContent('Everyone at the company is signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend company' }));
    expect(await within(dialog).findByText('Give the reason for the suspension')).toBeVisible();
    expect(api.calls(`POST ${BASE}/suspend`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Forged insurance certificate');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend company' }));
    expect(
      await screen.findByText('Kano Haulage Ltd is suspended. Its users are signed out and cannot sign in.'),
    ).toBeVisible();
    expect(api.calls(`POST ${BASE}/suspend`)[0]!.body).toEqual({ reason: 'Forged insurance certificate' });
    expect(await screen.findByText('Suspended on 21 Nov 2026, 11:00')).toBeVisible();
    expect(screen.getByText('Reason: Forged insurance certificate')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Lift suspension' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lifts a suspension after confirmation', async () => {
    const { api, user } = open({
      [`GET ${BASE}`]: {
        body: companyDetail({ suspendedAt: '2026-11-21T10:00:00.000Z', suspensionReason: 'Unpaid invoices' }),
      },
      [`POST ${BASE}/unsuspend`]: { body: companyDetail() },
    });
    expect(await screen.findByText('Reason: Unpaid invoices')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Lift suspension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift the suspension of Kano Haulage Ltd?' });
    expect(api.calls(`POST ${BASE}/unsuspend`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText('The suspension of Kano Haulage Ltd is lifted. Its users can sign in again.'),
    ).toBeVisible();
    expect(api.calls(`POST ${BASE}/unsuspend`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Suspend' })).toBeVisible();
    expect(screen.queryByText('Reason: Unpaid invoices')).toBeNull();
  });
});
