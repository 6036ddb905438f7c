import { callUpState, type CallUpTicketRequest, type TripCallUp } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { dateTimeValue, queueNotification, type NotificationEvent } from '../notification';
import { recordExpenseIn } from '../road-money';
import { loadTripFor, type TripRecord } from '../trip';
import {
  callUpsOfTrip,
  callUpsToMeasure,
  callUpTerminal,
  closingCallUps,
  findHoldingBay,
  holdingBayMinutes,
  holdingBayOptions,
  insertCallUp,
  markCallUpAlerted,
  saveCallUpWaits,
  type ClosingCallUp,
} from './call-up.repository';

const HOUR_MS = 3_600_000;
/** Positions from this long before the window opens count as waiting in the holding bay. */
const WAIT_BEFORE_WINDOW_MS = 48 * HOUR_MS;
const FORMER = 'A former user';

const NOT_A_CALL_UP_PORT = 'A call-up is for pickups at the Apapa and Tin Can Island port terminals';
const ENDED = 'The trip has ended';
const AT_TERMINAL = 'The truck has reached the terminal: its call-up is behind it';

/** The trip, for its transporter's people (and admins reading); the customer is answered 404. */
async function tripOfTransporter(
  db: Executor,
  principal: Principal,
  tripId: string,
  options: { forUpdate?: boolean; write?: boolean } = {},
): Promise<TripRecord> {
  const { trip, side } = await loadTripFor(db, principal, tripId, { forUpdate: options.forUpdate });
  if (side === 'CUSTOMER') throw notFound('Trip');
  if (side === 'ADMIN' && options.write) {
    throw new AppError('FORBIDDEN', "Only the transporter's owner or fleet managers record a call-up");
  }
  return trip;
}

/** Why no ticket can be recorded on the trip now; null when one can. */
function closedBecause(trip: TripRecord, terminal: unknown, admin: boolean): string | null {
  if (!terminal) return NOT_A_CALL_UP_PORT;
  if (trip.completed || trip.cancelledAt) return ENDED;
  if (trip.arrivedPickupAt) return AT_TERMINAL;
  if (admin) return 'Admins read a trip’s call-up; the transporter records it';
  return null;
}

/** Minutes from reaching the terminal to being loaded; null until both happened (or if out of order). */
function gateMinutesOf(trip: Pick<TripRecord, 'arrivedPickupAt' | 'loadedAt'>): number | null {
  if (!trip.arrivedPickupAt || !trip.loadedAt) return null;
  const minutes = (trip.loadedAt.getTime() - trip.arrivedPickupAt.getTime()) / 60_000;
  return minutes >= 0 ? Math.round(minutes) : null;
}

/** The window whose positions count as waiting in the bay, up to the terminal (or `now`, before it). */
function waitWindow(
  ticket: { holdingBayId: string; validFrom: Date },
  trip: { truckId: string | null; truckAssignedAt: Date | null; arrivedPickupAt: Date | null },
  companyId: string,
  now: Date,
) {
  const earliest = ticket.validFrom.getTime() - WAIT_BEFORE_WINDOW_MS;
  return {
    truckId: trip.truckId,
    companyId,
    holdingBayId: ticket.holdingBayId,
    from: new Date(Math.max(earliest, trip.truckAssignedAt?.getTime() ?? earliest)),
    to: trip.arrivedPickupAt ?? now,
  };
}

/** GET /api/v1/trips/{id}/call-up. */
export async function tripCallUpFor(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
): Promise<TripCallUp> {
  const trip = await tripOfTransporter(ctx.db, principal, tripId);
  const [terminal, rows, holdingBays] = [
    await callUpTerminal(ctx.db, trip.pickupTerminalId),
    await callUpsOfTrip(ctx.db, trip.id),
    await holdingBayOptions(ctx.db),
  ];
  const now = new Date();
  const current = rows[0]?.callUp;
  let waits: TripCallUp['waits'] = { holdingBayMinutes: null, gateMinutes: gateMinutesOf(trip) };
  if (current?.measuredAt) {
    waits = { holdingBayMinutes: current.holdingBayMinutes, gateMinutes: current.gateMinutes };
  } else if (current) {
    const window = waitWindow(current, trip, trip.transporterCompanyId, now);
    waits.holdingBayMinutes = await holdingBayMinutes(ctx.db, window);
  }
  return {
    terminal,
    closedBecause: closedBecause(trip, terminal, principal.role === 'role_admin'),
    tickets: rows.map(({ callUp, terminalName, holdingBayName, recordedBy }) => ({
      id: callUp.id,
      ticketNumber: callUp.ticketNumber,
      terminal: { id: callUp.terminalId, name: terminalName },
      holdingBay: { id: callUp.holdingBayId, name: holdingBayName },
      validFrom: callUp.validFrom.toISOString(),
      validUntil: callUp.validUntil.toISOString(),
      costKobo: callUp.costKobo,
      expenseId: callUp.expenseId,
      state: callUpState(callUp, trip.arrivedPickupAt, now),
      recordedBy: recordedBy ?? FORMER,
      createdAt: callUp.createdAt.toISOString(),
    })),
    arrivedPickupAt: trip.arrivedPickupAt?.toISOString() ?? null,
    holdingBays,
    waits,
  };
}

/**
 * POST /api/v1/trips/{id}/call-ups: the ticket Eto issued for the trip's pickup. A re-booked window is a
 * new ticket. When the driver paid it, its cost is also an approved call-up expense of the driver's.
 */
export async function recordCallUp(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  input: CallUpTicketRequest,
  request: RequestOrigin,
): Promise<TripCallUp> {
  await ctx.db.transaction(async (tx) => {
    const trip = await tripOfTransporter(tx, principal, tripId, { forUpdate: true, write: true });
    const terminal = await callUpTerminal(tx, trip.pickupTerminalId);
    const closed = closedBecause(trip, terminal, false);
    if (closed) throw new AppError('CONFLICT', closed);
    const bay = await findHoldingBay(tx, input.holdingBayId);
    if (!bay) {
      const message = 'Choose one of the holding bays';
      throw new AppError('BAD_REQUEST', message, { errors: [{ field: 'holdingBayId', message }] });
    }
    if (input.paidByDriver && input.costKobo === 0) {
      const message = 'A ticket the driver paid for has a cost';
      throw new AppError('BAD_REQUEST', message, { errors: [{ field: 'costKobo', message }] });
    }
    const expense = input.paidByDriver
      ? await recordExpenseIn(
          ctx,
          tx,
          principal,
          trip,
          { kind: 'CALL_UP', amountKobo: input.costKobo, note: `Call-up ticket ${input.ticketNumber}` },
          null,
          request,
        )
      : null;
    const callUp = await insertCallUp(tx, {
      tripId: trip.id,
      transporterCompanyId: trip.transporterCompanyId,
      ticketNumber: input.ticketNumber,
      terminalId: terminal!.id,
      holdingBayId: bay.id,
      validFrom: new Date(input.validFrom),
      validUntil: new Date(input.validUntil),
      costKobo: input.costKobo,
      expenseId: expense?.id ?? null,
      createdByUserId: principal.userId,
    });
    await audit(tx, principal, request, {
      action: 'trip.call_up_recorded',
      entityType: 'trip',
      entityId: trip.id,
      data: { callUpId: callUp.id, ticketNumber: callUp.ticketNumber, costKobo: callUp.costKobo },
    });
  });
  return tripCallUpFor(ctx, principal, tripId);
}

/** TRIP_ALERT to the transporter's people: the current call-up window closes within 12 or 2 hours. */
function closingNotification(ticket: ClosingCallUp, hours: 12 | 2): NotificationEvent {
  const values = {
    tripNumber: ticket.tripNumber,
    ticketNumber: ticket.ticketNumber,
    terminal: ticket.terminalName,
    holdingBay: ticket.holdingBayName,
    hours,
    closesAt: dateTimeValue(ticket.validUntil),
  };
  const title = { key: 'callUpClosing.title', values } as const;
  return {
    kind: 'TRIP_ALERT',
    to: { companyIds: [ticket.transporterCompanyId] },
    title,
    body: { key: 'callUpClosing.body', values },
    link: `/trips/${ticket.tripId}#call-up`,
    key: `call-up-closing:${ticket.id}:${hours}`,
    email: {
      subject: title,
      paragraphs: [
        { key: 'callUpClosing.email.paragraph1', values },
        { key: 'callUpClosing.email.paragraph2', values },
      ],
      actionLabel: { key: 'action.openTrip' },
    },
  };
}

/**
 * Tells the transporter of each current ticket closing within 12 hours, then within 2, once each, while
 * the truck has not reached the terminal. Each alert is marked and queued in one transaction.
 */
export async function alertClosingCallUps(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (const hours of [2, 12] as const) {
    for (const ticket of await closingCallUps(ctx.db, now, hours)) {
      await ctx.db.transaction(async (tx) => {
        if (!(await markCallUpAlerted(tx, ticket.id, hours, now))) return;
        await queueNotification(ctx, tx, closingNotification(ticket, hours));
        sent++;
      });
    }
  }
  return sent;
}

/**
 * Measures the waits of loaded trips' current tickets once (a replaced ticket is closed unmeasured): the
 * minutes in the holding bay from positions, and from the terminal to loaded from the step times.
 */
export async function measureCallUps(ctx: AppContext, now: Date = new Date(), batch = 50): Promise<number> {
  const tickets = await callUpsToMeasure(ctx.db, batch);
  for (const ticket of tickets) {
    const waits =
      ticket.replaced || !ticket.loadedAt
        ? { holdingBayMinutes: null, gateMinutes: null }
        : {
            holdingBayMinutes: await holdingBayMinutes(
              ctx.db,
              waitWindow(ticket, ticket, ticket.companyId, ticket.loadedAt),
            ),
            gateMinutes: gateMinutesOf(ticket),
          };
    await saveCallUpWaits(ctx.db, ticket.id, waits, now);
  }
  return tickets.length;
}
