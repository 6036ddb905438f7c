import {
  CONSIGNMENT_CONTAINER_FIELDS,
  CONSIGNMENT_GENERAL_CARGO_FIELDS,
  isContainerCargo,
  type TripDetail,
  type UpdateConsignmentRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { loadConsignmentTripFor } from './trip-access.service';
import { assertTripAction } from './trip-actions';
import { shippingLineExists, updateConsignmentRow } from './trip-consignment.repository';
import { loadTripDetail } from './trip-detail.service';
import { updateTrip } from './trip.repository';

/** A container trip has no general-cargo details and a truck load no container: naming one is a mistake. */
function checkFieldsFitCargo(containerCargo: boolean, input: UpdateConsignmentRequest): void {
  const foreign = containerCargo ? CONSIGNMENT_GENERAL_CARGO_FIELDS : CONSIGNMENT_CONTAINER_FIELDS;
  const message = containerCargo
    ? 'A container trip has no general-cargo details'
    : 'A general-cargo trip has no container details';
  const errors = foreign.filter((field) => input[field] !== undefined).map((field) => ({ field, message }));
  if (errors.length > 0) throw new AppError('BAD_REQUEST', message, { errors });
}

/** PATCH /trips/consignment/{id}: corrects what the trip carries, before the cargo is loaded. */
export async function updateConsignment(
  ctx: AppContext,
  principal: Principal,
  consignmentId: string,
  input: UpdateConsignmentRequest,
  ip: string,
): Promise<TripDetail> {
  const tripId = await ctx.db.transaction(async (tx) => {
    const { consignment, trip, side } = await loadConsignmentTripFor(tx, principal, consignmentId);
    assertTripAction(side, trip, 'EDIT_CONSIGNMENT');
    checkFieldsFitCargo(isContainerCargo(trip.cargoType), input);
    if (input.linerId !== undefined && !(await shippingLineExists(tx, input.linerId))) {
      throw new AppError('BAD_REQUEST', 'Choose the shipping line', {
        errors: [{ field: 'linerId', message: 'Choose one of the listed shipping lines' }],
      });
    }
    const { weightTonnes, ...rest } = input;
    const change = {
      ...rest,
      // Stored in whole kilograms; the request allows at most three decimals of a tonne.
      ...(weightTonnes === undefined ? {} : { weightKg: Math.round(weightTonnes * 1000) }),
    };
    await updateConsignmentRow(tx, consignment.id, change);
    // What a trip carries is part of the trip, so the trip counts as changed too.
    await updateTrip(tx, trip.id, {});
    const before = Object.fromEntries(
      Object.keys(change).map((key) => [key, consignment[key as keyof typeof change]]),
    );
    await audit(
      tx,
      principal,
      { ip },
      {
        action: 'trip.consignment_updated',
        entityType: 'consignment',
        entityId: consignment.id,
        data: { tripId: trip.id, tripNumber: trip.tripNumber, before, after: change },
      },
    );
    return trip.id;
  });
  return loadTripDetail(ctx, principal, tripId);
}
