import { and, eq, ne } from 'drizzle-orm';
import type {
  AssignResourcesRequest,
  ChangeResourcesRequest,
  NoteSide,
  TripDetail,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { consignments, drivers, motorBoys, trips, trucks } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import type { Principal } from '../../plugins/auth';
import { loadTripFor, type TripRecord } from './trip-access';
import { assertTripAction } from './trip-actions';
import { loadTripDetail } from './trip-detail';
import { liveTripSql } from './trip-search';

/** The resources a write sets; undefined leaves one as it is, null (motor boy only) removes it. */
interface ResourceChange {
  truckId?: string;
  driverId?: string;
  motorBoyId?: string | null;
}

type FieldError = { field: string; message: string };

/** The resources that work one live trip at a time, each with its trip column and the partial unique index on it. */
const ONE_LIVE_TRIP = [
  { key: 'truckId', what: 'truck', column: trips.truckId, index: 'trips_live_truck_uq' },
  { key: 'driverId', what: 'driver', column: trips.driverId, index: 'trips_live_driver_uq' },
] as const;

/**
 * The trip a consignment belongs to, locked, when the caller is one of its parties; 404 "Consignment not
 * found" otherwise, so the answer says nothing about another company's consignments.
 */
export async function loadConsignmentTripFor(tx: Executor, principal: Principal, consignmentId: string) {
  const [consignment] = await tx
    .select()
    .from(consignments)
    .where(eq(consignments.id, consignmentId))
    .limit(1);
  if (!consignment) throw notFound('Consignment');
  try {
    const { trip, side } = await loadTripFor(tx, principal, consignment.tripId, { forUpdate: true });
    return { consignment, trip, side };
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw notFound('Consignment');
    throw err;
  }
}

/**
 * Each chosen truck, driver and motor boy must be an active one of the transporter running the trip, also
 * when an admin assigns them: the trip is that company's work. An id of another company reads as unknown.
 */
async function checkFleetChoices(tx: Executor, companyId: string, change: ResourceChange): Promise<void> {
  const errors: FieldError[] = [];
  const check = async (
    field: keyof ResourceChange,
    table: typeof trucks | typeof drivers | typeof motorBoys,
    id: string | null | undefined,
    what: string,
  ) => {
    if (!id) return;
    const [row] = await tx
      .select({ active: table.active })
      .from(table)
      .where(and(eq(table.id, id), eq(table.companyId, companyId)))
      .limit(1);
    if (!row) errors.push({ field, message: `Choose one of your ${what}s` });
    else if (!row.active)
      errors.push({ field, message: `This ${what} is inactive; choose an active ${what}` });
  };
  await check('truckId', trucks, change.truckId, 'truck');
  await check('driverId', drivers, change.driverId, 'driver');
  await check('motorBoyId', motorBoys, change.motorBoyId, 'motor boy');
  if (errors.length > 0) {
    throw new AppError('BAD_REQUEST', errors.map((e) => e.message).join('; '), { errors });
  }
}

/** The live trip (neither completed nor cancelled) other than `tripId` that holds the truck or driver. */
async function liveTripHolding(
  db: Executor,
  column: typeof trips.truckId | typeof trips.driverId,
  id: string,
  tripId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ tripNumber: trips.tripNumber })
    .from(trips)
    .where(and(eq(column, id), ne(trips.id, tripId), liveTripSql()))
    .limit(1);
  return row?.tripNumber ?? null;
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
  for (const { key, what, column } of ONE_LIVE_TRIP) {
    const id = change[key];
    if (!id || id === trip[key]) continue;
    const holder = await liveTripHolding(tx, column, id, trip.id);
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
  await tx
    .update(trips)
    .set({
      ...next,
      resourcesAssigned: next.truckId !== null && next.driverId !== null,
      updatedAt: new Date(),
    })
    .where(eq(trips.id, trip.id));
  await recordAudit(tx, {
    actorUserId: principal.userId,
    companyId: principal.companyId,
    action,
    entityType: 'trip',
    entityId: trip.id,
    data: {
      tripNumber: trip.tripNumber,
      before: { truckId: trip.truckId, driverId: trip.driverId, motorBoyId: trip.motorBoyId },
      after: next,
    },
    ipAddress: ip,
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
    });
  } catch (err) {
    const constraint = uniqueViolation(err)?.constraint;
    const lost = ONE_LIVE_TRIP.find((resource) => resource.index === constraint);
    const resourceId = lost && change[lost.key];
    if (lost && resourceId && tripId) {
      throw busy(lost.what, await liveTripHolding(ctx.db, lost.column, resourceId, tripId));
    }
    throw err;
  }
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
