import {
  durationText,
  formatMoney,
  lagosDateTimeText,
  tripTimeline,
  waitingCharge,
  type CargoType,
  type ChargeKind,
  type TripStatus,
  type WaitingCharge,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { BACKGROUND_ORIGIN, changeOf } from '../../lib/audit';
import { waitingTermsOf } from '../company';
import { recordChargeChange } from './invoice-charge-change.service';
import {
  findWaitingCharge,
  insertCharge,
  liveStepAt,
  updateCharge,
  type ChargeRow,
} from './invoice-charge.repository';
import { lockInvoiceOfTrip } from './invoice.repository';

// Waiting time (docs/decisions/019-money.md): when a trip is loaded, the time since it arrived at the pickup
// beyond the transporter's free hours becomes a proposed WAITING_AT_PICKUP charge; when it is delivered, the
// time since it arrived at the delivery becomes WAITING_AT_DELIVERY. The amount is the server's, from the
// trip's step times and the transporter's terms at that moment.

type WaitingKind = Exclude<ChargeKind, 'OTHER'>;

/** The step that ends a wait, and the charge it raises. */
const WAITING_KIND_OF_STEP: Partial<Record<TripStatus, WaitingKind>> = {
  LOADED: 'WAITING_AT_PICKUP',
  DELIVERED: 'WAITING_AT_DELIVERY',
};

const STOP_WORDS: Record<WaitingKind, { place: string; left: string }> = {
  WAITING_AT_PICKUP: { place: 'pickup', left: 'loaded' },
  WAITING_AT_DELIVERY: { place: 'delivery', left: 'delivered' },
};

/** The trip a step was recorded on, as far as its waiting charge needs it. */
export interface SteppedTrip {
  id: string;
  cargoType: CargoType;
  transporterCompanyId: string;
}

/** The charge's reason spells out the wait, the free hours and the rate, so the customer can check it. */
function waitingReason(kind: WaitingKind, arrivedAt: Date, leftAt: Date, charge: WaitingCharge): string {
  const words = STOP_WORDS[kind];
  const hours = charge.chargeableHours === 1 ? '1 started hour' : `${charge.chargeableHours} started hours`;
  return (
    `The truck waited ${durationText(charge.waitedMinutes)} at the ${words.place} ` +
    `(arrived ${lagosDateTimeText(arrivedAt)}, ${words.left} ${lagosDateTimeText(leftAt)}). ` +
    `The first ${charge.freeHours} h are free; ${hours} beyond them at ${formatMoney(charge.rateKoboPerHour)} per hour.`
  );
}

/**
 * Only the platform's own unanswered proposal (or its own withdrawal) is worked out again when a step is
 * undone and done again. A charge a person touched (answered by the customer, revised or withdrawn by the
 * transporter) is left as it is.
 */
function platformOwns(charge: ChargeRow): boolean {
  if (charge.status === 'PROPOSED') return charge.proposedBy === null;
  if (charge.status === 'WITHDRAWN') return charge.answeredBy === null;
  return false;
}

/**
 * Works out the waiting charge a step ends, inside the transaction that records the step (the trip row is
 * locked by it). Every step goes through here; only LOADED and DELIVERED end a wait. A paid or void invoice
 * takes no charge, and a step whose arrival was not recorded, or came after it, raises none.
 */
export async function chargeWaitingTime(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  trip: SteppedTrip,
  status: TripStatus,
  leftAt: Date,
): Promise<void> {
  const kind = WAITING_KIND_OF_STEP[status];
  if (!kind) return;
  const timeline = tripTimeline(trip.cargoType);
  const arrival = timeline[timeline.indexOf(status) - 1];
  if (!arrival) return;
  const record = await lockInvoiceOfTrip(tx, trip.id);
  if (!record || record.invoice.status !== 'PENDING_PAYMENT') return;
  const arrivedAt = await liveStepAt(tx, trip.id, arrival);
  if (!arrivedAt) return;
  const computed = waitingCharge(arrivedAt, leftAt, await waitingTermsOf(tx, trip.transporterCompanyId));
  const existing = await findWaitingCharge(tx, record.invoice.id, kind);
  if (existing && !platformOwns(existing)) return;
  const platform = { userId: null, companyId: trip.transporterCompanyId };
  const log = { actor: platform, origin: BACKGROUND_ORIGIN, record };
  const times = { arrivedAt: arrivedAt.toISOString(), leftAt: leftAt.toISOString() };

  if (!computed) {
    // The wait is now within the free hours (or the transporter charges nothing): the proposal goes.
    if (existing?.status !== 'PROPOSED') return;
    const withdrawn = await updateCharge(tx, existing.id, { status: 'WITHDRAWN' });
    await recordChargeChange(ctx, tx, {
      ...log,
      charge: withdrawn,
      event: 'WITHDRAWN',
      data: { ...changeOf(existing, { status: 'WITHDRAWN' }), ...times },
    });
    return;
  }

  const values = {
    status: 'PROPOSED' as const,
    amountKobo: computed.amountKobo,
    reason: waitingReason(kind, arrivedAt, leftAt, computed),
    waitedMinutes: computed.waitedMinutes,
    freeHours: computed.freeHours,
    chargeableHours: computed.chargeableHours,
    rateKoboPerHour: computed.rateKoboPerHour,
  };
  if (!existing) {
    const charge = await insertCharge(tx, {
      invoiceId: record.invoice.id,
      kind,
      proposedBy: null,
      ...values,
    });
    await recordChargeChange(ctx, tx, {
      ...log,
      charge,
      event: 'PROPOSED',
      data: { amountKobo: charge.amountKobo, reason: charge.reason, ...times },
    });
    return;
  }
  const change = changeOf(existing, values);
  if (Object.keys(change.after).length === 0) return;
  const updated = await updateCharge(tx, existing.id, values);
  await recordChargeChange(ctx, tx, {
    ...log,
    charge: updated,
    // A proposal the platform had withdrawn comes back as a new proposal; an open one is revised.
    event: existing.status === 'WITHDRAWN' ? 'PROPOSED' : 'REVISED',
    data: { ...change, ...times },
  });
}
