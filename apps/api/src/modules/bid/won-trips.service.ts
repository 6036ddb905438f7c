import { toPage, type Page, type PageQuery, type WonTrip } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { TerminalMap } from '../../lib/location-view';
import type { Principal } from '../../plugins/auth';
import { terminalsOfTripRows, toTripSummary } from '../trip';
import { listWonTrips } from './bid.repository';

type WonTripRow = Awaited<ReturnType<typeof listWonTrips>>['rows'][number];

/** A trip won as the transporter's list shows it: the trip's own summary, with when it was awarded. */
function toWonTrip(row: WonTripRow, terminalsById: TerminalMap): WonTrip {
  // The list shows neither the transporter, which is the caller, nor the liner; the query reads neither.
  const trip = toTripSummary({ ...row, transporterName: '', liner: null }, terminalsById);
  return {
    tripId: trip.id,
    tripNumber: trip.tripNumber,
    trackingId: trip.trackingId,
    orderId: trip.orderId,
    orderNumber: trip.orderNumber,
    cargoType: trip.cargoType,
    clientName: trip.clientName,
    reference: trip.reference,
    customerName: trip.customerName,
    containerNumber: trip.consignment.containerNumber,
    cargoDescription: trip.consignment.description,
    pickup: trip.pickup,
    recipient: trip.recipient,
    pickupDate: trip.pickupDate,
    amountKobo: trip.amountKobo,
    // Award creates the trip, so its creation is the award.
    awardedAt: trip.createdAt,
    needsResources: !row.trip.resourcesAssigned,
  };
}

/** Bids won: one row per trip awarded to the company, newest award first, searchable. */
export async function listWonTripsOf(
  ctx: AppContext,
  principal: Principal,
  query: PageQuery & { q?: string },
): Promise<Page<WonTrip>> {
  const { rows, total } = await listWonTrips(ctx.db, principal.companyId, query.q || undefined, query);
  const terminalsById = await terminalsOfTripRows(ctx.db, rows);
  return toPage(
    rows.map((row) => toWonTrip(row, terminalsById)),
    total,
    query,
  );
}
