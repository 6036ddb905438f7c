import type {
  AssignResourcesRequest,
  ChangeResourcesRequest,
  NoteSide,
  TripDetail,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, type FieldError } from '../../errors';
import { uniqueViolation } from '../../lib/db-errors';
import type { Principal } from '../../plugins/auth';
import { auditTrip } from './audit-trip';
import { loadConsignmentTripFor, loadTripFor, type TripRecord } from './trip-access.service';
import { assertTripAction } from './trip-actions';
import { queueAssignmentSms } from './trip-assignment-sms.service';
import { loadTripDetail } from './trip-detail.service';
import { findFleetChoice, liveTripHolding } from './trip-resources.repository';
import { updateTrip } from './trip.repository';
import { queueNotification } from '../notification';
import { resourcesAssignedNotification } from './trip-notifications';

/** The resources a write sets; undefined leaves one as it is, null (motor boy only) removes it. */
interface ResourceChange {
  truckId?: string;
  driverId?: string;
  motorBoyId?: string | null;
}

/** The resources that work one live trip at a time, each with the partial unique index on its trip column. */
const ONE_LIVE_TRIP = [
  { key: 'truckId', what: 'truck', index: 'trips_live_truck_uq' },
  { key: 'driverId', what: 'driver', index: 'trips_live_driver_uq' },
] as const;

/**
 * Each chosen truck, driver and motor boy must be an active one of the transporter running the trip, also
 * when an admin assigns them: the trip is that company's work. An id of another company reads as unknown.
 */
async function checkFleetChoices(tx: Executor, companyId: string, change: ResourceChange): Promise<void> {
  const errors: FieldError[] = [];
  const check = async (
    field: keyof ResourceChange,
    kind: 'truck' | 'driver' | 'motorBoy',
    id: string | null | undefined,
    what: string,
  ) => {
    if (!id) return;
    const choice = await findFleetChoice(tx, kind, companyId, id);
    if (!choice) errors.push({ field, message: `Choose one of your ${what}s` });
    else if (!choice.active)
      errors.push({ field, message: `This ${what} is inactive; choose an active ${what}` });
  };
  await check('truckId', 'truck', change.truckId, 'truck');
  await check('driverId', 'driver', change.driverId, 'driver');
  await check('motorBoyId', 'motorBoy', change.motorBoyId, 'motor boy');
  if (errors.length > 0) {
    throw new AppError('BAD_REQUEST', errors.map((e) => e.message).join('; '), { errors });
  }
}

const busy = (what: string, tripNumber: string | null) =>
  new AppError(
    'CONFLICT',
    tripNumber
      ? `This ${what} is already on trip ${tripNumber}; choose another ${what}`
      : `This ${what} is already on another trip; choose another ${what}`,
  );

/** A truck or driver works one live trip at a time. */
async function checkNotOnAnotherTrip(tx: Executor, trip: TripRecord, change: ResourceChange): Promise<void> {
  for (const { key, what } of ONE_LIVE_TRIP) {
    const id = change[key];
    if (!id || id === trip[key]) continue;
    const holder = await liveTripHolding(tx, key, id, trip.id);
    if (holder) throw busy(what, holder);
  }
}

/**
 * Writes a change of resources on a locked trip, with its audit row. Two assignments of one truck to two
 * trips lock different rows, so both may pass the check above; the partial unique indexes then stop the
 * second, and `saveResources` turns that into the same 409.
 */
async function writeResources(
  tx: Executor,
  principal: Principal,
  trip: TripRecord,
  change: ResourceChange,
  action: 'trip.resources_assigned' | 'trip.resources_changed',
  ip: string,
): Promise<void> {
  await checkFleetChoices(tx, trip.transporterCompanyId, change);
  await checkNotOnAnotherTrip(tx, trip, change);
  const next = {
    truckId: change.truckId ?? trip.truckId,
    driverId: change.driverId ?? trip.driverId,
    motorBoyId: change.motorBoyId === undefined ? trip.motorBoyId : change.motorBoyId,
  };
  await updateTrip(tx, trip.id, {
    ...next,
    ...(next.truckId !== trip.truckId ? { truckAssignedAt: new Date() } : {}),
    resourcesAssigned: next.truckId !== null && next.driverId !== null,
  });
  await auditTrip(tx, principal, { ip }, trip, action, {
    before: { truckId: trip.truckId, driverId: trip.driverId, motorBoyId: trip.motorBoyId },
    after: next,
  });
}

/**
 * Locks the trip, checks the caller may assign its resources, writes the change and answers the trip detail.
 * A lost race on the live-trip indexes answers as the same 409 the check gives.
 */
async function saveResources(
  ctx: AppContext,
  principal: Principal,
  lockTrip: (tx: Executor) => Promise<{ trip: TripRecord; side: NoteSide }>,
  change: ResourceChange,
  action: 'trip.resources_assigned' | 'trip.resources_changed',
  ip: string,
): Promise<TripDetail> {
  let tripId: string | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const { trip, side } = await lockTrip(tx);
      tripId = trip.id;
      assertTripAction(side, trip, 'ASSIGN_RESOURCES');
      await writeResources(tx, principal, trip, change, action, ip);
      // The driver put on the trip (first, or in place of another) is told by SMS.
      if (change.driverId && change.driverId !== trip.driverId) {
        await queueAssignmentSms(ctx, tx, trip, change.driverId);
      }
      await queueNotification(
        ctx,
        tx,
        resourcesAssignedNotification(
          trip,
          action === 'trip.resources_assigned' ? 'assigned' : 'changed',
          principal.userId,
        ),
      );
    });
  } catch (err) {
    const constraint = uniqueViolation(err)?.constraint;
    const lost = ONE_LIVE_TRIP.find((resource) => resource.index === constraint);
    const resourceId = lost && change[lost.key];
    if (lost && resourceId && tripId) {
      throw busy(lost.what, await liveTripHolding(ctx.db, lost.key, resourceId, tripId));
    }
    throw err;
  }
  ctx.jobs.kick();
  return loadTripDetail(ctx, principal, tripId!);
}

/** PUT /trips/consignment/{id}/assign-resources: sets the truck, the driver and the motor boy (or none). */
export async function assignResources(
  ctx: AppContext,
  principal: Principal,
  consignmentId: string,
  input: AssignResourcesRequest,
  ip: string,
): Promise<TripDetail> {
  const change: ResourceChange = {
    truckId: input.truckId,
    driverId: input.driverId,
    motorBoyId: input.motorBoyId ?? null,
  };
  const lockTrip = (tx: Executor) => loadConsignmentTripFor(tx, principal, consignmentId);
  return saveResources(ctx, principal, lockTrip, change, 'trip.resources_assigned', ip);
}

/** PATCH /trips/{id}/resources: replaces any of them, e.g. another truck after a breakdown. */
export async function changeResources(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  input: ChangeResourcesRequest,
  ip: string,
): Promise<TripDetail> {
  const change: ResourceChange = {
    ...(input.truckId === undefined ? {} : { truckId: input.truckId }),
    ...(input.driverId === undefined ? {} : { driverId: input.driverId }),
    ...(input.motorBoyId === undefined ? {} : { motorBoyId: input.motorBoyId }),
  };
  const lockTrip = (tx: Executor) => loadTripFor(tx, principal, tripId, { forUpdate: true });
  return saveResources(ctx, principal, lockTrip, change, 'trip.resources_changed', ip);
}
