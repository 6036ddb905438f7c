import {
  tripScopeOf,
  toPage,
  tripPage,
  type TripListQuery,
  type TripLocation,
  type TripSummary,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { jsonOf, type JsonAnswer } from '../../lib/http-cache';
import type { Executor } from '../../db/client';
import { toCargoLine } from '../../lib/cargo-line';
import { loadTerminals, terminalsCarriedBy, toLocationView, type TerminalMap } from '../../lib/location-view';
import type { Principal } from '../../plugins/auth';
import { EVERY_COMPANY } from '../../plugins/company-answers';
import type { TripScope } from '../../queries/trip-scope.repository';
import type { TripRecord } from './trip-access.service';
import { findLiveTripOfDriver, listTrips, updateTrip, type TripRow } from './trip.repository';

/** The terminals a batch of trip rows points at, for tripCourseOf. */
export function terminalsOfTripRows(
  db: Executor,
  rows: { trip: Pick<TripRecord, 'pickupTerminalId' | 'recipientTerminalId'> }[],
): Promise<TerminalMap> {
  return loadTerminals(
    db,
    rows.flatMap((r) => [r.trip.pickupTerminalId, r.trip.recipientTerminalId]),
  );
}

/** Where a trip runs and where it stands, as every view of a trip (list, detail, schedule) shows it. */
export function tripCourseOf(
  trip: Pick<
    TripRecord,
    | 'pickupTerminalId'
    | 'pickupAddress'
    | 'recipientTerminalId'
    | 'recipientAddress'
    | 'latestStatus'
    | 'latestStatusAt'
    | 'completed'
    | 'cancelledAt'
  >,
  terminalsById: TerminalMap,
): Pick<TripSummary, 'pickup' | 'recipient' | 'latestTripStatus' | 'completed' | 'cancelled'> {
  return {
    pickup: toLocationView(terminalsById, trip.pickupTerminalId, trip.pickupAddress),
    recipient: toLocationView(terminalsById, trip.recipientTerminalId, trip.recipientAddress),
    latestTripStatus:
      trip.latestStatus && trip.latestStatusAt
        ? { tripStatus: trip.latestStatus, timeStamp: trip.latestStatusAt.toISOString() }
        : null,
    completed: trip.completed,
    cancelled: trip.cancelledAt !== null,
  };
}

/** A trip as the list shows it; the trip detail starts from the same. */
export function toTripSummary(
  { trip, consignment, liner, ...r }: Omit<TripRow, 'pickupTerminal' | 'recipientTerminal'>,
  terminalsById: TerminalMap,
): TripSummary {
  return {
    id: trip.id,
    tripNumber: trip.tripNumber,
    trackingId: trip.trackingId,
    orderId: trip.orderId,
    orderNumber: r.orderNumber,
    cargoType: trip.cargoType,
    clientName: r.clientName,
    reference: r.reference,
    customerName: r.customerName,
    transporterName: r.transporterName,
    ...tripCourseOf(trip, terminalsById),
    hasOpenIssue: r.hasOpenIssue,
    pickupDate: trip.pickupDate,
    amountKobo: trip.amountKobo,
    // Award writes a consignment with every trip; the empty one only guards a trip written without.
    consignment: consignment
      ? {
          id: consignment.id,
          ...toCargoLine(consignment, liner),
        }
      : {
          id: trip.id,
          containerNumber: null,
          containerSize: null,
          liner: null,
          deliveryOrderValidityDate: null,
          description: null,
          quantity: null,
          weightTonnes: null,
          truckType: null,
        },
    createdAt: trip.createdAt.toISOString(),
  };
}

export async function listTripsFor(
  ctx: AppContext,
  principal: Principal,
  query: TripListQuery,
): Promise<JsonAnswer> {
  const scope = tripScopeOf(principal);
  return readKeptForScope(ctx, 'trips', scope, query, async () => {
    const { rows, total } = await listTrips(ctx.db, scope, query);
    const terminalsById = terminalsCarriedBy(rows);
    return jsonOf(
      tripPage,
      toPage(
        rows.map((row) => toTripSummary(row, terminalsById)),
        total,
        query,
      ),
    );
  });
}

/**
 * A page of `scope`'s trips, or of what hangs on them, as the JSON `load` writes. A company's staff and screens
 * ask for the same pages over and over between changes: the page is kept until a change to the
 * company's trips, orders, consignments or issues commits (CompanyAnswers). `query` is everything else
 * the page depends on.
 */
export function readKeptForScope(
  ctx: AppContext,
  list: string,
  scope: TripScope,
  query: unknown,
  load: () => Promise<string>,
): Promise<JsonAnswer> {
  return ctx.answers.read(
    `${list}:${JSON.stringify(scope)}:${JSON.stringify(query)}`,
    scope.side === 'all' ? EVERY_COMPANY : scope.companyId,
    load,
  );
}

/**
 * Records where the truck was last reported, e.g. with an issue opened on the road. `trip` comes from
 * loadTripFor under its lock, like every other change to a trip.
 */
export async function setTripLocation(db: Executor, trip: TripRecord, location: TripLocation): Promise<void> {
  await updateTrip(db, trip.id, { currentLocation: location });
}

/** The trip a driver is on, for the driver's own phone page (the driver's link is the access check). */
export async function liveTripOfDriver(db: Executor, driverId: string): Promise<TripRecord | null> {
  return findLiveTripOfDriver(db, driverId);
}
