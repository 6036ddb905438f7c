import { and, count, eq, inArray, isNotNull, isNull, ne, or, sql, type AnyColumn } from 'drizzle-orm';
import { ERASED_MESSAGE_TEXT, type UserType } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { readAll } from '../../db/read-all';
import {
  accountTokens,
  auditLog,
  bids,
  companies,
  fleetManagers,
  jobs,
  notificationPreferences,
  notifications,
  orders,
  phoneVerifications,
  pushSubscriptions,
  sessions,
  smsMessages,
  trips,
  whatsappInboundMessages,
  whatsappMessages,
  users,
} from '../../db/schema';

/** The person's row, locked so two erasures (or an erasure and a profile edit) do not interleave. */
export async function lockUserForErasure(db: Executor, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row;
}

/** The company's row, locked so two owners of one company cannot both leave it at the same moment. */
export async function lockCompanyForErasure(db: Executor, companyId: string) {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      contactEmail: companies.contactEmail,
      contactPhone: companies.contactPhone,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update')
    .limit(1);
  return row;
}

/** Owners of the company other than this person who can still act for it. */
export async function countOtherActiveOwners(
  db: Executor,
  companyId: string,
  userId: string,
  ownerTypes: readonly UserType[],
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        ne(users.id, userId),
        inArray(users.userType, [...ownerTypes]),
        isNotNull(users.activatedAt),
        isNull(users.deactivatedAt),
        isNull(users.erasedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Other people of the company who can sign in, or will once they take their invitation: they would be
 * left in a company nobody owns.
 */
export async function countOtherLiveUsers(db: Executor, companyId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        ne(users.id, userId),
        isNull(users.deactivatedAt),
        isNull(users.erasedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Work of the company still under way: trips not finished or cancelled, open orders, standing bids. */
export async function countLiveBusiness(db: Executor, companyId: string) {
  const [[liveTrips], [openOrders], [standingBids]] = await readAll(db, [
    () =>
      db
        .select({ n: count() })
        .from(trips)
        .where(
          and(
            or(eq(trips.customerCompanyId, companyId), eq(trips.transporterCompanyId, companyId)),
            eq(trips.completed, false),
            isNull(trips.cancelledAt),
          ),
        ),
    () =>
      db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.customerCompanyId, companyId), eq(orders.status, 'OPEN'))),
    () =>
      db
        .select({ n: count() })
        .from(bids)
        .innerJoin(orders, eq(orders.id, bids.orderId))
        .where(
          and(eq(bids.transporterCompanyId, companyId), eq(bids.status, 'ACTIVE'), eq(orders.status, 'OPEN')),
        ),
  ]);
  return {
    trips: Number(liveTrips?.n ?? 0),
    orders: Number(openOrders?.n ?? 0),
    bids: Number(standingBids?.n ?? 0),
  };
}

/** Replaces the person's identity on their row; the row stays for the records that point at it. */
export async function anonymiseUser(
  db: Executor,
  userId: string,
  values: {
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
    passwordHash: string;
    erasedAt: Date;
    deactivatedAt: Date;
  },
): Promise<void> {
  await db
    .update(users)
    // The placeholder number is nobody's, so it is not verified; the language goes with the person.
    .set({ ...values, phoneVerifiedAt: null, language: null, updatedAt: values.erasedAt })
    .where(eq(users.id, userId));
}

/** Revoked sign-ins keep their times but lose the device, browser and address they came from. */
export async function forgetSessionOrigins(db: Executor, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ deviceId: null, userAgent: null, ipAddress: null })
    .where(eq(sessions.userId, userId));
}

/**
 * What only served the person: their push subscriptions, notification choices and list, e-mailed links, and
 * the codes that proved their phone numbers.
 */
export async function deletePersonalRows(db: Executor, userId: string): Promise<void> {
  await db.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await db.delete(notifications).where(eq(notifications.userId, userId));
  await db.delete(accountTokens).where(eq(accountTokens.userId, userId));
}

const NOT_SENT_ERASED = "Not sent: the person's account was erased first";

/** A message still waiting to go fails instead, so its send job finds nothing to send. */
function notSentIfQueued(table: { status: AnyColumn; failureReason: AnyColumn }) {
  const queued = sql`${table.status} = 'QUEUED'`;
  return {
    status: sql`CASE WHEN ${queued} THEN 'FAILED' ELSE ${table.status} END`,
    failureReason: sql`CASE WHEN ${queued} THEN ${NOT_SENT_ERASED} ELSE ${table.failureReason} END`,
  };
}

/**
 * Text messages to the person's number, sent or waiting: their words go and the number becomes the erased
 * person's placeholder; what each cost and how far it got stay, as the company's spend.
 */
export async function eraseTextMessagesTo(
  db: Executor,
  phoneNumber: string,
  placeholder: string,
): Promise<number> {
  const erased = await db
    .update(smsMessages)
    .set({
      to: placeholder,
      text: ERASED_MESSAGE_TEXT,
      ...notSentIfQueued(smsMessages),
      updatedAt: new Date(),
    })
    .where(eq(smsMessages.to, phoneNumber))
    .returning({ id: smsMessages.id });
  return erased.length;
}

/**
 * The WhatsApp conversation with the person's number: what the platform sent loses its words, parameters
 * and number as a text message does (one still waiting fails instead); what the person wrote is deleted.
 */
export async function eraseWhatsappWith(
  db: Executor,
  phoneNumber: string,
  placeholder: string,
): Promise<number> {
  const erased = await db
    .update(whatsappMessages)
    .set({
      to: placeholder,
      text: ERASED_MESSAGE_TEXT,
      parameters: [],
      ...notSentIfQueued(whatsappMessages),
      updatedAt: new Date(),
    })
    .where(eq(whatsappMessages.to, phoneNumber))
    .returning({ id: whatsappMessages.id });
  const deleted = await db
    .delete(whatsappInboundMessages)
    .where(eq(whatsappInboundMessages.from, phoneNumber))
    .returning({ id: whatsappInboundMessages.id });
  return erased.length + deleted.length;
}

/** Mails to the person's address, sent or waiting: each holds their name and address. */
export async function deleteMailJobsTo(db: Executor, mailKind: string, email: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.kind, mailKind), sql`${jobs.payload}->>'to' = ${email}`));
}

/** The company's contact details, when they were this person's own e-mail address or phone number. */
export async function clearCompanyContactOf(
  db: Executor,
  companyId: string,
  person: { email: string; phoneNumber: string },
): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ contactName: null, contactEmail: null, contactPhone: null, updatedAt: new Date() })
    .where(
      and(
        eq(companies.id, companyId),
        or(eq(companies.contactEmail, person.email), eq(companies.contactPhone, person.phoneNumber)),
      ),
    )
    .returning({ id: companies.id });
  return rows.length > 0;
}

/** A fleet manager's staff record stops counting as a working manager; its id, or null for others. */
export async function retireStaffRecordOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .update(fleetManagers)
    .set({ active: false, updatedAt: new Date() })
    .where(eq(fleetManagers.userId, userId))
    .returning({ id: fleetManagers.id });
  return row?.id ?? null;
}

/**
 * Blanks the personal values of the audit rows about the person (their user record, and their staff
 * record when they were a fleet manager): what was done and when stays, what it said about them goes.
 * The log's trigger allows this change, and only this one, while the transaction says it is erasing.
 */
export async function blankAuditRowsAbout(
  db: Executor,
  userId: string,
  staffRecordId: string | null,
): Promise<number> {
  await db.execute(sql`SET LOCAL freightlane.erasing_person = 'on'`);
  const about = staffRecordId
    ? or(
        and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)),
        and(eq(auditLog.entityType, 'fleet_manager'), eq(auditLog.entityId, staffRecordId)),
      )
    : and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId));
  const rows = await db
    .update(auditLog)
    .set({ data: { erased: true }, ipAddress: null })
    .where(about)
    .returning({ id: auditLog.id });
  // Closed again at once: the rest of the transaction writes the log under the usual rule.
  await db.execute(sql`SET LOCAL freightlane.erasing_person = 'off'`);
  return rows.length;
}
