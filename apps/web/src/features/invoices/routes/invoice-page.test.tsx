import { screen, waitFor, within } from '@testing-library/react';
import { DAY_MS, lagosToday, type InvoiceDetail } from '@freightlane/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockReply, type RecordedRequest } from '../../../test/api-mock';
import type { TestRole } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { shownDayFirst } from '../../../test/typed-date';
import { checkoutRedirect } from '../api/checkout-redirect';
import {
  CHARGE_ID,
  INVOICE_ID,
  chargeFixture,
  invoiceDetailFixture,
  paymentFixture,
  payoutFixture,
} from '../test-fixtures';

const BASE = `/api/v1/invoices/${INVOICE_ID}`;
const CHARGE = `${BASE}/charges/${CHARGE_ID}`;
type Route = MockReply | ((request: RecordedRequest) => MockReply);

/**
 * Opens the invoice page as a role. The invoice is read from `state.current`, so an action's handler can
 * change what the page reads again afterwards.
 */
function open(role: TestRole, detail: InvoiceDetail, routes: Record<string, Route> = {}) {
  const state = { current: detail };
  const api = mockApi({ [`GET ${BASE}`]: () => ({ body: state.current }), ...routes });
  seedSession(role);
  return { api, state, ...renderRoute(`/payments/${INVOICE_ID}`) };
}

const PROPOSED = chargeFixture();
const WITH_PROPOSED = invoiceDetailFixture({ charges: [PROPOSED], chargesAwaitingAnswer: 1 });

async function chargeRow() {
  const table = await screen.findByRole('table', { name: 'Amounts' });
  return within(within(table).getByText('Waiting time at pickup').closest('tr')!);
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('the invoice page', () => {
  it('shows the parties, the trip, the cargo and the figures with VAT at 7.5%', async () => {
    open('role_customer', WITH_PROPOSED);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-2026-000017' })).toBeVisible();
    expect(document.title).toBe('Invoice INV-2026-000017 · Freightlane');

    const trip = screen.getByRole('region', { name: 'Trip and parties' });
    expect(trip).toHaveTextContent('Okafor Imports Ltd12 Creek Road, Apapa, Lagosaccounts@okafor-imports.ng');
    expect(trip).toHaveTextContent('Kano Haulage Ltd3 Wharf Road, Apapa, Lagos');
    expect(trip).toHaveTextContent('Import LOC');
    expect(trip).toHaveTextContent('23 Nov 2026');
    expect(within(trip).getByRole('link', { name: 'TRP-2026-000123' })).toHaveAttribute(
      'href',
      '/trips/trip-1',
    );
    expect(within(trip).getByRole('list', { name: 'Cargo' })).toHaveTextContent('MSKU1234565 · 40 ft');

    const rows = within(screen.getByRole('table', { name: 'Amounts' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ItemAmount',
      'Haulage₦450,000.00',
      expect.stringMatching(
        /^Waiting time at pickupAwaiting your answer.*Waited 15 h 20 min, 12 free hours: 4 started hours at ₦5,000.00 an hour\..*₦20,000.00not in the total$/,
      ),
      'Subtotal₦450,000.00',
      'VAT 7.5%₦33,750.00',
      'Total₦483,750.00',
    ]);
    expect(
      screen.getByText('Proposed by Freightlane from the trip’s times on 23 Nov 2026, 10:00'),
    ).toBeVisible();
  });

  it('asks the customer to answer the charges before paying, with the Pay button disabled', async () => {
    open('role_customer', WITH_PROPOSED);
    expect(await screen.findByText('A charge awaits your answer')).toBeVisible();
    const pay = screen.getByRole('button', { name: 'Pay ₦483,750.00' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(/A charge awaits your answer\. Accept or dispute it first/);
    expect(screen.queryByRole('region', { name: 'Payout' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a charge' })).toBeNull();
  });

  it('lets the customer accept a charge, after which the invoice can be paid', async () => {
    const accepted = invoiceDetailFixture({
      charges: [
        chargeFixture({
          status: 'ACCEPTED',
          answeredBy: 'Adaeze Okafor',
          answeredAt: '2026-11-23T11:00:00.000Z',
        }),
      ],
      chargesKobo: 2_000_000,
      subtotalKobo: 47_000_000,
      vatKobo: 3_525_000,
      amountKobo: 50_525_000,
      actions: ['PAY'],
    });
    const { api, state, user } = open('role_customer', WITH_PROPOSED, {
      [`POST ${CHARGE}/accept`]: () => {
        state.current = accepted;
        return { body: accepted };
      },
    });
    await user.click((await chargeRow()).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this charge?' });
    expect(dialog).toHaveTextContent('₦20,000.00 is added to the invoice, with VAT on it.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText('The charge of ₦20,000.00 is accepted and added to the invoice.'),
    ).toBeVisible();
    expect(api.calls(`POST ${CHARGE}/accept`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Pay ₦505,250.00' })).toBeEnabled();
    expect((await chargeRow()).getByText('Accepted')).toBeVisible();
    expect(screen.getByRole('table', { name: 'Amounts' })).toHaveTextContent('VAT 7.5%₦35,250.00');
  });

  it('disputes a charge only with a note, and shows the server’s message under it', async () => {
    const { api, user } = open('role_customer', WITH_PROPOSED, {
      [`POST ${CHARGE}/dispute`]: (request) =>
        (request.body as { note: string }).note.includes('gate')
          ? {
              status: 400,
              body: {
                message: 'Validation failed',
                errors: [{ field: 'note', message: 'The note must not name a person' }],
              },
            }
          : { body: invoiceDetailFixture({ charges: [chargeFixture({ status: 'DISPUTED' })] }) },
    });
    await user.click((await chargeRow()).getByRole('button', { name: 'Dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute the charge' });
    await user.click(within(dialog).getByRole('button', { name: 'Dispute the charge' }));
    expect(await within(dialog).findByText('Say why you dispute the charge')).toBeVisible();
    expect(api.calls(`POST ${CHARGE}/dispute`)).toHaveLength(0);

    const note = within(dialog).getByLabelText(/Why do you dispute it\?/);
    await user.type(note, 'Musa at the gate said the truck came at noon');
    await user.click(within(dialog).getByRole('button', { name: 'Dispute the charge' }));
    expect(await within(dialog).findByText('The note must not name a person')).toBeVisible();
    expect(note).toHaveAttribute('aria-invalid', 'true');

    await user.clear(note);
    await user.type(note, 'The truck arrived at noon, not at 6 am');
    await user.click(within(dialog).getByRole('button', { name: 'Dispute the charge' }));
    expect(
      await screen.findByText(
        'The charge is disputed. The transporter is told and may revise or withdraw it.',
      ),
    ).toBeVisible();
    expect(api.calls(`POST ${CHARGE}/dispute`).at(-1)!.body).toEqual({
      note: 'The truck arrived at noon, not at 6 am',
    });
  });

  it('sends the customer to the checkout page with the server’s amount', async () => {
    const assign = vi.spyOn(checkoutRedirect, 'assign').mockImplementation(() => {});
    const { api, user } = open('role_customer', invoiceDetailFixture({ actions: ['PAY'] }), {
      [`POST ${BASE}/checkout`]: {
        body: { authorizationUrl: 'https://checkout.paystack.com/abc123', reference: 'FL-abc123' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay ₦483,750.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.paystack.com/abc123'));
    expect(api.calls(`POST ${BASE}/checkout`)[0]!.body).toBeUndefined();
  });

  it('shows why a checkout was refused', async () => {
    const assign = vi.spyOn(checkoutRedirect, 'assign').mockImplementation(() => {});
    const { user } = open('role_customer', invoiceDetailFixture({ actions: ['PAY'] }), {
      [`POST ${BASE}/checkout`]: { status: 409, body: { message: 'This invoice is already paid.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay ₦483,750.00' }));
    expect(await screen.findByText('This invoice is already paid.')).toBeVisible();
    expect(assign).not.toHaveBeenCalled();
  });

  it('lets the transporter add a charge in naira, placing the server’s refusal under the amount', async () => {
    let refuse = true;
    const { api, user } = open('role_transporter', invoiceDetailFixture({ actions: ['PROPOSE_CHARGE'] }), {
      [`POST ${BASE}/charges`]: () => {
        if (!refuse) return { body: WITH_PROPOSED };
        refuse = false;
        return {
          status: 400,
          body: {
            message: 'Validation failed',
            errors: [{ field: 'amountKobo', message: 'The amount is too large' }],
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add a charge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a charge' });
    const amount = within(dialog).getByLabelText(/Amount/);
    await user.type(amount, 'twenty');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Second trip to the holding bay');
    await user.click(within(dialog).getByRole('button', { name: 'Propose the charge' }));
    expect(
      await within(dialog).findByText('Enter the amount in naira, e.g. 25000 or 25,000.50'),
    ).toBeVisible();
    expect(api.calls(`POST ${BASE}/charges`)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '25,000.50');
    await user.click(within(dialog).getByRole('button', { name: 'Propose the charge' }));
    expect(await within(dialog).findByText('The amount is too large')).toBeVisible();
    expect(api.calls(`POST ${BASE}/charges`)[0]!.body).toEqual({
      amountKobo: 2_500_050,
      reason: 'Second trip to the holding bay',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Propose the charge' }));
    expect(
      await screen.findByText('A charge of ₦25,000.50 is proposed. The customer is asked to answer it.'),
    ).toBeVisible();
    expect(api.calls(`POST ${BASE}/charges`)).toHaveLength(2);
  });

  it('shows the transporter the customer’s dispute note, and revises or withdraws the charge', async () => {
    const disputed = chargeFixture({
      kind: 'OTHER',
      status: 'DISPUTED',
      reason: 'Extra night at the holding bay',
      waiting: null,
      proposedBy: 'Musa Bello',
      disputeNote: 'The holding bay was your choice',
      answeredBy: 'Adaeze Okafor',
      answeredAt: '2026-11-23T12:00:00.000Z',
    });
    const { api, user } = open(
      'role_transporter',
      invoiceDetailFixture({ charges: [disputed], actions: ['PROPOSE_CHARGE'] }),
      {
        [`PATCH ${CHARGE}`]: { body: WITH_PROPOSED },
        [`POST ${CHARGE}/withdraw`]: { body: invoiceDetailFixture() },
      },
    );
    const table = await screen.findByRole('table', { name: 'Amounts' });
    const row = within(within(table).getByText('Extra charge').closest('tr')!);
    expect(row.getByText('Disputed')).toBeVisible();
    expect(row.getByText('The customer’s note:')).toBeVisible();
    expect(row.getByText('The holding bay was your choice')).toBeVisible();
    expect(row.queryByRole('button', { name: 'Accept' })).toBeNull();

    await user.click(row.getByRole('button', { name: 'Revise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revise the charge' });
    expect(within(dialog).getByText('The holding bay was your choice')).toBeVisible();
    const amount = within(dialog).getByLabelText(/Amount/);
    expect(amount).toHaveValue('20000.00');
    await user.clear(amount);
    await user.type(amount, '15000');
    await user.click(within(dialog).getByRole('button', { name: 'Save and propose again' }));
    expect(await screen.findByText(/The charge is revised to ₦15,000.00/)).toBeVisible();
    expect(api.calls(`PATCH ${CHARGE}`)[0]!.body).toEqual({
      amountKobo: 1_500_000,
      reason: 'Extra night at the holding bay',
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(row.getByRole('button', { name: 'Withdraw' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw this charge?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The charge is withdrawn. The customer is told.')).toBeVisible();
    expect(api.calls(`POST ${CHARGE}/withdraw`)).toHaveLength(1);
  });

  it('shows the transporter the payout of a paid invoice and the payment received', async () => {
    open(
      'role_fleet_manager',
      invoiceDetailFixture({
        status: 'PAID',
        paidAt: '2026-11-24T13:05:00.000Z',
        payments: [paymentFixture()],
        payout: payoutFixture({
          status: 'PAID',
          reference: 'GTB-7781',
          paidOutAt: '2026-11-25T09:00:00.000Z',
        }),
        charges: [chargeFixture({ status: 'DISPUTED', disputeNote: 'Not agreed' })],
      }),
    );
    const payout = await screen.findByRole('region', { name: 'Payout' });
    expect(payout).toHaveTextContent('Paid out');
    expect(payout).toHaveTextContent('Paid by the customer₦483,750.00');
    expect(payout).toHaveTextContent('Commission (5%)₦22,500.00');
    expect(payout).toHaveTextContent('Net to the transporter₦461,250.00');
    expect(payout).toHaveTextContent('25 Nov 2026 · GTB-7781');
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(payments).toHaveTextContent('Online (Paystack)Received₦483,750.00');
    expect(payments).toHaveTextContent('Reference FL-INV-2026-000017-1a2b · card · paid 24 Nov 2026, 14:05');
    expect(screen.getByText('A disputed charge stays outside this invoice')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Paid on24 Nov 2026');
    expect(screen.queryByRole('button', { name: /Revise|Withdraw|Add a charge/ })).toBeNull();
  });

  it('lets an admin record a bank transfer, with the server’s refusal under the reference', async () => {
    let refuse = true;
    const { api, user } = open(
      'role_admin',
      invoiceDetailFixture({
        status: 'OVERDUE',
        dueAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
        actions: ['RECORD_BANK_TRANSFER'],
      }),
      {
        [`POST /api/v1/admin/invoices/${INVOICE_ID}/bank-transfer`]: () => {
          if (!refuse) return { body: invoiceDetailFixture({ status: 'PAID' }) };
          refuse = false;
          return {
            status: 409,
            body: {
              message: 'This reference is already recorded',
              errors: [
                { field: 'reference', message: 'This reference is already recorded on INV-2026-000009' },
              ],
            },
          };
        },
      },
    );
    expect(await screen.findByText(/· Overdue/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Record bank transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a bank transfer' });
    expect(within(dialog).getByLabelText(/Day the money arrived/)).toHaveValue(shownDayFirst(lagosToday()));
    await user.type(within(dialog).getByLabelText(/Transfer reference/), 'FBN/TRF/20261124/0042');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    expect(
      await within(dialog).findByText('This reference is already recorded on INV-2026-000009'),
    ).toBeVisible();
    expect(api.calls(`POST /api/v1/admin/invoices/${INVOICE_ID}/bank-transfer`)[0]!.body).toEqual({
      reference: 'FBN/TRF/20261124/0042',
      receivedOn: lagosToday(),
    });

    await user.type(within(dialog).getByLabelText(/Note/), 'Seen on the 24 Nov statement');
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    expect(
      await screen.findByText('INV-2026-000017 is paid by bank transfer. Both companies are told.'),
    ).toBeVisible();
    expect(api.calls(`POST /api/v1/admin/invoices/${INVOICE_ID}/bank-transfer`)[1]!.body).toEqual({
      reference: 'FBN/TRF/20261124/0042',
      receivedOn: lagosToday(),
      note: 'Seen on the 24 Nov statement',
    });
  });

  it('downloads the PDF with the bearer token', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, user } = open('role_customer', invoiceDetailFixture(), {
      [`GET ${BASE}/pdf`]: { body: { pretend: 'pdf' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.calls(`GET ${BASE}/pdf`)[0]!.headers.authorization).toMatch(/^Bearer /);
  });

  it('says when the invoice is not the company’s', async () => {
    mockApi({ [`GET ${BASE}`]: { status: 404, body: { message: 'Invoice not found' } } });
    seedSession('role_customer');
    renderRoute(`/payments/${INVOICE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to payments' })).toHaveAttribute('href', '/payments');
  });

  it('shows other failures with the server’s message and a way to try again', async () => {
    let fail = true;
    const api = mockApi({
      [`GET ${BASE}`]: () =>
        fail
          ? { status: 503, body: { message: 'Invoices are being reconciled' } }
          : { body: invoiceDetailFixture() },
    });
    seedSession('role_customer');
    const { user } = renderRoute(`/payments/${INVOICE_ID}`);
    expect(await screen.findByText('Invoices are being reconciled')).toBeVisible();
    expect(screen.getByText('Could not load the invoice')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-2026-000017' })).toBeVisible();
    expect(api.calls(`GET ${BASE}`)).toHaveLength(2);
  });
});
