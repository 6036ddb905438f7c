import {
  addCalendarDays,
  depositHeld,
  freeTimeLevel,
  freeTimeOf,
  hasFreeTime,
  lagosToday,
  returnsEmpty,
  type CargoType,
  type ContainerFreeTime,
  type DepositStatus,
  type LineTariff,
} from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { findFreeTimeOfTrip } from './free-time.repository';

// A container's free time (docs/decisions/019-money.md) is worked out in one place, from the same facts,
// for the trip page, the containers-at-risk list and the alerts, so the three never disagree.

/** What a container's free time is worked out from: its trip's dates and steps, its consignment, its line's tariff. */
export interface FreeTimeFacts {
  cargoType: CargoType;
  pickupDate: string;
  expectedDeliveryDate: string | null;
  /** When the container was loaded out of the port (the trip's LOADED step), if it has been. */
  loadedAt: Date | null;
  /** When the empty was dropped off at the line (the EMPTY_DROP_OFF step), if it has been. */
  emptyDroppedAt: Date | null;
  dischargeDate: string | null;
  deliveryOrderValidityDate: string | null;
  expectedEmptyReturnDate: string | null;
  depositKobo: number | null;
  depositStatus: DepositStatus;
  depositRefundedOn: string | null;
  tariff: LineTariff | null;
}

/** A planned day that has passed without the thing happening: the earliest it can still happen is today. */
function notBefore(today: string, planned: string): string {
  return planned < today ? today : planned;
}

/**
 * The empty's expected return when the customer has not given one: the day after the expected delivery,
 * or after the pickup when no delivery day is expected yet.
 */
export function expectedEmptyReturnOf(
  facts: Pick<FreeTimeFacts, 'expectedEmptyReturnDate' | 'expectedDeliveryDate' | 'pickupDate'>,
): string {
  return facts.expectedEmptyReturnDate ?? addCalendarDays(facts.expectedDeliveryDate ?? facts.pickupDate, 1);
}

/**
 * An import container's free time, charges and deposit on `today` (Lagos); null for cargo a line counts no
 * free time on. The container leaves the port when loaded, else on the pickup date; its empty is back when
 * dropped off, else on the expected return. Dates planned but passed count as today, so a container still
 * waiting after its pickup date is charged up to today at least.
 */
export function containerFreeTimeOf(
  facts: FreeTimeFacts,
  today: string = lagosToday(),
): ContainerFreeTime | null {
  if (!hasFreeTime(facts.cargoType)) return null;
  const withEmpty = returnsEmpty(facts.cargoType);
  const gateOut = facts.loadedAt
    ? { date: lagosToday(facts.loadedAt), actual: true }
    : { date: notBefore(today, facts.pickupDate), actual: false };
  const emptyReturn = facts.emptyDroppedAt
    ? { date: lagosToday(facts.emptyDroppedAt), actual: true }
    : { date: notBefore(today, withEmpty ? expectedEmptyReturnOf(facts) : gateOut.date), actual: false };
  const freeTime = freeTimeOf({
    cargoType: facts.cargoType,
    dischargeDate: facts.dischargeDate,
    deliveryOrderValidityDate: facts.deliveryOrderValidityDate,
    tariff: facts.tariff,
    gateOut,
    emptyReturn,
    today,
  });
  const heldDepositKobo = depositHeld(facts.depositStatus) ? (facts.depositKobo ?? 0) : 0;
  return {
    dischargeDate: facts.dischargeDate,
    deliveryOrderValidityDate: facts.deliveryOrderValidityDate,
    tariff: facts.tariff,
    lastFreeDay: freeTime.lastFreeDay,
    daysLeft: freeTime.daysLeft,
    level: freeTimeLevel(freeTime),
    gateOut,
    emptyReturn: withEmpty ? emptyReturn : null,
    // The customer's own date as stored: the edit form shows it, and a computed one must not become theirs.
    expectedEmptyReturnDate: withEmpty ? facts.expectedEmptyReturnDate : null,
    demurrageDays: freeTime.demurrageDays,
    detentionDays: freeTime.detentionDays,
    projectedChargesKobo: freeTime.chargesKobo,
    deposit: {
      amountKobo: facts.depositKobo,
      status: facts.depositStatus,
      refundedOn: facts.depositRefundedOn,
    },
    atStakeKobo: freeTime.chargesKobo + heldDepositKobo,
  };
}

/**
 * A trip's container and its free time today, for the platform's own free-time alerts, which act for no
 * caller: null when the trip carries no container a line counts free time on.
 */
export async function readTripFreeTime(db: Executor, tripId: string, today: string = lagosToday()) {
  const row = await findFreeTimeOfTrip(db, tripId);
  const freeTime = row && containerFreeTimeOf(row, today);
  if (!row || !freeTime) return null;
  return {
    trip: row.trip,
    containerNumber: row.containerNumber,
    deliveryOrderValidityDate: row.deliveryOrderValidityDate,
    freeTime,
  };
}
