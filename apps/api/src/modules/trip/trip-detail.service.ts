import {
  toTripLocation,
  NOTE_SIDES,
  allowedNextStatuses,
  endOfLagosDay,
  lagosToday,
  shownInvoiceStatus,
  tripActionRefusal,
  tripActionsFor,
  type NoteSide,
  type TripDetail,
  type TripResources,
  tripDetailSchema,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import { jsonOf, type JsonAnswer } from '../../lib/http-cache';
import type { Principal } from '../../plugins/auth';
import { EVERY_COMPANY } from '../../plugins/company-answers';
import { documentsFor } from './document/trip-document.service';
import { containerFreeTimeOf } from '../free-time';
import { sideOf, type TripRecord } from './trip-access.service';
import { tripActionState } from './trip-actions';
import { findTripPage, type TripCrew } from './trip.repository';
import { terminalsCarriedBy } from '../../lib/location-view';
import { toTripSummary } from './trip.service';

/** The truck, driver and motor boy on a trip, as the trip detail shows them. */
function resourcesOf({ truck, driver, motorBoy }: TripCrew): TripResources {
  return {
    truck,
    driver: driver && {
      id: driver.id,
      name: `${driver.firstName} ${driver.lastName}`,
      phoneNumber: driver.phoneNumber,
      licenceNumber: driver.licenceNumber,
      hasPhoto: driver.photoKey !== null,
    },
    motorBoy: motorBoy && {
      id: motorBoy.id,
      name: `${motorBoy.firstName} ${motorBoy.lastName}`,
      phoneNumber: motorBoy.phoneNumber,
    },
  };
}

/** Shown for a person whose user row is gone. */
const FORMER_USER = 'Former user';
/** Who recorded a step the truck's geofence saw. */
export const GEOFENCE_RECORDER = 'Freightlane tracking (geofence)';

/**
 * The arrival the trip watch proposes, to the transporter (and admins) while it is still the trip's next
 * step; a step recorded since makes it stale.
 */
function arrivalProposalOf(
  proposal: TripCrew['arrivalProposal'],
  trip: TripRecord,
  side: NoteSide,
): TripDetail['arrivalProposal'] {
  if (side === 'CUSTOMER' || !proposal?.status || !proposal.at) return null;
  const next = allowedNextStatuses(trip.cargoType, trip.latestStatus);
  return next.includes(proposal.status) ? { status: proposal.status, at: proposal.at.toISOString() } : null;
}

/** The code lets the consignee's side release the cargo, so only the customer (and admins) may read it. */
function handoverOf(trip: TripRecord, side: NoteSide, now: Date): TripDetail['handover'] {
  const locked = trip.handoverLockedUntil !== null && trip.handoverLockedUntil > now;
  return {
    code: side === 'TRANSPORTER' ? null : trip.handoverCode,
    lockedUntil: locked ? trip.handoverLockedUntil!.toISOString() : null,
  };
}

/**
 * When an answer turns stale by the clock alone: a handover lock ending, an unpaid invoice falling due
 * (it shows OVERDUE from then), and a container's days left changing at Lagos midnight.
 */
function clockExpiryOf(detail: TripDetail, now: Date): number | null {
  const times: number[] = [];
  if (detail.handover.lockedUntil) times.push(Date.parse(detail.handover.lockedUntil));
  if (detail.invoice?.status === 'PENDING_PAYMENT') times.push(Date.parse(detail.invoice.dueAt));
  if (detail.freeTime) times.push(endOfLagosDay(lagosToday(now)).getTime());
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * The trip page, as JSON. Both companies' staff keep it open and reload it all day, so it is kept per
 * instance until a change it shows commits (CompanyAnswers): the key holds all that access and the answer
 * depend on besides the data (the caller's role and company), and only an answer that passed loadTripFor
 * is ever kept. What changes by the clock (clockExpiryOf) keeps an answer only until it does.
 */
export function readTripDetail(ctx: AppContext, principal: Principal, tripId: string): Promise<JsonAnswer> {
  const owner = principal.role === 'role_admin' ? EVERY_COMPANY : principal.companyId;
  return ctx.answers.read(`trip:${principal.role}:${owner}:${tripId}`, owner, async () => {
    const now = new Date();
    const detail = await loadTripDetail(ctx, principal, tripId);
    return { json: jsonOf(tripDetailSchema, detail), expiresAt: clockExpiryOf(detail, now) };
  });
}

/**
 * The trip entity of the spec, as the caller's side of the trip sees it. 404 when it is not theirs.
 * A change answers with the trip as its own transaction left it (`db` = that transaction), so a change
 * committed by another request a moment later never shows in this one's answer.
 */
export async function loadTripDetail(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  db: Executor = ctx.db,
): Promise<TripDetail> {
  // Read before the access check, as one statement: nothing of it is answered unless the caller is a party.
  const page = await findTripPage(db, tripId);
  const side = page ? sideOf(principal, page.trip) : null;
  if (!page || !side) throw notFound('Trip');
  const { trip, row, crew, logs, issues, alerts, notes } = page;
  const documents = documentsFor(principal, page.documents);
  const { invoice } = crew;
  const now = new Date();
  const state = tripActionState(trip);
  const mayMove = tripActionRefusal(side, state, 'CHANGE_STATUS') === null;
  return {
    ...toTripSummary(row, terminalsCarriedBy([row])),
    tripStatusLogs: logs.map(({ log, changedBy }) => ({
      id: log.id,
      tripStatus: log.status,
      timeStamp: log.at.toISOString(),
      location: toTripLocation(log.location),
      note: log.note,
      changedBy: log.recordedBy === 'GEOFENCE' ? GEOFENCE_RECORDER : (changedBy ?? FORMER_USER),
      handoverOverrideReason: log.handoverOverrideReason,
    })),
    resources: resourcesOf(crew),
    documents,
    issues,
    alerts,
    notes: notes
      .map(({ note, updatedBy }) => ({
        id: note.id,
        side: note.side,
        isAdminNote: note.side === 'ADMIN',
        note: note.note,
        updatedBy: updatedBy ?? FORMER_USER,
        updatedAt: note.updatedAt.toISOString(),
      }))
      .sort((a, b) => NOTE_SIDES.indexOf(a.side) - NOTE_SIDES.indexOf(b.side)),
    currentLocation: toTripLocation(trip.currentLocation),
    expectedDeliveryDate: trip.expectedDeliveryDate,
    cancelledAt: trip.cancelledAt?.toISOString() ?? null,
    cancellationReason: trip.cancellationReason,
    trackingExpiresAt: trip.trackingExpiresAt?.toISOString() ?? null,
    allowedNextStatuses: mayMove ? allowedNextStatuses(trip.cargoType, trip.latestStatus) : [],
    actions: tripActionsFor(side, state),
    handover: handoverOf(trip, side, now),
    invoice: invoice && {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      amountKobo: invoice.amountKobo,
      status: shownInvoiceStatus(invoice.status, invoice.dueAt, now),
      dueAt: invoice.dueAt.toISOString(),
      chargesAwaitingAnswer: crew.chargesAwaitingAnswer,
    },
    freeTime: row.consignment
      ? containerFreeTimeOf({ ...trip, ...row.consignment, tariff: crew.tariff }, lagosToday(now))
      : null,
    arrivalProposal: arrivalProposalOf(crew.arrivalProposal, trip, side),
    eta:
      trip.latestStatus === 'LOADED' && trip.etaTypicalAt && trip.etaWorstAt
        ? { typical: trip.etaTypicalAt.toISOString(), worst: trip.etaWorstAt.toISOString() }
        : null,
  };
}
