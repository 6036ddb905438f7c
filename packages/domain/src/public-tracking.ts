import type { OngoingTripItem, PublicStatusLog, TrackingTrip } from './contracts/public-tracking';
import type { TripStatus } from './contracts/trip';
import type { PublicKey } from './i18n/catalogs';
import { lagosDateTimeTextIn, lagosDayTextIn } from './i18n/format';
import { publicWordsOf, type PublicWords } from './i18n/public-words';
import { lagosClockText, tripTimeMs } from './lagos-time';
import { locationText } from './place-text';
import { offloadDate, ongoingStatus, timelineSteps, type TimelineStep } from './trip-status';

export type { OngoingTripItem, PublicStatusLog, TrackingTrip } from './contracts/public-tracking';
export type { TripStatus } from './contracts/trip';
export { locationText } from './place-text';
// The public pages colour a status by its description, so they read the labels from here (zod-free).
export { TRIP_STATUS_LABELS } from './trip-status';
export type { PublicWords } from './i18n/public-words';

/**
 * The words every function below speaks unless given others: English (Nigeria), whose catalog holds the
 * spec's texts word for word. Each function takes the reader's words as its last argument.
 */
export const ENGLISH_PUBLIC_WORDS: PublicWords = publicWordsOf('en-NG');

/**
 * The rules of the public pages (spec: trip tracking screen, ongoing trips screen, sections 4 and 5).
 * This module and everything it imports stay free of zod and of the signed-in app, so the light public
 * bundle can carry them.
 */

export const NOT_AVAILABLE = 'N/A';

/** A value as the public pages show it: 'N/A' (in the reader's words) when missing or blank. */
export function orNotAvailable(value: string | null | undefined, words = ENGLISH_PUBLIC_WORDS): string {
  return value?.trim() ? value : words.t('value.notAvailable');
}

/** Container Number(s): every known number, joined by slashes. */
export function containerNumbersText(
  numbers: readonly (string | null | undefined)[],
  words = ENGLISH_PUBLIC_WORDS,
): string {
  const known = numbers.filter((n): n is string => !!n?.trim());
  return known.length ? known.join('/') : words.t('value.notAvailable');
}

/** A place in one line by the spec's rule; names of places are never translated, only a missing one. */
function placeText(location: Parameters<typeof locationText>[0], words: PublicWords): string {
  const text = locationText(location);
  return text === NOT_AVAILABLE ? words.t('value.notAvailable') : text;
}

/** A Lagos day as 21 Nov 2026, the month in the reader's language. */
function lagosDayIn(words: PublicWords, text: string | null | undefined): string | null {
  return lagosDayTextIn(words.months, text);
}

/**
 * The tracking id of a tracking page's URL (origin and path, without query or fragment), or null when
 * the URL does not have exactly five slash-separated parts with a non-empty last one
 * (https: · '' · host · tripprogress · id).
 */
export function trackingIdFromUrl(url: string): string | null {
  const parts = url.split('/');
  if (parts.length !== 5) return null;
  const id = parts[4]!;
  return id.length > 0 ? decodeURIComponent(id) : null;
}

/** The share id of an ongoing-trips URL path: its last segment, or null when it is empty. */
export function shareIdFromPath(pathname: string): string | null {
  const last = pathname.split('/').pop() ?? '';
  return last.length > 0 ? decodeURIComponent(last) : null;
}

export interface DetailRow {
  label: string;
  value: string;
}

/** Shipment Details, in the spec's order, each 'N/A' when missing. */
export function shipmentDetails(trip: TrackingTrip, words = ENGLISH_PUBLIC_WORDS): DetailRow[] {
  const { t } = words;
  const cargoType = trip.cargoType ? t(`cargoType.${trip.cargoType}` as PublicKey) : null;
  return [
    { label: t('detail.orderNumber'), value: orNotAvailable(trip.orderNumber, words) },
    { label: t('detail.containerNumbers'), value: containerNumbersText(trip.containerNumbers, words) },
    { label: t('detail.cargoType'), value: orNotAvailable(cargoType, words) },
    { label: t('detail.tripId'), value: orNotAvailable(trip.tripNumber, words) },
    {
      label: t('detail.pickup'),
      value: placeText({ terminal: trip.pickupTerminal, address: trip.pickupAddress }, words),
    },
    {
      label: t('detail.delivery'),
      value: placeText({ terminal: trip.recipientTerminal, address: trip.recipientAddress }, words),
    },
  ];
}

export interface ProgressStep extends TimelineStep {
  /** 14:05 and 21 Nov 2026 in Lagos; null until the step is reached. */
  time: string | null;
  date: string | null;
}

/** Shipment Progress: the cargo type's steps, ticked from the logs, each with its time and date. */
export function shipmentProgress(
  trip: Pick<TrackingTrip, 'cargoType' | 'tripStatusLogs'>,
  words = ENGLISH_PUBLIC_WORDS,
): ProgressStep[] {
  return timelineSteps(trip.cargoType, trip.tripStatusLogs).map((step) => ({
    ...step,
    label: words.t(`step.${step.key}`),
    time: lagosClockText(step.timeStamp),
    date: lagosDayIn(words, step.timeStamp),
  }));
}

/** The latest time the trip reached one of these statuses, or null. */
function reachedAt(logs: readonly PublicStatusLog[], statuses: readonly TripStatus[]): string | null {
  let found: PublicStatusLog | null = null;
  for (const log of logs) {
    if (!statuses.includes(log.tripStatus)) continue;
    if (!found || tripTimeMs(log.timeStamp) >= tripTimeMs(found.timeStamp)) found = log;
  }
  return found?.timeStamp ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// When and where: the two facts the tracking page shows above everything else

/** A fact as the page shows it: a short statement, and what backs it (null when the statement says it all). */
export interface TripFact {
  text: string;
  detail: string | null;
}

/** A Lagos day's parts, e.g. ['3', 'Dec', '2026'], or null when the time cannot be read. */
function dayParts(text: string, words: PublicWords): [string, string, string] | null {
  const day = lagosDayIn(words, text);
  if (day === null) return null;
  // A month name may hold a space in some language; the day leads and the year closes.
  const first = day.indexOf(' ');
  const last = day.lastIndexOf(' ');
  return [day.slice(0, first), day.slice(first + 1, last), day.slice(last + 1)];
}

/**
 * Two Lagos days as one span, naming each month and year once: '3 Dec 2026', '3–4 Dec 2026',
 * '30 Nov – 2 Dec 2026', '31 Dec 2026 – 1 Jan 2027'. Null when either cannot be read.
 */
export function dayRangeText(from: string, to: string, words = ENGLISH_PUBLIC_WORDS): string | null {
  const a = dayParts(from, words);
  const b = dayParts(to, words);
  if (a === null || b === null) return null;
  const [d1, m1, y1] = a;
  const [d2, m2, y2] = b;
  if (y1 !== y2) return `${d1} ${m1} ${y1} – ${d2} ${m2} ${y2}`;
  if (m1 !== m2) return `${d1} ${m1} – ${d2} ${m2} ${y2}`;
  return d1 === d2 ? `${d2} ${m2} ${y2}` : `${d1}–${d2} ${m2} ${y2}`;
}

/** A Lagos day and time without the year, which the statement above it already gives: 3 Dec, 14:30. */
function dayAndClockText(text: string, words: PublicWords): string | null {
  const parts = dayParts(text, words);
  const clock = lagosClockText(text);
  return parts === null || clock === null ? null : `${parts[0]} ${parts[1]}, ${clock}`;
}

/**
 * When the cargo reaches its delivery, as far as anyone knows: the delivery time once it is delivered;
 * before that the range its lane's past trips give (typically by, at the latest by), else the day the
 * transporter set; null when none is known.
 */
export function deliveryFact(
  trip: Pick<TrackingTrip, 'tripStatusLogs' | 'eta' | 'expectedDeliveryDate'>,
  words = ENGLISH_PUBLIC_WORDS,
): TripFact | null {
  const { t } = words;
  const delivered = lagosDateTimeTextIn(words.months, reachedAt(trip.tripStatusLogs, ['DELIVERED']));
  if (delivered !== null) return { text: t('facts.delivered', { at: delivered }), detail: null };
  if (trip.eta) {
    const range = dayRangeText(trip.eta.typical, trip.eta.worst, words);
    const typical = dayAndClockText(trip.eta.typical, words);
    const worst = dayAndClockText(trip.eta.worst, words);
    if (range !== null && typical !== null && worst !== null) {
      return {
        text: t('facts.expected', { range }),
        detail: t('facts.expectedDetail', { typical, worst }),
      };
    }
  }
  const day = lagosDayIn(words, trip.expectedDeliveryDate);
  return day === null
    ? null
    : { text: t('facts.expected', { range: day }), detail: t('facts.transporterDate') };
}

const MINUTE_MS = 60_000;

/**
 * How long ago, in the short words shown beside an absolute time: 'just now', '5 min ago', '3 h ago',
 * '2 d ago'. A moment slightly ahead of this clock (the server's runs ahead of the phone's) is 'just now'.
 */
export function timeAgoText(atMs: number, now: number, words = ENGLISH_PUBLIC_WORDS): string {
  const { t } = words;
  const minutes = Math.floor((now - atMs) / MINUTE_MS);
  if (minutes < 1) return t('ago.justNow');
  if (minutes < 60) return t('ago.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('ago.hours', { count: hours });
  return t('ago.days', { count: Math.floor(hours / 24) });
}

export interface LastSeenFact {
  /** 'Ikeja, Lagos': the LGA and state, nothing finer. */
  place: string;
  /** 21 Nov 2026, 14:05 in Lagos. */
  at: string;
  /** '3 h ago', at `now`. */
  ago: string;
  /** The same moment in ISO 8601, for machines (a <time> element's datetime). */
  iso: string;
}

/** Where the truck was last seen and when, at `now`; null when the trip does not say. */
export function lastSeenFact(
  trip: Pick<TrackingTrip, 'lastSeen'>,
  now: number,
  words = ENGLISH_PUBLIC_WORDS,
): LastSeenFact | null {
  const seen = trip.lastSeen;
  const at = lagosDateTimeTextIn(words.months, seen?.at);
  if (!seen || at === null) return null;
  const ms = tripTimeMs(seen.at);
  return {
    place: `${seen.lga}, ${seen.state}`,
    at,
    ago: timeAgoText(ms, now, words),
    iso: new Date(ms).toISOString(),
  };
}

/** The fact as one line: Last seen in Ikeja, Lagos · 21 Nov 2026, 14:05 (3 h ago). */
export function lastSeenText(fact: LastSeenFact, words = ENGLISH_PUBLIC_WORDS): string {
  return `${words.t('facts.lastSeen', { place: fact.place })} · ${fact.at} (${fact.ago})`;
}

// ---------------------------------------------------------------------------------------------------------
// The ongoing trips table

export const ONGOING_CONTAINER_COLUMNS = [
  'Container NO',
  'Cargo Size',
  'Liner',
  'Truck NO',
  'Collection Date',
  'Pick Up Location',
  'Delivery Location',
  'Loading Date',
  'Arrival Date',
  'Offload Date',
  'Empty Return',
  'Last Location',
  'Empty Drop Off Date',
  'Trip Status',
] as const;

export const ONGOING_GENERAL_CARGO_COLUMNS = [
  'Cargo Type',
  'Collection Date',
  'Pick Up Location',
  'Delivery Location',
  'Truck NO',
  'Loading Date',
  'Arrival Date',
  'Offload Date',
  'Last Location',
  'Trip Status',
] as const;

export type OngoingColumn =
  (typeof ONGOING_CONTAINER_COLUMNS)[number] | (typeof ONGOING_GENERAL_CARGO_COLUMNS)[number];

const ONGOING_COLUMN_KEYS: Record<OngoingColumn, PublicKey> = {
  'Container NO': 'column.containerNo',
  'Cargo Size': 'column.cargoSize',
  Liner: 'column.liner',
  'Truck NO': 'column.truckNo',
  'Collection Date': 'column.collectionDate',
  'Pick Up Location': 'column.pickup',
  'Delivery Location': 'column.delivery',
  'Loading Date': 'column.loadingDate',
  'Arrival Date': 'column.arrivalDate',
  'Offload Date': 'column.offloadDate',
  'Empty Return': 'column.emptyReturn',
  'Last Location': 'column.lastLocation',
  'Empty Drop Off Date': 'column.emptyDropOffDate',
  'Trip Status': 'column.tripStatus',
  'Cargo Type': 'column.cargoType',
};

/** A column's heading in the reader's words; the spec's English names stay the columns' identities. */
export function ongoingColumnText(column: OngoingColumn, words = ENGLISH_PUBLIC_WORDS): string {
  return words.t(ONGOING_COLUMN_KEYS[column]);
}

/**
 * The Trip Status cell in the reader's words. English keeps the spec's rule word for word (the server's
 * status description); another language says the status by its code, since the description is English.
 */
export function ongoingStatusText(item: OngoingTripItem, words = ENGLISH_PUBLIC_WORDS): string {
  if (words.locale === 'en-NG') return ongoingStatus(item);
  if (item.latestTripIssue?.issueStatus) return words.t('status.DELAYED');
  const status = item.latestTripStatus?.tripStatus;
  return status ? words.t(`status.${status}`) : words.t('value.notAvailable');
}

function dayOf(text: string | null | undefined, words: PublicWords): string {
  return lagosDayIn(words, text) ?? words.t('value.notAvailable');
}

/** Last Location: the LGA and state of the truck's last reported place. */
export function lastLocationText(
  item: Pick<OngoingTripItem, 'currentLocation'>,
  words = ENGLISH_PUBLIC_WORDS,
): string {
  const address = item.currentLocation?.address;
  if (!address) return words.t('value.notAvailable');
  return address.lga ? `${address.lga}, ${address.state}` : address.state;
}

/** The columns both tables share, by name. */
function commonCells(item: OngoingTripItem, words: PublicWords) {
  return {
    truck: orNotAvailable(item.truckRegistrationNumber, words),
    collection: dayOf(item.pickupDate, words),
    pickup: placeText({ terminal: item.pickupTerminal, address: item.pickupAddress }, words),
    delivery: placeText({ terminal: item.recipientTerminal, address: item.recipientAddress }, words),
    loading: dayOf(reachedAt(item.tripStatusLogs, ['LOADED']), words),
    arrival: dayOf(reachedAt(item.tripStatusLogs, ['AT_DELIVERY_LOCATION', 'AT_DROP_OFF_LOCATION']), words),
    offload: dayOf(offloadDate(item.cargoType, item.tripStatusLogs), words),
    lastLocation: lastLocationText(item, words),
    status: ongoingStatusText(item, words),
  };
}

/** One row per container of every container trip, cells in ONGOING_CONTAINER_COLUMNS order. */
export function ongoingContainerRows(
  items: readonly OngoingTripItem[],
  words = ENGLISH_PUBLIC_WORDS,
): string[][] {
  return items
    .filter((item) => item.cargoType !== 'GENERAL_CARGO')
    .flatMap((item) => {
      const c = commonCells(item, words);
      const consignments = item.consignments.length ? item.consignments : [null];
      return consignments.map((consignment) => [
        orNotAvailable(consignment?.containerNumber, words),
        consignment?.containerSize
          ? words.t(`size.${consignment.containerSize}`)
          : words.t('value.notAvailable'),
        orNotAvailable(consignment?.liner?.name, words),
        c.truck,
        c.collection,
        c.pickup,
        c.delivery,
        c.loading,
        c.arrival,
        c.offload,
        dayOf(consignment?.deliveryOrderValidityDate, words),
        c.lastLocation,
        dayOf(reachedAt(item.tripStatusLogs, ['EMPTY_DROP_OFF']), words),
        c.status,
      ]);
    });
}

/** One row per general-cargo trip, cells in ONGOING_GENERAL_CARGO_COLUMNS order. */
export function ongoingGeneralCargoRows(
  items: readonly OngoingTripItem[],
  words = ENGLISH_PUBLIC_WORDS,
): string[][] {
  return items
    .filter((item) => item.cargoType === 'GENERAL_CARGO')
    .map((item) => {
      const c = commonCells(item, words);
      return [
        words.t(`cargoType.${item.cargoType}`),
        c.collection,
        c.pickup,
        c.delivery,
        c.truck,
        c.loading,
        c.arrival,
        c.offload,
        c.lastLocation,
        c.status,
      ];
    });
}

// ---------------------------------------------------------------------------------------------------------
// The server's and the page's own messages, in the reader's words

/**
 * The English messages a public page can show in its toast (the server's 404 and 429 answers and the
 * page's own for a lost connection), each to its catalog key. The server keeps speaking English, as the
 * spec's rule and every other client read its `message`; the page says a message it knows in the reader's
 * language, and one it does not know as the server wrote it.
 */
const KNOWN_MESSAGES: Readonly<Record<string, PublicKey>> = {
  'You seem to be offline. Check your connection and try again.': 'message.offline',
  'Something went wrong on our side. Try again in a moment.': 'message.server',
  'Too many requests. Wait a moment, then try again.': 'message.rateLimited',
  'This link is not valid.': 'message.linkNotValid',
  'This link is not valid': 'message.linkNotValid',
  'No trip has this tracking link. Check the link you were sent.': 'message.tripNotFound',
  'This tracking link has been revoked. Ask the sender for a new link.': 'message.linkRevoked',
  'No ongoing trips page has this link. Check the link you were sent.': 'message.ongoingNotFound',
  'Too many live pages are open from your network. Close some tabs and try again.':
    'message.tooManyLivePages',
};

const WAIT_MINUTES = /^Too many requests\. Please wait (a|\d+) minutes? and try again\.$/;
const EXPIRED_ON = /^This tracking link expired on (\d{1,2}) (\p{L}+) (\d{4}), (\d{2}:\d{2})\.$/u;

/** A message shown on a public page, in the reader's words when the page knows it. */
export function publicMessageText(message: string, words = ENGLISH_PUBLIC_WORDS): string {
  if (words.locale === 'en-NG') return message;
  const key = KNOWN_MESSAGES[message];
  if (key) return words.t(key);
  const wait = WAIT_MINUTES.exec(message);
  if (wait) return words.t('message.rateLimitedMinutes', { count: wait[1] === 'a' ? 1 : Number(wait[1]) });
  const expired = EXPIRED_ON.exec(message);
  const month = expired ? ENGLISH_PUBLIC_WORDS.months.indexOf(expired[2]!) : -1;
  if (expired && month >= 0) {
    const at = `${expired[1]} ${words.months[month]} ${expired[3]}, ${expired[4]}`;
    return words.t('message.linkExpired', { at });
  }
  return message;
}
