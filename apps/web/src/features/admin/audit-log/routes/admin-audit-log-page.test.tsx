import { screen, waitFor, within } from '@testing-library/react';
import { AUTOMATIC_ACTOR_NAME, type AuditLogEntry } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { fakeMediaQueryList } from '../../../../test/fakes';
import { renderRoute, seedSession } from '../../../../test/render';
import { auditEntry } from '../../test-fixtures';

const LOG = 'GET /api/v1/admin/audit-log';

function pageOf(content: AuditLogEntry[]) {
  return { content, totalElements: content.length, totalPages: 1, number: 0, size: 20 };
}

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

const ENTRIES = [
  auditEntry(),
  auditEntry({
    id: 40,
    at: '2026-11-21T03:00:00.000Z',
    actor: { kind: 'SYSTEM', userId: null, driverId: null, name: AUTOMATIC_ACTOR_NAME, email: null },
    company: null,
    action: 'trip.status_changed',
    entityType: 'trip',
    entityId: '9d2f4b1a-6c3e-4f7a-8b2d-1e0c9a8b7f66',
    data: { tripNumber: 'TRP-2026-000123', from: 'LOADED', to: 'AT_DELIVERY' },
    ipAddress: 'internal',
  }),
];

describe('the audit log page', () => {
  it('lists who changed what and when, and opens the before → after of a change', async () => {
    pretendDesktop();
    const api = mockApi({ [LOG]: { body: pageOf(ENTRIES) } });
    seedSession('role_admin');
    const { user } = renderRoute('/admin/audit-log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    expect(document.title).toBe('Audit log · Freightlane');

    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('21 Nov 2026, 10:30')).toBeVisible();
    expect(within(first!).getByText('Bisi Okafor')).toBeVisible();
    expect(first).toHaveTextContent('bisi@freightlane.ng');
    expect(within(first!).getByText('Company verified')).toBeVisible();
    expect(within(first!).getByText('102.89.34.10')).toBeVisible();
    expect(within(second!).getByText(AUTOMATIC_ACTOR_NAME)).toBeVisible();
    expect(within(second!).getByText('Trip status changed')).toBeVisible();
    expect(within(second!).getByRole('button', { name: 'Show every change to this trip' })).toHaveTextContent(
      'Trip TRP-2026-000123',
    );
    expect(queryOf(api.calls(LOG)[0]!.url)).toEqual({ page: '0', size: '20' });

    const toggle = within(first!).getByRole('button', { name: 'Show changes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const change = await screen.findByRole('table', { name: 'Before and after' });
    const row = within(change).getByRole('row', { name: /Verification status/ });
    expect(within(row).getByText('PENDING_REVIEW')).toBeVisible();
    expect(within(row).getByText('VERIFIED')).toBeVisible();
    expect(screen.getByText('Document ids:')).toBeVisible();
  });

  it('filters by the actor clicked, and the chip takes the filter off again', async () => {
    pretendDesktop();
    const api = mockApi({ [LOG]: { body: pageOf(ENTRIES) } });
    seedSession('role_admin');
    const { user, router } = renderRoute('/admin/audit-log');
    await user.click(await screen.findByRole('button', { name: 'Show changes by Bisi Okafor' }));
    await waitFor(() =>
      expect(queryOf(api.calls(LOG).at(-1)!.url)).toMatchObject({
        actorUserId: 'a1d4c9e2-7b3f-4a6e-8c1d-2e9f0b7a6c55',
      }),
    );
    expect(router.state.location.search).toContain('actor=Bisi+Okafor');
    expect(screen.getByText('By Bisi Okafor')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove the filter By Bisi Okafor' }));
    await waitFor(() => expect(queryOf(api.calls(LOG).at(-1)!.url)).not.toHaveProperty('actorUserId'));
  });

  it('sends the text, the kind of thing and a Lagos date range, and refuses a range that ends before it starts', async () => {
    pretendDesktop();
    const api = mockApi({ [LOG]: { body: pageOf([]) } });
    seedSession('role_admin');
    const { user } = renderRoute('/admin/audit-log');
    await user.type(await screen.findByLabelText('Search'), 'suspended');
    await waitFor(() => expect(queryOf(api.calls(LOG).at(-1)!.url)).toMatchObject({ q: 'suspended' }));

    await user.click(screen.getByRole('textbox', { name: 'Changed' }));
    await user.click(await screen.findByRole('option', { name: 'Company' }));
    await waitFor(() => expect(queryOf(api.calls(LOG).at(-1)!.url)).toMatchObject({ entityType: 'company' }));

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.type(to, '1/11/2026');
    await user.type(from, '20 Nov 2026');
    expect(await screen.findByText('To must not be before From')).toBeVisible();
    expect(queryOf(api.calls(LOG).at(-1)!.url)).not.toHaveProperty('from');
    await user.clear(to);
    await user.type(to, '21/11/2026');
    await waitFor(() =>
      expect(queryOf(api.calls(LOG).at(-1)!.url)).toMatchObject({ from: '2026-11-20', to: '2026-11-21' }),
    );

    expect(await screen.findByText(/No change matches these filters/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queryOf(api.calls(LOG).at(-1)!.url)).toEqual({ page: '0', size: '20' }));
  });

  it('shows one card per change on a phone, with the changes behind a button', async () => {
    mockApi({ [LOG]: { body: pageOf(ENTRIES) } });
    seedSession('role_admin');
    const { user } = renderRoute('/admin/audit-log');
    const list = await screen.findByRole('list', { name: 'Audit log' });
    expect(screen.queryByRole('table', { name: 'Audit log' })).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    await user.click(within(card!).getByRole('button', { name: 'Show changes' }));
    expect(await within(card!).findByRole('table', { name: 'Before and after' })).toBeVisible();
  });

  it("shows the server's message when the log cannot be read", async () => {
    mockApi({ [LOG]: { status: 400, body: { message: 'to must not be before from' } } });
    seedSession('role_admin');
    renderRoute('/admin/audit-log?from=2026-11-20&to=2026-11-01');
    expect(await screen.findByText('to must not be before from')).toBeVisible();
  });

  it('is for admins only', async () => {
    mockApi({});
    seedSession('role_customer');
    const { router } = renderRoute('/admin/audit-log');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
