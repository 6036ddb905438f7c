import { screen, waitFor, within } from '@testing-library/react';
import { earningSchema, type Earning } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { apiFixture } from '../../../../test/api-fixture';
import { mockApi } from '../../../../test/api-mock';
import { fakeMediaQueryList } from '../../../../test/fakes';
import { pageOf } from '../../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../../test/render';

const PAYOUT_ID = '5e1d7c3a-9b2f-4d6e-8a1c-3f5b7d9e1a24';
const LIST = 'GET /api/v1/admin/payouts';
const MARK = `POST /api/v1/admin/payouts/${PAYOUT_ID}/paid`;

function payoutRow(overrides: Partial<Earning> = {}, payout: Partial<Earning['payout']> = {}): Earning {
  return apiFixture(earningSchema, {
    invoiceId: 'invoice-1',
    invoiceNumber: 'INV-2026-000017',
    trip: { id: 'trip-1', tripNumber: 'TRP-2026-000123' },
    customerName: 'Okafor Imports Ltd',
    transporterName: 'Kano Haulage Ltd',
    paidAt: '2026-11-24T13:05:00.000Z',
    payout: {
      id: PAYOUT_ID,
      status: 'PENDING',
      paidKobo: 48_375_000,
      commissionBasisPoints: 500,
      commissionKobo: 2_250_000,
      netKobo: 46_125_000,
      reference: null,
      paidOutAt: null,
      ...payout,
    },
    ...overrides,
  });
}

const PAID = payoutRow(
  { invoiceId: 'invoice-2', invoiceNumber: 'INV-2026-000018', transporterName: 'Lagos Movers Ltd' },
  { id: 'payout-2', status: 'PAID', reference: 'GTB-7781', paidOutAt: '2026-11-25T09:00:00.000Z' },
);

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

describe('the back office payouts', () => {
  it('lists payouts, pending first as the API sends them, with the net to pay out', async () => {
    pretendDesktop();
    const api = mockApi({ [LIST]: { body: pageOf([payoutRow(), PAID]) } });
    seedSession('role_admin', 'Bisi');
    renderRoute('/admin/payouts');
    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(document.title).toBe('Payouts · Freightlane');
    expect(api.calls(LIST)[0]!.url).toBe('/api/v1/admin/payouts?page=0&size=20');
    const [, pending, paid] = within(table).getAllByRole('row');
    expect(pending).toHaveTextContent('Kano Haulage Ltd');
    expect(pending).toHaveTextContent('₦483,750.00₦22,500.005%₦461,250.00Payout pending');
    expect(within(pending!).getByRole('link', { name: 'INV-2026-000017' })).toHaveAttribute(
      'href',
      '/payments/invoice-1',
    );
    expect(paid).toHaveTextContent('Paid out25 Nov 2026 · GTB-7781');
    expect(within(paid!).queryByRole('button')).toBeNull();
  });

  it('marks a payout paid with the transfer reference, checked first and refused on the field', async () => {
    pretendDesktop();
    let refuse = true;
    const api = mockApi({
      [LIST]: { body: pageOf([payoutRow()]) },
      [MARK]: () => {
        if (!refuse)
          return {
            body: payoutRow(
              {},
              { status: 'PAID', reference: 'UBA/20261125/1', paidOutAt: '2026-11-25T10:00:00.000Z' },
            ),
          };
        refuse = false;
        return {
          status: 409,
          body: {
            message: 'This reference is already used',
            errors: [{ field: 'reference', message: 'This reference is already used for another payout' }],
          },
        };
      },
    });
    seedSession('role_admin');
    const { user } = renderRoute('/admin/payouts');
    await user.click(
      await screen.findByRole('button', { name: 'Mark paid: ₦461,250.00 to Kano Haulage Ltd' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark the payout paid' });
    expect(dialog).toHaveTextContent('Transfer ₦461,250.00 to Kano Haulage Ltd for trip TRP-2026-000123');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(
      await within(dialog).findByText('Enter the transfer reference from the bank statement'),
    ).toBeVisible();
    expect(api.calls(MARK)).toHaveLength(0);

    const reference = within(dialog).getByLabelText(/Transfer reference/);
    await user.type(reference, 'UBA/20261125/1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(
      await within(dialog).findByText('This reference is already used for another payout'),
    ).toBeVisible();
    expect(api.calls(MARK)[0]!.body).toEqual({ reference: 'UBA/20261125/1' });

    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(
      await screen.findByText('The payout of ₦461,250.00 to Kano Haulage Ltd is marked paid. They are told.'),
    ).toBeVisible();
    await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(1));
  });

  it('filters by status and searches, on a phone as cards', async () => {
    const api = mockApi({ [LIST]: { body: pageOf([payoutRow()]) } });
    seedSession('role_admin');
    const { user, router } = renderRoute('/admin/payouts');
    const card = (await screen.findByText('Kano Haulage Ltd')).closest('li')!;
    expect(screen.queryByRole('table')).toBeNull();
    expect(card).toHaveTextContent('Net₦461,250.00');
    expect(within(card).getByRole('button', { name: /Mark paid/ })).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search payouts' }), 'Kano');
    await waitFor(() =>
      expect(api.calls(LIST).at(-1)!.url).toBe('/api/v1/admin/payouts?status=PENDING&q=Kano&page=0&size=20'),
    );
    expect(router.state.location.search).toBe('?tab=pending&q=Kano');
  });

  it('says when there is nothing to pay out, and shows a failure with the server’s message', async () => {
    const api = mockApi({ [LIST]: { body: pageOf([]) } });
    seedSession('role_admin');
    const { user } = renderRoute('/admin/payouts');
    expect(await screen.findByText(/^No payouts yet\./)).toBeVisible();
    api.fetchMock.mockImplementation(async () =>
      Response.json({ message: 'Payouts are locked' }, { status: 503 }),
    );
    await user.click(screen.getByRole('tab', { name: 'Paid' }));
    expect(await screen.findByText('Payouts are locked')).toBeVisible();
  });

  it('is for admins only', async () => {
    mockApi({});
    seedSession('role_transporter');
    const { router } = renderRoute('/admin/payouts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transporterhome'));
  });
});
