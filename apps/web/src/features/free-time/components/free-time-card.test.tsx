import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { TripDetail } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockReply, type RecordedRequest } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { containerTrip, freeTime, PUT_FREE_TIME, TRIP_DETAIL, TRIP_ID } from '../test-fixtures';

// Each test renders the whole trip page, which takes seconds under jsdom.

type User = ReturnType<typeof userEvent.setup>;

/** The trip page over a trip the handlers may replace. */
function openTrip(
  role: 'role_customer' | 'role_transporter' | 'role_admin',
  trip: TripDetail,
  putFreeTime?: (request: RecordedRequest) => MockReply,
) {
  const state = { current: trip };
  const api = mockApi({
    [TRIP_DETAIL]: () => ({ body: state.current }),
    ...(putFreeTime ? { [PUT_FREE_TIME]: putFreeTime } : {}),
  });
  seedSession(role);
  const view = renderRoute(`/trips/${TRIP_ID}`);
  return { ...view, api, state };
}

async function findCard() {
  return screen.findByRole('region', { name: 'Free time and deposit' });
}

async function retype(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('free time on the trip page', () => {
  it('shows a customer the badge by the status, the line’s terms, the dates, the charges and what is at stake', async () => {
    openTrip('role_customer', containerTrip());
    const card = await findCard();

    // By the cargo type and the trip's status, saying what the count is of.
    const badge = screen.getByText(
      (_, element) =>
        element?.classList.contains('mantine-Badge-root') === true &&
        element.textContent === 'Free time: 3 days left',
    );
    expect(badge).toBeVisible();
    for (const text of [
      'Line’s free days7 days',
      'Demurrage a day₦45,000.00',
      'Detention a day₦30,000.00',
      'Discharge date20 Nov 2026',
      'Last free day26 Nov 2026',
      'Out of the port25 Nov 2026 (expected)',
      'Empty back to the line28 Nov 2026 (expected)',
      'Projected charges₦60,000.002 days of detention',
      'Deposit₦500,000.00 · Paid, held by the line',
      'At stake₦560,000.00',
    ]) {
      expect(card).toHaveTextContent(text);
    }
    expect(within(card).getByText('3 days left')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Edit the free time and deposit' })).toBeVisible();
  });

  it('shows a transporter the count from the delivery order, without an Edit button', async () => {
    openTrip(
      'role_transporter',
      containerTrip({
        freeTime: freeTime({ dischargeDate: null, lastFreeDay: '2026-12-01', daysLeft: 0, level: 'URGENT' }),
      }),
    );
    const card = await findCard();
    expect(card).toHaveTextContent('Discharge dateNot given');
    expect(card).toHaveTextContent('Last free day1 Dec 2026The delivery order’s last valid day');
    expect(within(card).getByText('Last free day today')).toBeVisible();
    expect(within(card).queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('says when the free time cannot be counted, and what would count it', async () => {
    openTrip(
      'role_customer',
      containerTrip({
        freeTime: freeTime({
          dischargeDate: null,
          deliveryOrderValidityDate: null,
          lastFreeDay: null,
          daysLeft: null,
          level: 'UNKNOWN',
        }),
      }),
    );
    const card = await findCard();
    expect(within(card).getByText('Free time not known')).toBeVisible();
    expect(card).toHaveTextContent('Last free dayNot known');
    expect(
      within(card).getByText(
        'Add the discharge date (or the delivery order’s validity on the container) to count the free days.',
      ),
    ).toBeVisible();
  });

  it('saves the customer’s dates and deposit in kobo, then shows the trip as the server has it', async () => {
    const saved = containerTrip({
      freeTime: freeTime({
        dischargeDate: '2026-11-21',
        lastFreeDay: '2026-11-27',
        daysLeft: 4,
        level: 'OK',
        expectedEmptyReturnDate: '2026-11-27',
        emptyReturn: { date: '2026-11-27', actual: false },
        detentionDays: 0,
        projectedChargesKobo: 0,
        deposit: { amountKobo: 45_000_050, status: 'REFUNDED', refundedOn: '2026-12-03' },
        atStakeKobo: 0,
      }),
    });
    const { api, state, user } = openTrip('role_customer', containerTrip(), () => {
      state.current = saved;
      return { body: saved };
    });
    const card = await findCard();
    await user.click(within(card).getByRole('button', { name: 'Edit the free time and deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Free time and deposit' });

    expect(within(dialog).getByLabelText('Discharge date', { exact: false })).toHaveValue('20 Nov 2026');
    expect(within(dialog).getByLabelText('Deposit paid to the line (₦)')).toHaveValue('500000.00');
    expect(within(dialog).queryByLabelText('Refunded on', { exact: false })).toBeNull();

    await retype(user, within(dialog).getByLabelText('Discharge date', { exact: false }), '21/11/2026');
    await retype(
      user,
      within(dialog).getByLabelText('Expected empty return', { exact: false }),
      '27/11/2026',
    );
    await retype(user, within(dialog).getByLabelText('Deposit paid to the line (₦)'), '450,000.50');
    await user.click(within(dialog).getByRole('textbox', { name: 'Deposit status' }));
    await user.click(await screen.findByRole('option', { name: 'Refunded' }));
    await user.type(within(dialog).getByLabelText('Refunded on', { exact: false }), '3 Dec 2026');
    const gets = api.calls(TRIP_DETAIL).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(PUT_FREE_TIME).map((r) => r.body)).toEqual([
      {
        dischargeDate: '2026-11-21',
        expectedEmptyReturnDate: '2026-11-27',
        depositKobo: 45_000_050,
        depositStatus: 'REFUNDED',
        depositRefundedOn: '2026-12-03',
      },
    ]);
    expect(
      await screen.findByText('Trip TRP-2026-000123: the free time and deposit are updated.'),
    ).toBeVisible();
    expect(api.calls(TRIP_DETAIL).length).toBeGreaterThan(gets);
    const updated = await findCard();
    expect(updated).toHaveTextContent('Deposit₦450,000.50 · Refunded on 3 Dec 2026');
    expect(updated).toHaveTextContent('4 days left');
    expect(updated).toHaveTextContent('At stake₦0.00');
  });

  it('asks for the refund day and shows the server’s refusal under its field', async () => {
    const { api, user } = openTrip('role_admin', containerTrip(), () => ({
      status: 400,
      body: {
        message: 'Invalid request. dischargeDate: The discharge date cannot be after the pickup',
        code: 'BAD_REQUEST',
        errors: [{ field: 'dischargeDate', message: 'The discharge date cannot be after the pickup' }],
      },
    }));
    const card = await findCard();
    await user.click(within(card).getByRole('button', { name: 'Edit the free time and deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Free time and deposit' });

    await user.click(within(dialog).getByRole('textbox', { name: 'Deposit status' }));
    await user.click(await screen.findByRole('option', { name: 'Refunded' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Enter the day the refund arrived')).toBeVisible();
    await retype(user, within(dialog).getByLabelText('Deposit paid to the line (₦)'), 'five hundred');
    expect(await within(dialog).findByText('Enter the deposit in naira, e.g. 250,000.00')).toBeVisible();
    expect(api.calls(PUT_FREE_TIME)).toHaveLength(0);

    await retype(user, within(dialog).getByLabelText('Deposit paid to the line (₦)'), '500000');
    await user.type(within(dialog).getByLabelText('Refunded on', { exact: false }), '3 Dec 2026');
    await retype(user, within(dialog).getByLabelText('Discharge date', { exact: false }), '30/11/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText('The discharge date cannot be after the pickup')).toBeVisible();
    expect(within(dialog).getByLabelText('Discharge date', { exact: false })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.calls(PUT_FREE_TIME)[0]?.body).toMatchObject({
      dischargeDate: '2026-11-30',
      depositKobo: 50_000_000,
      depositStatus: 'REFUNDED',
      depositRefundedOn: '2026-12-03',
    });
  });

  it('asks only for the discharge date of a shipper-owned container and sends the rest unchanged', async () => {
    const shipperOwned = containerTrip({
      cargoType: 'IMPORT_SHIPPER_OWNED',
      freeTime: freeTime({
        emptyReturn: null,
        expectedEmptyReturnDate: null,
        detentionDays: 0,
        projectedChargesKobo: 0,
        deposit: { amountKobo: null, status: 'NOT_PAID', refundedOn: null },
        atStakeKobo: 0,
      }),
    });
    const { api, user } = openTrip('role_customer', shipperOwned, () => ({ body: shipperOwned }));
    const card = await findCard();
    expect(card).not.toHaveTextContent('Detention a day');
    expect(card).not.toHaveTextContent('Empty back to the line');
    expect(card).not.toHaveTextContent('Deposit');

    await user.click(within(card).getByRole('button', { name: 'Edit the free time and deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Free time and deposit' });
    expect(within(dialog).queryByLabelText('Deposit paid to the line (₦)')).toBeNull();
    await retype(user, within(dialog).getByLabelText('Discharge date', { exact: false }), '');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls(PUT_FREE_TIME)).toHaveLength(1));
    expect(api.calls(PUT_FREE_TIME)[0]?.body).toEqual({
      dischargeDate: null,
      expectedEmptyReturnDate: null,
      depositKobo: null,
      depositStatus: 'NOT_PAID',
      depositRefundedOn: null,
    });
  });

  it('shows no free time for general cargo', async () => {
    openTrip('role_customer', containerTrip({ cargoType: 'GENERAL_CARGO', freeTime: null }));
    expect(await screen.findByRole('region', { name: 'Truck load' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Free time and deposit' })).toBeNull();
    expect(screen.queryAllByText(/Free time:/)).toHaveLength(0);
  });
});

describe('the invoice on the trip page', () => {
  const invoice = {
    id: 'e5555555-5555-4555-8555-555555555555',
    invoiceNumber: 'INV-2026-000311',
    amountKobo: 48_375_000,
    status: 'OVERDUE' as const,
    dueAt: '2026-12-10T11:00:00.000Z',
    chargesAwaitingAnswer: 2,
  };

  it('links the invoice to its page and tells the customer how many charges wait for an answer', async () => {
    openTrip('role_customer', containerTrip({ invoice }));
    const card = await screen.findByRole('region', { name: 'Invoice' });
    expect(within(card).getByRole('link', { name: 'INV-2026-000311' })).toHaveAttribute(
      'href',
      '/payments/e5555555-5555-4555-8555-555555555555',
    );
    expect(card).toHaveTextContent('Overdue');
    expect(card).toHaveTextContent('₦483,750.00');
    expect(within(card).getByRole('link', { name: '2 charges to answer' })).toHaveAttribute(
      'href',
      '/payments/e5555555-5555-4555-8555-555555555555',
    );
  });

  it('does not ask the transporter to answer its own charges', async () => {
    openTrip(
      'role_transporter',
      containerTrip({ invoice: { ...invoice, status: 'PAID', chargesAwaitingAnswer: 1 } }),
    );
    const card = await screen.findByRole('region', { name: 'Invoice' });
    expect(card).toHaveTextContent('Paid');
    expect(card).not.toHaveTextContent('to answer');
  });
});
