import {
  CARGO_TYPE_LABELS,
  hasFreeTime,
  lagosToday,
  returnsEmpty,
  tripSideOf,
  type ContainerFreeTime,
  type UpdateContainerFreeTimeRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { AppError, notFound, type FieldError } from '../../errors';
import { audit, changeOf } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { scheduleFreeTimeAlertsFor } from './free-time-alert.job';
import { containerFreeTimeOf } from './free-time.service';
import {
  findFreeTimeOfTrip,
  lockTripOfFreeTime,
  updateFreeTimeRow,
  type FreeTimeRecord,
} from './free-time.repository';

/** What the request says that cannot be true of this container, each with its field. */
function problemsOf(input: UpdateContainerFreeTimeRequest, linerOwned: boolean, today: string): FieldError[] {
  const problems: FieldError[] = [];
  if (!linerOwned) {
    // A shipper-owned container is the importer's own: no deposit with the line, no empty to return.
    if (input.depositStatus !== 'NOT_PAID' || (input.depositKobo ?? 0) > 0) {
      problems.push({
        field: 'depositStatus',
        message: 'A shipper-owned container has no deposit with the line',
      });
    }
    if (input.expectedEmptyReturnDate !== null) {
      problems.push({
        field: 'expectedEmptyReturnDate',
        message: 'A shipper-owned container has no empty to return to the line',
      });
    }
  }
  if (
    input.dischargeDate !== null &&
    input.expectedEmptyReturnDate !== null &&
    input.expectedEmptyReturnDate < input.dischargeDate
  ) {
    problems.push({
      field: 'expectedEmptyReturnDate',
      message: 'The empty cannot be back before the container was discharged',
    });
  }
  if (
    input.depositStatus === 'REFUNDED' &&
    input.depositRefundedOn !== null &&
    input.depositRefundedOn > today
  ) {
    problems.push({ field: 'depositRefundedOn', message: 'The refund day cannot be after today' });
  }
  return problems;
}

/**
 * PUT /trips/{id}/free-time: the customer's facts about its import container (discharge date, expected
 * return of the empty, the deposit and what became of it). Kept at any stage of the trip, after it too,
 * since a deposit is refunded weeks after the empty is back. Answers the container's free time as it now
 * stands. A new last free day queues its alerts; the alerts of the old day find it moved and stay quiet.
 */
export async function updateContainerFreeTime(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  input: UpdateContainerFreeTimeRequest,
  ip: string,
): Promise<ContainerFreeTime> {
  return ctx.db.transaction(async (tx) => {
    const trip = await lockTripOfFreeTime(tx, tripId);
    const side = trip ? tripSideOf(principal, trip) : null;
    if (!trip || !side) throw notFound('Trip');
    if (side === 'TRANSPORTER') {
      throw new AppError('FORBIDDEN', "Only the customer keeps its container's free time and deposit");
    }
    if (!hasFreeTime(trip.cargoType)) {
      throw new AppError(
        'BAD_REQUEST',
        `Free time and deposits are kept for import containers only; this trip is ${CARGO_TYPE_LABELS[trip.cargoType]}`,
      );
    }
    const current = await findFreeTimeOfTrip(tx, trip.id);
    if (!current) throw notFound('Trip');
    const now = new Date();
    const today = lagosToday(now);
    const problems = problemsOf(input, returnsEmpty(trip.cargoType), today);
    if (problems.length > 0) throw new AppError('BAD_REQUEST', problems[0]!.message, { errors: problems });

    const next: FreeTimeRecord = {
      dischargeDate: input.dischargeDate,
      expectedEmptyReturnDate: input.expectedEmptyReturnDate,
      depositKobo: input.depositKobo,
      depositStatus: input.depositStatus,
      // A refund day belongs to a refunded deposit only; one left over from an earlier answer is dropped.
      depositRefundedOn: input.depositStatus === 'REFUNDED' ? input.depositRefundedOn : null,
    };
    const { before, after } = changeOf(current, { ...next });
    if (Object.keys(after).length > 0) {
      await updateFreeTimeRow(tx, current.consignmentId, next);
      await audit(
        tx,
        principal,
        { ip },
        {
          action: 'trip.free_time_updated',
          entityType: 'consignment',
          entityId: current.consignmentId,
          data: { tripId: trip.id, tripNumber: trip.tripNumber, before, after },
        },
      );
    }
    const was = containerFreeTimeOf(current, today)!;
    const freeTime = containerFreeTimeOf({ ...current, ...next }, today)!;
    if (freeTime.lastFreeDay !== was.lastFreeDay) {
      await scheduleFreeTimeAlertsFor(ctx, tx, trip.id, freeTime.lastFreeDay, now);
    }
    return freeTime;
  });
}
