import { z } from 'zod';
import {
  deliveryFact,
  lastSeenFact,
  lastSeenText,
  publicMessageText,
  tripTimeMs,
  type PublicStatusLog,
  type TrackingTrip,
} from '@freightlane/domain';
import {
  createTranslator,
  DEFAULT_LOCALE,
  publicWordsOf,
  WHATSAPP_CATALOG,
  type Locale,
  type PublicKey,
} from '@freightlane/domain/i18n';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { tripLookupRequest, type TripLookupRequest } from './trip-lookup-request';
import {
  findInbound,
  findTripByNumber,
  findVerifiedUserByPhone,
  inboundTextsBetween,
  type InboundRow,
} from './trip-lookup.repository';
import { serviceWindowOpen } from './whatsapp-window.service';
import { queueWhatsapp } from './whatsapp.service';

// Ask by WhatsApp (docs/whatsapp.md): a person sends the platform's number a trip number or a tracking link
// and gets the trip's public facts back, as the public tracking page gives them and by its rules.

const tripLookupJob = z.object({ inboundId: z.uuid() });

/** Lookups a phone may make in an hour; the next gets one "too many" answer, and any after it none. */
export const TRIP_LOOKUPS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Where this message falls among the lookups the phone asked for in the hour up to it (1 for the first). A
 * count of what the phone wrote, so nothing more is kept and every instance counts alike.
 */
async function lookupNumber(ctx: AppContext, inbound: InboundRow): Promise<number> {
  const window = await inboundTextsBetween(
    ctx.db,
    inbound.from,
    new Date(inbound.sentAt.getTime() - HOUR_MS),
    inbound.sentAt,
    500,
  );
  let n = 0;
  for (const row of window) {
    if (tripLookupRequest(row.text) !== null) n += 1;
    if (row.id === inbound.id) return n;
  }
  // More than the window holds came first: far past the limit.
  return Number.MAX_SAFE_INTEGER;
}

/** The latest status the trip reached, as the public page orders its logs. */
function latestStatus(logs: readonly PublicStatusLog[]): PublicStatusLog | null {
  let latest: PublicStatusLog | null = null;
  for (const log of logs) {
    if (!latest || tripTimeMs(log.timeStamp) >= tripTimeMs(latest.timeStamp)) latest = log;
  }
  return latest;
}

/** The trip's public facts as a short message: its number, stage, where last seen, expected delivery. */
export function tripFactsText(trip: TrackingTrip, locale: Locale, now: number): string {
  const words = publicWordsOf(locale);
  const t = createTranslator(locale, WHATSAPP_CATALOG);
  const status = latestStatus(trip.tripStatusLogs)?.tripStatus;
  const stage = status ? words.t(`status.${status}` as PublicKey) : t('lookup.notStarted');
  const seen = lastSeenFact(trip, now, words);
  const delivery = deliveryFact(trip, words);
  return [
    t('lookup.title', { tripNumber: trip.tripNumber ?? '' }),
    t('lookup.stage', { stage }),
    seen ? lastSeenText(seen, words) : t('lookup.noLastSeen'),
    delivery ? [delivery.text, delivery.detail].filter(Boolean).join(' · ') : t('lookup.noDelivery'),
  ].join('\n');
}

/**
 * The answer to a lookup. A tracking id is the secret link a party chose to share, so whoever holds it gets
 * the trip, exactly as the public page would answer it (unknown, revoked or expired alike). A trip number is
 * sequential and so guessable: it is answered only to a verified phone of a user of the trip's customer or
 * transporter, and anyone else (or a number no trip has) gets the same refusal, which tells nothing.
 */
async function answerOf(
  ctx: AppContext,
  request: TripLookupRequest,
  asker: { companyId: string } | undefined,
  locale: Locale,
): Promise<string> {
  const words = publicWordsOf(locale);
  let trackingId: string;
  if (request.by === 'tripNumber') {
    const trip = await findTripByNumber(ctx.db, request.tripNumber);
    if (!trip || !asker || !trip.companyIds.includes(asker.companyId)) {
      return createTranslator(locale, WHATSAPP_CATALOG)('lookup.numberRefused');
    }
    trackingId = trip.trackingId;
  } else {
    trackingId = request.trackingId;
  }
  try {
    // The public page's own answers, from its memory: the same facts, expiry and revocation rules, and
    // words. Reached through the app's context rather than the public-tracking module, which depends on
    // notifications and so (through them) on this module.
    const doc = await ctx.publicTracking.cache.trackingPage(trackingId);
    return tripFactsText(JSON.parse(doc.body) as TrackingTrip, locale, Date.now());
  } catch (error) {
    // Unknown, revoked or expired: the page's 404 message, in the asker's words where it has them.
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      return publicMessageText(error.message, words);
    throw error;
  }
}

/**
 * Answers one message that asked about a trip, in the asker's language when their verified phone belongs
 * to a user who chose one. Free-form and free of charge (the person's message opened the window), the
 * platform's own (no company), and urgent: the person is waiting for it, whatever the hour.
 */
export async function answerTripLookup(ctx: AppContext, payload: unknown): Promise<void> {
  const job = tripLookupJob.safeParse(payload);
  if (!job.success) return;
  const inbound = await findInbound(ctx.db, job.data.inboundId);
  const request = tripLookupRequest(inbound?.text ?? null);
  if (!inbound || !request) return;
  // A message that reached us long after it was sent may be past its window: nothing can answer it.
  if (!(await serviceWindowOpen(ctx.db, inbound.from))) return;
  const asker = await findVerifiedUserByPhone(ctx.db, inbound.from);
  const locale = asker?.language ?? DEFAULT_LOCALE;
  const n = await lookupNumber(ctx, inbound);
  if (n > TRIP_LOOKUPS_PER_HOUR + 1) return;
  const text =
    n === TRIP_LOOKUPS_PER_HOUR + 1
      ? createTranslator(locale, WHATSAPP_CATALOG)('lookup.tooMany')
      : await answerOf(ctx, request, asker, locale);
  await ctx.db.transaction((tx) =>
    queueWhatsapp(ctx, tx, { to: inbound.from, purpose: 'trip-lookup', companyId: null, text, urgent: true }),
  );
}
