import type { TripDetail, UpdateTripRequest } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { Principal } from '../../plugins/auth';
import { auditTrip } from './audit-trip';
import { loadTripFor } from './trip-access.service';
import { assertTripAction } from './trip-actions';
import { loadTripDetail } from './trip-detail.service';
import { deleteTripNote, updateTrip, upsertTripNote } from './trip.repository';
import { queueNotification } from '../notification';
import { noteAddedNotification } from './trip-notifications';

/**
 * PATCH /trips/{id}: the caller's side's note (an empty note removes it) and, for the transporter side,
 * the expected delivery date. Notes stay open on finished and cancelled trips: they are where the parties
 * record what happened.
 */
export async function editTrip(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  input: UpdateTripRequest,
  ip: string,
): Promise<TripDetail> {
  await ctx.db.transaction(async (tx) => {
    const { trip, side } = await loadTripFor(tx, principal, tripId, { forUpdate: true });
    const audit = (action: string, data: Record<string, unknown>) =>
      auditTrip(tx, principal, { ip }, trip, action, data);

    if (input.expectedDeliveryDate !== undefined) {
      assertTripAction(side, trip, 'SET_EXPECTED_DELIVERY');
      const date = input.expectedDeliveryDate;
      if (date !== null && date < trip.pickupDate) {
        const message = `The expected delivery date cannot be before the pickup date (${trip.pickupDate})`;
        throw new AppError('BAD_REQUEST', message, { errors: [{ field: 'expectedDeliveryDate', message }] });
      }
      await updateTrip(tx, trip.id, { expectedDeliveryDate: date });
      await audit('trip.expected_delivery_set', { from: trip.expectedDeliveryDate, to: date });
    }

    if (input.note !== undefined) {
      if (input.note === '') {
        if (await deleteTripNote(tx, trip.id, side)) await audit('trip.note_deleted', { side });
      } else {
        await upsertTripNote(tx, { tripId: trip.id, side, note: input.note, userId: principal.userId });
        await audit('trip.note_saved', { side, length: input.note.length });
        await queueNotification(
          ctx,
          tx,
          noteAddedNotification(trip, { text: input.note, side }, principal.userId),
        );
      }
    }
  });
  ctx.jobs.kick();
  return loadTripDetail(ctx, principal, tripId);
}
