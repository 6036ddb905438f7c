import type { RaisedAlarm, RaisedAlert, TripLocation } from '@freightlane/domain';
import { dateTimeValue, type NotificationEvent, type NotificationMessage } from '../../notification';
import type { NotifiedTrip } from '../trip-notifications';

const placeText = (place: TripLocation) => `${place.lga}, ${place.state}`;

/** An alarm that held the trip up: an issue opened by tracking, told to both companies on the trip. */
export function alarmNotification(
  trip: NotifiedTrip,
  alarm: RaisedAlarm,
  place: TripLocation | null,
  issueId: string,
): NotificationEvent {
  const near = place ? placeText(place) : null;
  // The product-wide title, "<subject>: <what happened>", here for what the tracking saw:
  // "TRP-2026-000123: long stop near Ikeja, Lagos".
  const title: NotificationMessage = near
    ? { key: 'alarm.titleNear', values: { tripNumber: trip.tripNumber, alarm: alarm.alarm, place: near } }
    : { key: 'alarm.title', values: { tripNumber: trip.tripNumber, alarm: alarm.alarm } };
  return {
    kind: 'ISSUE_OPENED',
    to: { companyIds: [trip.customerCompanyId, trip.transporterCompanyId] },
    title,
    body: near
      ? { key: 'alarm.bodyNear', values: { description: alarm.description, place: near } }
      : { key: 'alarm.body', values: { description: alarm.description } },
    link: `/trips/${trip.id}`,
    key: `trip-issue-opened:${issueId}`,
    email: {
      subject: title,
      paragraphs: [
        { key: 'alarm.email.paragraph1', values: { tripNumber: trip.tripNumber, alarm: alarm.alarm } },
        { key: 'alarm.email.description', values: { description: alarm.description } },
        ...(near ? [{ key: 'alarm.email.lastPlace', values: { place: near } } as const] : []),
        { key: 'alarm.email.issueOpen' },
      ],
      actionLabel: { key: 'action.openTrip' },
    },
  };
}

/**
 * An alert raised on the trip (the truck driving at night): both companies hear it once per night, and
 * are told it does not delay the trip.
 */
export function tripAlertNotification(
  trip: NotifiedTrip,
  alert: RaisedAlert,
  place: TripLocation | null,
  alertId: string,
): NotificationEvent {
  const near = place ? placeText(place) : null;
  const title: NotificationMessage = near
    ? { key: 'tripAlert.titleNear', values: { tripNumber: trip.tripNumber, kind: alert.kind, place: near } }
    : { key: 'tripAlert.title', values: { tripNumber: trip.tripNumber, kind: alert.kind } };
  const at = dateTimeValue(alert.at);
  return {
    kind: 'TRIP_ALERT',
    to: { companyIds: [trip.customerCompanyId, trip.transporterCompanyId] },
    title,
    body: near
      ? { key: 'tripAlert.bodyNear', values: { description: alert.description, at, place: near } }
      : { key: 'tripAlert.body', values: { description: alert.description, at } },
    link: `/trips/${trip.id}`,
    key: `trip-alert:${alertId}`,
    email: {
      subject: title,
      paragraphs: [
        { key: 'tripAlert.email.paragraph1', values: { tripNumber: trip.tripNumber } },
        { key: 'tripAlert.email.description', values: { description: alert.description } },
        near
          ? { key: 'tripAlert.email.whenNear', values: { at, place: near } }
          : { key: 'tripAlert.email.when', values: { at } },
        { key: 'tripAlert.email.notDelayed' },
      ],
      actionLabel: { key: 'action.openTrip' },
    },
  };
}
