import { and, asc, eq, gte, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Locale } from '@freightlane/domain/i18n';
import type { Executor } from '../../db/client';
import { trips, users, whatsappInboundMessages } from '../../db/schema';

export type InboundRow = typeof whatsappInboundMessages.$inferSelect;

export async function findInbound(db: Executor, id: string): Promise<InboundRow | undefined> {
  const [row] = await db.select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.id, id));
  return row;
}

/** What the phone wrote in [from, to], in the order it was sent, at most `limit` messages. */
export async function inboundTextsBetween(
  db: Executor,
  phone: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<InboundRow[]> {
  return db
    .select()
    .from(whatsappInboundMessages)
    .where(
      and(
        eq(whatsappInboundMessages.from, phone),
        gte(whatsappInboundMessages.sentAt, from),
        lte(whatsappInboundMessages.sentAt, to),
      ),
    )
    .orderBy(
      asc(whatsappInboundMessages.sentAt),
      asc(whatsappInboundMessages.receivedAt),
      asc(whatsappInboundMessages.id),
    )
    .limit(limit);
}

/** The user whose verified phone this is (an unverified number could be anyone's); undefined for none. */
export async function findVerifiedUserByPhone(
  db: Executor,
  phone: string,
): Promise<{ companyId: string; language: Locale | null } | undefined> {
  const [row] = await db
    .select({ companyId: users.companyId, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.phoneNumber, phone),
        isNotNull(users.phoneVerifiedAt),
        isNull(users.deactivatedAt),
        isNull(users.erasedAt),
      ),
    )
    .limit(1);
  return row;
}

/** A trip by its number: its current tracking id and its two companies; undefined for none. */
export async function findTripByNumber(
  db: Executor,
  tripNumber: string,
): Promise<{ trackingId: string; companyIds: string[] } | undefined> {
  const [row] = await db
    .select({
      trackingId: trips.trackingId,
      customerCompanyId: trips.customerCompanyId,
      transporterCompanyId: trips.transporterCompanyId,
    })
    .from(trips)
    .where(eq(trips.tripNumber, tripNumber))
    .limit(1);
  return row && { trackingId: row.trackingId, companyIds: [row.customerCompanyId, row.transporterCompanyId] };
}
