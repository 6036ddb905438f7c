import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  lagosDateTimeInput,
  lagosDateTimeText,
  tripCallUpSchema,
  type CallUpTicket,
  type TripCallUp,
} from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { AppLanguageProvider } from '../../../i18n/app-language';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi, type RecordedRequest } from '../../../test/api-mock';
import { createTestStore, seedSession, TestProviders } from '../../../test/render';
import { typedDayFirst } from '../../../test/typed-date';
import { TripCashCard } from '../../trip-cash';
import { CallUpCard } from './call-up-card';

const TRIP_ID = 'b1111111-1111-4111-8111-111111111111';
const CALL_UP = `GET /api/v1/trips/${TRIP_ID}/call-up`;
const RECORD = `POST /api/v1/trips/${TRIP_ID}/call-ups`;
const MONEY = `GET /api/v1/trips/${TRIP_ID}/money`;
const EXPENSE_ID = 'e1111111-1111-4111-8111-111111111111';
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const TERMINAL = { id: 'f1111111-1111-4111-8111-111111111111', name: 'APM Terminals Apapa' };
const LILYPOND = { id: 'a2111111-1111-4111-8111-111111111111', name: 'Lilypond Truck Park' };
const TIN_CAN_BAY = { id: 'a3222222-2222-4222-8222-222222222222', name: 'Tin Can Holding Bay' };

const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();

function ticket(overrides: Partial<CallUpTicket> = {}): CallUpTicket {
  return {
    id: 'c1111111-1111-4111-8111-111111111111',
    ticketNumber: 'ETO-APP-220145',
    terminal: TERMINAL,
    holdingBay: LILYPOND,
    // Open an hour ago; closes in 7 h 12 min (and half a minute, so the countdown reads 12 min all along).
    validFrom: at(-HOUR_MS),
    validUntil: at(7 * HOUR_MS + 12 * MINUTE_MS + 30_000),
    costKobo: 1_500_000,
    expenseId: null,
    state: 'OPEN',
    recordedBy: 'Ada Okafor',
    createdAt: at(-2 * HOUR_MS),
    ...overrides,
  };
}

function callUp(overrides: Partial<TripCallUp> = {}): TripCallUp {
  return apiFixture(tripCallUpSchema, {
    terminal: TERMINAL,
    closedBecause: null,
    tickets: [ticket()],
    arrivedPickupAt: null,
    holdingBays: [LILYPOND, TIN_CAN_BAY],
    waits: { holdingBayMinutes: 320, gateMinutes: 105 },
    ...overrides,
  });
}

function renderCard(
  initial: TripCallUp,
  extra: Record<string, (r: RecordedRequest) => { status?: number; body: unknown }> = {},
  locale: 'en-NG' | 'pcm' = 'en-NG',
  withCash = false,
) {
  const api = mockApi({ [CALL_UP]: { body: initial }, ...extra });
  seedSession('role_transporter');
  const store = createTestStore();
  store.start();
  const user = userEvent.setup();
  render(
    <TestProviders store={store}>
      <AppLanguageProvider initialLocale={locale}>
        <CallUpCard tripId={TRIP_ID} />
        {withCash ? <TripCashCard tripId={TRIP_ID} /> : null}
      </AppLanguageProvider>
    </TestProviders>,
  );
  return { api, user };
}

async function card(name = 'Eto call-up') {
  return within(await screen.findByRole('region', { name }));
}

/** Opens the dialog and fills it: a window from tomorrow 08:00 to 20:00, Lagos time. */
async function fillTicket(user: ReturnType<typeof userEvent.setup>, c: Awaited<ReturnType<typeof card>>) {
  await user.click(c.getByRole('button', { name: 'Record call-up ticket' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Record call-up ticket' }));
  const day = lagosDateTimeInput(new Date(Date.now() + 24 * HOUR_MS)).slice(0, 10);
  await user.type(dialog.getByLabelText('Ticket number'), 'ETO-APP-230877');
  await user.click(dialog.getByRole('textbox', { name: 'Holding bay' }));
  await user.click(await screen.findByRole('option', { name: 'Tin Can Holding Bay' }));
  await user.type(dialog.getByLabelText('Window opens'), typedDayFirst(day));
  fireEvent.change(dialog.getByLabelText('Window opens: time'), { target: { value: '08:00' } });
  await user.type(dialog.getByLabelText('Window closes'), typedDayFirst(day));
  fireEvent.change(dialog.getByLabelText('Window closes: time'), { target: { value: '20:00' } });
  await user.type(dialog.getByLabelText('Cost'), '15,000');
  return { dialog, day };
}

describe('the call-up card', () => {
  it('shows the open ticket counting down, its window and cost, the waits, and the earlier tickets', async () => {
    const current = ticket();
    const missed = ticket({
      id: 'c2222222-2222-4222-8222-222222222222',
      ticketNumber: 'ETO-APP-219900',
      validFrom: at(-30 * HOUR_MS),
      validUntil: at(-20 * HOUR_MS),
      costKobo: 1_200_000,
      state: 'MISSED',
    });
    renderCard(callUp({ tickets: [current, missed] }));
    const c = await card();
    const now = within(c.getByRole('region', { name: 'Current ticket' }));
    expect(now.getByText('Ticket ETO-APP-220145')).toBeVisible();
    const countdown = now.getByText('Closes in 7 h 12 min');
    // Under twelve hours left: the first alert's yellow.
    expect(countdown.closest('.mantine-Badge-root')).toHaveAttribute('data-state', 'OPEN');
    expect(countdown.closest('.mantine-Badge-root')?.getAttribute('style')).toMatch(/yellow/);
    expect(now.getByText('APM Terminals Apapa')).toBeVisible();
    expect(now.getByText('Lilypond Truck Park')).toBeVisible();
    expect(
      now.getByText(`${lagosDateTimeText(current.validFrom)} to ${lagosDateTimeText(current.validUntil)}`),
    ).toBeVisible();
    expect(now.getByText('₦15,000.00')).toBeVisible();
    expect(now.getByText('Waiting in the holding bay: 5 h 20 min')).toBeVisible();
    expect(now.getByText('Gate to loaded: 1 h 45 min')).toBeVisible();
    const earlier = within(c.getByRole('listitem', { name: 'Ticket ETO-APP-219900' }));
    expect(earlier.getByText('Window missed')).toBeVisible();
    expect(earlier.getByText(/₦12,000.00$/)).toBeVisible();
    expect(c.getByRole('button', { name: 'Record call-up ticket' })).toBeVisible();
  });

  it('says when an upcoming window opens, with no waits measured yet', async () => {
    renderCard(
      callUp({
        tickets: [ticket({ validFrom: at(HOUR_MS + 90 * MINUTE_MS + 30_000), state: 'UPCOMING' })],
        waits: { holdingBayMinutes: null, gateMinutes: null },
      }),
    );
    const c = await card();
    expect(c.getByText('Opens in 2 h 30 min')).toBeVisible();
    expect(c.queryByText(/Waiting in the holding bay/)).toBeNull();
    expect(c.queryByText(/Gate to loaded/)).toBeNull();
  });

  it('says when the truck reached the terminal on a used ticket', async () => {
    const arrived = at(-30 * MINUTE_MS);
    renderCard(callUp({ arrivedPickupAt: arrived, tickets: [ticket({ state: 'USED' })] }));
    const c = await card();
    expect(c.getByText(`Used: reached the terminal ${lagosDateTimeText(arrived)}`)).toBeVisible();
  });

  it('says when a missed window closed', async () => {
    const closed = at(-3 * HOUR_MS);
    renderCard(
      callUp({ tickets: [ticket({ validFrom: at(-15 * HOUR_MS), validUntil: closed, state: 'MISSED' })] }),
    );
    const c = await card();
    expect(c.getByText(`Window missed: closed ${lagosDateTimeText(closed)}`)).toBeVisible();
  });

  it('counts down while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      renderCard(callUp());
      const c = await card();
      expect(c.getByText('Closes in 7 h 12 min')).toBeVisible();
      act(() => vi.advanceTimersByTime(60_000));
      expect(c.getByText('Closes in 7 h 11 min')).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns orange under two hours left', async () => {
    renderCard(callUp({ tickets: [ticket({ validUntil: at(95 * MINUTE_MS + 30_000) })] }));
    const c = await card();
    const badge = c.getByText('Closes in 1 h 35 min').closest('.mantine-Badge-root');
    expect(badge?.getAttribute('style')).toMatch(/orange/);
  });

  it('is not there for a trip that picks up away from the call-up ports', async () => {
    const { api } = renderCard(callUp({ terminal: null, tickets: [], closedBecause: 'Not a call-up port' }));
    await waitFor(() => expect(api.calls(CALL_UP)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Eto call-up' })).toBeNull();
    expect(document.getElementById('call-up')).toBeNull();
  });

  it('asks for the first ticket at a call-up port, and shows why none can be recorded once closed', async () => {
    renderCard(callUp({ tickets: [], closedBecause: 'The trip is settled; it takes no further change' }));
    const c = await card();
    expect(
      c.getByText(
        'No call-up ticket yet. The truck enters APM Terminals Apapa only in the window of an Eto ticket.',
      ),
    ).toBeVisible();
    expect(c.getByText('The trip is settled; it takes no further change')).toBeVisible();
    expect(c.queryByRole('button', { name: 'Record call-up ticket' })).toBeNull();
  });

  it('records a ticket: Lagos times with +01:00, the cost in kobo, and shows the answer', async () => {
    const recorded = ticket({
      id: 'c3333333-3333-4333-8333-333333333333',
      ticketNumber: 'ETO-APP-230877',
      holdingBay: TIN_CAN_BAY,
      validFrom: at(20 * HOUR_MS),
      validUntil: at(32 * HOUR_MS),
      state: 'UPCOMING',
      expenseId: EXPENSE_ID,
    });
    const { api, user } = renderCard(callUp(), {
      [RECORD]: () => ({ status: 201, body: callUp({ tickets: [recorded, ticket()] }) }),
    });
    const c = await card();

    // Nothing is sent before the form is whole.
    await user.click(c.getByRole('button', { name: 'Record call-up ticket' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Record call-up ticket' }));
    await user.click(dialog.getByRole('button', { name: 'Record ticket' }));
    expect(await dialog.findByText('Enter the ticket number Eto gave')).toBeVisible();
    expect(dialog.getByText('Choose the holding bay on the ticket')).toBeVisible();
    expect(dialog.getByText('Enter the cost')).toBeVisible();
    expect(api.calls(RECORD)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const filled = await fillTicket(user, c);
    dialog = filled.dialog;
    await user.click(
      dialog.getByRole('checkbox', { name: "The driver paid it: add it to the trip's expenses" }),
    );
    await user.click(dialog.getByRole('button', { name: 'Record ticket' }));
    await waitFor(() => expect(api.calls(RECORD)).toHaveLength(1));
    expect(api.calls(RECORD)[0]!.body).toEqual({
      ticketNumber: 'ETO-APP-230877',
      holdingBayId: TIN_CAN_BAY.id,
      validFrom: `${filled.day}T08:00:00+01:00`,
      validUntil: `${filled.day}T20:00:00+01:00`,
      costKobo: 1_500_000,
      paidByDriver: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const now = within(c.getByRole('region', { name: 'Current ticket' }));
    expect(now.getByText('Ticket ETO-APP-230877')).toBeVisible();
    expect(now.getByText("Paid by the driver, in the trip's expenses")).toBeVisible();
    expect(c.getByRole('listitem', { name: 'Ticket ETO-APP-220145' })).toBeVisible();
  });

  it('refreshes the trip cash beside it when the driver paid the ticket', async () => {
    const { api, user } = renderCard(
      callUp(),
      {
        [RECORD]: () => ({ status: 201, body: callUp({ tickets: [ticket({ expenseId: EXPENSE_ID })] }) }),
        [MONEY]: () => ({ status: 404, body: { message: 'Trip not found' } }),
      },
      'en-NG',
      true,
    );
    const c = await card();
    await waitFor(() => expect(api.calls(MONEY)).toHaveLength(1));
    const { dialog } = await fillTicket(user, c);
    await user.click(
      dialog.getByRole('checkbox', { name: "The driver paid it: add it to the trip's expenses" }),
    );
    await user.click(dialog.getByRole('button', { name: 'Record ticket' }));
    await waitFor(() => expect(api.calls(RECORD)).toHaveLength(1));
    // The expense the ticket became shows on the trip's cash without a reload.
    await waitFor(() => expect(api.calls(MONEY)).toHaveLength(2));
  });

  it('puts the server’s field refusal under its field, and a refusal of the trip in the dialog', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        message: 'Invalid request',
        code: 'BAD_REQUEST',
        errors: [{ field: 'body.ticketNumber', message: 'Ticket ETO-APP-230877 is already recorded' }],
      },
    };
    const { api, user } = renderCard(callUp(), { [RECORD]: () => answer });
    const c = await card();
    const { dialog } = await fillTicket(user, c);
    await user.click(dialog.getByRole('button', { name: 'Record ticket' }));
    expect(await dialog.findByText('Ticket ETO-APP-230877 is already recorded')).toBeVisible();
    expect(dialog.getByLabelText('Ticket number')).toHaveAttribute('aria-invalid', 'true');

    answer = { status: 409, body: { message: 'The trip is settled; it takes no further change' } };
    await user.click(dialog.getByRole('button', { name: 'Record ticket' }));
    const alert = await dialog.findByRole('alert', { name: 'The ticket was not recorded' });
    expect(alert).toHaveTextContent('The trip is settled; it takes no further change');
    expect(api.calls(RECORD)).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Record call-up ticket' })).toBeVisible();
  });

  it('speaks Pidgin', async () => {
    renderCard(callUp(), {}, 'pcm');
    const c = await card();
    expect(c.getByText('E go close in 7 h 12 min')).toBeVisible();
    expect(c.getByText('Time wey e wait for holding bay: 5 h 20 min')).toBeVisible();
    expect(c.getByText('From gate till dem load am: 1 h 45 min')).toBeVisible();
    expect(c.getByRole('button', { name: 'Record call-up ticket' })).toBeVisible();
  });
});
