import { randomUUID } from 'node:crypto';
import type { NoteSide, TripDocumentKind, TripIssueType, TripStatus } from '@freightlane/domain';
import { dateTimeValue, type NotificationEvent } from '../notification';

/** What every trip notification needs of its trip: who is on each side, and its number. */
export interface NotifiedTrip {
  id: string;
  tripNumber: string;
  customerCompanyId: string;
  transporterCompanyId: string;
}

// Titles read "<trip number>: <what happened>", what happened starting in lower case (a status keeps the
// name the spec gives it): a label such as "Proof of delivery" continues the sentence after the colon,
// and the catch-all label "Other" says what kind of thing it is instead. The catalog words each case so.

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
  return {
    kind: 'TRIP_STATUS_CHANGED',
    ...onTrip(trip, actorUserId),
    title: { key: 'tripStatus.title', values: { tripNumber: trip.tripNumber, status: move.status } },
    body: {
      key: 'tripStatus.body',
      values: { status: move.status, by: move.by, at: dateTimeValue(move.at) },
    },
    key: `trip-status:${trip.id}:${move.status}:${move.at.toISOString()}`,
  };
}

/**
 * Who cancelled, as the other side is told: a platform admin, a company by its name, or (when the
 * company cannot be found) the other party.
 */
export type CancelledBy = { by: 'admin' } | { by: 'company'; name: string } | { by: 'unknown' };

/** Trips one company hears were cancelled, in one notification. */
export function tripsCancelledNotification(
  companyId: string,
  cancellation: { tripIds: string[]; tripNumbers: string[]; cancelledBy: CancelledBy; reason: string },
  actorUserId: string,
): NotificationEvent {
  const { tripNumbers, cancelledBy, reason } = cancellation;
  const one = tripNumbers.length === 1;
  // A long list would bury what happened: past three numbers, the title counts the rest.
  const shown = tripNumbers.length <= 3 ? tripNumbers : tripNumbers.slice(0, 2);
  const by = {
    by: cancelledBy.by,
    company: cancelledBy.by === 'company' ? cancelledBy.name : '',
    count: tripNumbers.length,
    tripNumbers: tripNumbers.join(', '),
  };
  const title = {
    key: 'tripsCancelled.title',
    values: { ...by, shown: shown.join(', '), more: tripNumbers.length - shown.length },
  } as const;
  return {
    kind: 'TRIP_CANCELLED',
    to: { companyIds: [companyId] },
    actorUserId,
    title,
    body: { key: 'tripsCancelled.body', values: { ...by, reason } },
    link: one ? `/trips/${cancellation.tripIds[0]}` : '/trips',
    key: `trips-cancelled:${companyId}:${randomUUID()}`,
    email: {
      subject: title,
      paragraphs: [
        { key: 'tripsCancelled.email.paragraph1', values: by },
        { key: 'email.reasonGiven', values: { reason } },
      ],
      actionLabel: { key: 'tripsCancelled.email.action', values: { count: tripNumbers.length } },
    },
  };
}

export function resourcesAssignedNotification(
  trip: NotifiedTrip,
  change: 'assigned' | 'changed',
  actorUserId: string,
): NotificationEvent {
  const assigned = change === 'assigned';
  return {
    kind: 'RESOURCES_ASSIGNED',
    to: { companyIds: [trip.customerCompanyId] },
    actorUserId,
    link: `/trips/${trip.id}`,
    title: {
      key: assigned ? 'crewAssigned.title' : 'crewChanged.title',
      values: { tripNumber: trip.tripNumber },
    },
    body: { key: assigned ? 'crewAssigned.body' : 'crewChanged.body' },
    key: `trip-crew:${randomUUID()}`,
  };
}

export function issueNotification(
  trip: NotifiedTrip,
  issue: { id: string; type: TripIssueType; description: string | null },
  change: 'opened' | 'resolved',
  actorUserId: string | null,
): NotificationEvent {
  const opened = change === 'opened';
  return {
    kind: opened ? 'ISSUE_OPENED' : 'ISSUE_RESOLVED',
    ...onTrip(trip, actorUserId),
    title: {
      key: opened ? 'issueOpened.title' : 'issueResolved.title',
      values: { tripNumber: trip.tripNumber, type: issue.type },
    },
    body: !opened
      ? { key: 'issueResolved.body', values: { type: issue.type } }
      : issue.description
        ? { key: 'issueOpened.bodyWithDescription', values: { description: issue.description } }
        : { key: 'issueOpened.body' },
    key: `trip-issue-${change}:${issue.id}`,
  };
}

export function documentAddedNotification(
  trip: NotifiedTrip,
  document: { id: string; kind: TripDocumentKind; fileName: string },
  actorUserId: string | null,
): NotificationEvent {
  return {
    kind: 'DOCUMENT_ADDED',
    ...onTrip(trip, actorUserId),
    title: { key: 'documentAdded.title', values: { tripNumber: trip.tripNumber, kind: document.kind } },
    body: { key: 'documentAdded.body', values: { fileName: document.fileName } },
    key: `trip-document:${document.id}`,
  };
}

export function noteAddedNotification(
  trip: NotifiedTrip,
  note: { text: string; side: NoteSide },
  actorUserId: string,
): NotificationEvent {
  const text = note.text.length > 200 ? `${note.text.slice(0, 197)}…` : note.text;
  return {
    kind: 'NOTE_ADDED',
    ...onTrip(trip, actorUserId),
    title: { key: 'noteAdded.title', values: { tripNumber: trip.tripNumber, side: note.side } },
    body: { key: 'noteAdded.body', values: { text } },
    key: `trip-note:${randomUUID()}`,
  };
}
