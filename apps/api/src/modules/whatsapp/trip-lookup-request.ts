import { trackingIdFromUrl } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';

// What a person's WhatsApp text asks about (docs/whatsapp.md, "Ask by WhatsApp"): a trip by its tracking id
// (bare, or inside the tracking page's link) or by its trip number, written any way people type it.

export type TripLookupRequest =
  { by: 'trackingId'; trackingId: string } | { by: 'tripNumber'; tripNumber: string };

/** TRP-2026-000123, in any case, with spaces or dashes or neither between its parts. */
const TRIP_NUMBER = /\bTRP[\s-]*(\d{4})[\s-]*(\d{6})\b/i;
/** A tracking id as the platform issues it: 128 random bits in base64url, 22 characters. */
const TRACKING_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The trip a text asks about, or null when it names none. A tracking id wins over a trip number: it is the
 * secret link the person was given, so it is answered whoever sends it.
 */
export function tripLookupRequest(text: string | null): TripLookupRequest | null {
  if (!text) return null;
  for (const word of text.split(/\s+/)) {
    const token = word.replace(/^[<("'[]+|[>)"'.,;:!?\]]+$/g, '');
    const candidate = token.includes('/') ? (trackingIdFromUrl(token.split(/[?#]/)[0]!) ?? '') : token;
    if (TRACKING_ID.test(candidate)) return { by: 'trackingId', trackingId: candidate };
  }
  const number = TRIP_NUMBER.exec(text);
  return number ? { by: 'tripNumber', tripNumber: `TRP-${number[1]}-${number[2]}` } : null;
}

export const TRIP_LOOKUP_JOB = 'whatsapp.trip-lookup';

/**
 * Queues the answer to a message that asks about a trip, in the webhook's transaction: the webhook answers
 * Meta at once and the lookup runs as a job.
 */
export async function queueTripLookup(
  ctx: AppContext,
  tx: Executor,
  inbound: { id: string; text: string | null },
): Promise<void> {
  if (tripLookupRequest(inbound.text) === null) return;
  await ctx.jobs.enqueue(tx, TRIP_LOOKUP_JOB, { inboundId: inbound.id });
}
