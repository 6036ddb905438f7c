import {
  TRACKING_ALARM_LABELS,
  TRIP_ALERT_KIND_LABELS,
  lagosDateTimeText,
  type RaisedAlarm,
  type RaisedAlert,
  type TripLocation,
} from '@freightlane/domain';
import type { NotificationEvent } from '../../notification';
import type { NotifiedTrip } from '../trip-notifications';

/** A label as the middle of a sentence: "Long stop" → "long stop". */
const inSentence = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

const placeText = (place: TripLocation) => `${place.lga}, ${place.state}`;

/**
 * The product-wide title of a notification, "<subject>: <what happened>", here for what the tracking saw:
 * "TRP-2026-000123: moving at night near Ikeja, Lagos".
 */
function trackingTitle(trip: NotifiedTrip, what: string, place: TripLocation | null): string {
  return `${trip.tripNumber}: ${what}${place ? ` near ${placeText(place)}` : ''}`;
}

/** An alarm that held the trip up: an issue opened by tracking, told to both companies on the trip. */
export function alarmNotification(
  trip: NotifiedTrip,
  alarm: RaisedAlarm,
  place: TripLocation | null,
  issueId: string,
): NotificationEvent {
  const what = inSentence(TRACKING_ALARM_LABELS[alarm.alarm]);
  const title = trackingTitle(trip, what, place);
  const lastPlace = place ? `Last known place: ${placeText(place)}.` : null;
  return {
    kind: 'ISSUE_OPENED',
    to: { companyIds: [trip.customerCompanyId, trip.transporterCompanyId] },
    title,
    body: [alarm.description, lastPlace].filter(Boolean).join(' '),
    link: `/trips/${trip.id}`,
    key: `trip-issue-opened:${issueId}`,
    email: {
      subject: title,
      paragraphs: [
        `The tracking of trip ${trip.tripNumber} raised an alarm: ${what}.`,
        alarm.description,
        ...(lastPlace ? [lastPlace] : []),
        'An issue is open on the trip until someone resolves it.',
      ],
      actionLabel: 'Open the trip',
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
  const title = trackingTitle(trip, inSentence(TRIP_ALERT_KIND_LABELS[alert.kind]), place);
  const when = `It set off at ${lagosDateTimeText(alert.at)} (Lagos time)${place ? ` near ${placeText(place)}` : ''}.`;
  const notDelayed = 'This is an alert, not an issue: the trip is not shown as delayed.';
  return {
    kind: 'TRIP_ALERT',
    to: { companyIds: [trip.customerCompanyId, trip.transporterCompanyId] },
    title,
    body: `${alert.description} ${when} ${notDelayed}`,
    link: `/trips/${trip.id}`,
    key: `trip-alert:${alertId}`,
    email: {
      subject: title,
      paragraphs: [
        `The tracking of trip ${trip.tripNumber} saw its truck moving at night.`,
        alert.description,
        when,
        `${notDelayed} The transporter can mark it seen on the trip page.`,
      ],
      actionLabel: 'Open the trip',
    },
  };
}
