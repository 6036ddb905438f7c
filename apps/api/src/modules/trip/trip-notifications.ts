import { randomUUID } from 'node:crypto';
import {
  TRIP_ISSUE_TYPE_LABELS,
  TRIP_STATUS_LABELS,
  lagosDateTimeText,
  type TripIssueType,
  type TripStatus,
} from '@freightlane/domain';
import type { NotificationEvent } from '../notification';

/** What every trip notification needs of its trip: who is on each side, and its number. */
export interface NotifiedTrip {
  id: string;
  tripNumber: string;
  customerCompanyId: string;
  transporterCompanyId: string;
}

/**
 * Titles read "<trip number>: <what happened>", what happened starting in lower case (a status keeps the
 * name the spec gives it): a label such as "Proof of delivery" continues the sentence after the colon,
 * and the catch-all label "Other" says what kind of thing it is instead.
 */
function continuing(label: string, otherwise: string): string {
  if (label === 'Other') return otherwise;
  return /^[A-Z][a-z]/.test(label) ? `${label[0]!.toLowerCase()}${label.slice(1)}` : label;
}

/** Both sides of the trip hear it; the person who acted does not. */
function onTrip(
  trip: NotifiedTrip,
  actorUserId: string | null,
): Pick<NotificationEvent, 'to' | 'actorUserId' | 'link'> {
  return {
    to: { companyIds: [trip.customerCompanyId, trip.transporterCompanyId] },
    actorUserId,
    link: `/trips/${trip.id}`,
  };
}

export function tripStatusNotification(
  trip: NotifiedTrip,
  move: { status: TripStatus; at: Date; by: 'person' | 'driver' | 'geofence' },
  actorUserId: string | null,
): NotificationEvent {
  const label = TRIP_STATUS_LABELS[move.status];
  const by = { person: '', driver: ' by the driver', geofence: ' by Freightlane tracking' }[move.by];
  return {
    kind: 'TRIP_STATUS_CHANGED',
    ...onTrip(trip, actorUserId),
    title: `${trip.tripNumber}: ${label}`,
    body: `${label} was recorded${by} at ${lagosDateTimeText(move.at)} (Lagos time).`,
    key: `trip-status:${trip.id}:${move.status}:${move.at.toISOString()}`,
  };
}

/** Trips one company hears were cancelled, in one notification. */
export function tripsCancelledNotification(
  companyId: string,
  cancellation: { tripIds: string[]; tripNumbers: string[]; cancelledBy: string; reason: string },
  actorUserId: string,
): NotificationEvent {
  const { tripNumbers, cancelledBy, reason } = cancellation;
  const one = tripNumbers.length === 1;
  const trips = `${one ? 'trip' : 'trips'} ${tripNumbers.join(', ')}`;
  // A long list would bury what happened: past three numbers, the title counts the rest.
  const subject =
    tripNumbers.length <= 3
      ? tripNumbers.join(', ')
      : `${tripNumbers.slice(0, 2).join(', ')} and ${tripNumbers.length - 2} more`;
  // "A Freightlane admin" reads "cancelled by a Freightlane admin"; a company's name stays as it is.
  const by = cancelledBy.replace(/^(A|The) /, (article) => article.toLowerCase());
  const title = `${subject}: cancelled by ${by}`;
  return {
    kind: 'TRIP_CANCELLED',
    to: { companyIds: [companyId] },
    actorUserId,
    title,
    body: `${cancelledBy} cancelled ${trips}. Reason given: ${reason}`,
    link: one ? `/trips/${cancellation.tripIds[0]}` : '/trips',
    key: `trips-cancelled:${companyId}:${randomUUID()}`,
    email: {
      subject: title,
      paragraphs: [
        `${cancelledBy} has cancelled ${trips}. No more work is due on ${one ? 'it' : 'them'}, and an unpaid invoice for ${one ? 'it' : 'them'} is void.`,
        `Reason given: ${reason}`,
      ],
      actionLabel: one ? 'See the trip' : 'See your trips',
    },
  };
}

export function resourcesAssignedNotification(
  trip: NotifiedTrip,
  change: 'assigned' | 'changed',
  actorUserId: string,
): NotificationEvent {
  return {
    kind: 'RESOURCES_ASSIGNED',
    to: { companyIds: [trip.customerCompanyId] },
    actorUserId,
    link: `/trips/${trip.id}`,
    title:
      change === 'assigned'
        ? `${trip.tripNumber}: truck and driver assigned`
        : `${trip.tripNumber}: truck or crew changed`,
    body:
      change === 'assigned'
        ? 'The transporter assigned the truck, driver and motor boy. Their details are on the trip page.'
        : 'The transporter changed the truck or crew of this trip. The new details are on the trip page.',
    key: `trip-crew:${randomUUID()}`,
  };
}

export function issueNotification(
  trip: NotifiedTrip,
  issue: { id: string; type: TripIssueType; description: string | null },
  change: 'opened' | 'resolved',
  actorUserId: string | null,
): NotificationEvent {
  const type = TRIP_ISSUE_TYPE_LABELS[issue.type];
  return {
    kind: change === 'opened' ? 'ISSUE_OPENED' : 'ISSUE_RESOLVED',
    ...onTrip(trip, actorUserId),
    title: `${trip.tripNumber}: ${continuing(type, 'issue')} ${change === 'opened' ? 'reported' : 'resolved'}`,
    body:
      change === 'opened'
        ? `${issue.description ? `${issue.description} ` : ''}The trip shows as delayed until it is resolved.`
        : `The ${type.toLowerCase()} on this trip is resolved.`,
    key: `trip-issue-${change}:${issue.id}`,
  };
}

export function documentAddedNotification(
  trip: NotifiedTrip,
  document: { id: string; kindLabel: string; fileName: string },
  actorUserId: string | null,
): NotificationEvent {
  return {
    kind: 'DOCUMENT_ADDED',
    ...onTrip(trip, actorUserId),
    title: `${trip.tripNumber}: ${continuing(document.kindLabel, 'document')} added`,
    body: `${document.fileName} was added to the trip.`,
    key: `trip-document:${document.id}`,
  };
}

export function noteAddedNotification(
  trip: NotifiedTrip,
  note: { text: string; side: string },
  actorUserId: string,
): NotificationEvent {
  const text = note.text.length > 200 ? `${note.text.slice(0, 197)}…` : note.text;
  return {
    kind: 'NOTE_ADDED',
    ...onTrip(trip, actorUserId),
    title: `${trip.tripNumber}: note from the ${note.side.toLowerCase()}`,
    body: text,
    key: `trip-note:${randomUUID()}`,
  };
}
