import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '@freightlane/domain/i18n';
import type { Executor } from '../../db/client';
import { companies, drivers, trips, trucks, ussdScreens, ussdSessions } from '../../db/schema';
import { liveTripSql } from '../../queries/trip-scope.repository';

/** A driver a phone number may belong to, with what the menu needs before the PIN. */
export interface UssdDriver {
  driverId: string;
  companyId: string;
  companyName: string;
  firstName: string;
  language: Locale | null;
  pinHash: string | null;
  pinFailures: number;
  lockedUntil: Date | null;
  /** Whether the driver has a trip that is neither completed nor cancelled (in progress or to come). */
  hasLiveTrip: boolean;
}

const ussdDriverColumns = {
  driverId: drivers.id,
  companyId: drivers.companyId,
  companyName: companies.name,
  firstName: drivers.firstName,
  language: drivers.language,
  pinHash: drivers.ussdPinHash,
  pinFailures: drivers.ussdPinFailures,
  lockedUntil: drivers.ussdLockedUntil,
  hasLiveTrip: sql<boolean>`EXISTS (SELECT 1 FROM ${trips} WHERE ${trips.driverId} = ${drivers.id} AND ${liveTripSql()})`,
};

/** The active drivers with this number, at any company, oldest company name first for a stable menu. */
export async function findDriversByPhone(db: Executor, phoneNumber: string): Promise<UssdDriver[]> {
  return db
    .select(ussdDriverColumns)
    .from(drivers)
    .innerJoin(companies, eq(companies.id, drivers.companyId))
    .where(and(eq(drivers.phoneNumber, phoneNumber), eq(drivers.active, true)))
    .orderBy(asc(companies.name), asc(drivers.id));
}

export type UssdSessionRow = typeof ussdSessions.$inferSelect;

/** The session the gateway named, made on its first screen; its phone and code are the first callback's. */
export async function openUssdSession(
  db: Executor,
  values: { sessionId: string; phoneNumber: string; serviceCode: string },
): Promise<UssdSessionRow> {
  await db.insert(ussdSessions).values(values).onConflictDoNothing();
  const [row] = await db.select().from(ussdSessions).where(eq(ussdSessions.sessionId, values.sessionId));
  return row!;
}

/** The session is the driver's once the right PIN is given in it. */
export async function signInUssdSession(db: Executor, sessionId: string, driverId: string): Promise<void> {
  await db
    .update(ussdSessions)
    .set({ driverId, signedInAt: new Date(), updatedAt: new Date() })
    .where(eq(ussdSessions.sessionId, sessionId));
}

export async function findUssdScreen(db: Executor, sessionId: string, input: string) {
  const [row] = await db
    .select({ answer: ussdScreens.answer, createdAt: ussdScreens.createdAt })
    .from(ussdScreens)
    .where(and(eq(ussdScreens.sessionId, sessionId), eq(ussdScreens.input, input)))
    .limit(1);
  return row ?? null;
}

/** Keeps the screen's answer; a screen answered first by a racing callback keeps that first answer. */
export async function keepUssdScreen(
  db: Executor,
  values: { sessionId: string; input: string; answer: string },
): Promise<string> {
  const inserted = await db
    .insert(ussdScreens)
    .values(values)
    .onConflictDoNothing()
    .returning({ answer: ussdScreens.answer });
  if (inserted[0]) return inserted[0].answer;
  return (await findUssdScreen(db, values.sessionId, values.input))?.answer ?? values.answer;
}

/**
 * Counts a wrong PIN in one statement (two callbacks at once both count), and locks the menu when the
 * count reaches `tries`; answers the count and the lock.
 */
export async function countWrongPin(
  db: Executor,
  driverId: string,
  tries: number,
  lockedUntil: Date,
): Promise<{ failures: number; lockedUntil: Date | null }> {
  const [row] = await db
    .update(drivers)
    .set({
      ussdPinFailures: sql`${drivers.ussdPinFailures} + 1`,
      ussdLockedUntil: sql`CASE WHEN ${drivers.ussdPinFailures} + 1 >= ${tries} THEN ${lockedUntil.toISOString()}::timestamptz ELSE ${drivers.ussdLockedUntil} END`,
    })
    .where(eq(drivers.id, driverId))
    .returning({ failures: drivers.ussdPinFailures, lockedUntil: drivers.ussdLockedUntil });
  return row ?? { failures: tries, lockedUntil };
}

/** A right PIN: the count starts again, and a lock that ran out is cleared. */
export async function clearWrongPins(db: Executor, driverId: string): Promise<void> {
  await db.update(drivers).set({ ussdPinFailures: 0, ussdLockedUntil: null }).where(eq(drivers.id, driverId));
}

/**
 * The network vouches for the number a USSD session comes from, so a right PIN proves the driver has it.
 * Only a number not verified yet is stamped; the number must still be the one the session came from.
 */
export async function markDriverPhoneVerified(
  db: Executor,
  driverId: string,
  phoneNumber: string,
): Promise<void> {
  await db
    .update(drivers)
    .set({ phoneVerifiedAt: new Date(), updatedAt: new Date() })
    .where(
      and(eq(drivers.id, driverId), eq(drivers.phoneNumber, phoneNumber), isNull(drivers.phoneVerifiedAt)),
    );
}

export async function saveDriverLanguage(db: Executor, driverId: string, language: Locale): Promise<void> {
  await db.update(drivers).set({ language, updatedAt: new Date() }).where(eq(drivers.id, driverId));
}

export async function findTruckPlateOf(db: Executor, truckId: string): Promise<string | null> {
  const [row] = await db
    .select({ plate: trucks.registrationNumber })
    .from(trucks)
    .where(eq(trucks.id, truckId))
    .limit(1);
  return row?.plate ?? null;
}

/** The driver's PIN state, for the transporter's page; undefined for a driver of another company. */
export async function findDriverPinState(db: Executor, companyId: string, driverId: string) {
  const [row] = await db
    .select({
      id: drivers.id,
      phoneNumber: drivers.phoneNumber,
      phoneVerifiedAt: drivers.phoneVerifiedAt,
      language: drivers.language,
      active: drivers.active,
      pinSetAt: drivers.ussdPinSetAt,
      pinFailures: drivers.ussdPinFailures,
      lockedUntil: drivers.ussdLockedUntil,
    })
    .from(drivers)
    .where(and(eq(drivers.id, driverId), eq(drivers.companyId, companyId)))
    .limit(1);
  return row;
}

/** A new PIN replaces the old one and clears any lock. */
export async function saveDriverPin(
  db: Executor,
  driverId: string,
  pinHash: string,
  at: Date,
): Promise<void> {
  await db
    .update(drivers)
    .set({ ussdPinHash: pinHash, ussdPinSetAt: at, ussdPinFailures: 0, ussdLockedUntil: null, updatedAt: at })
    .where(eq(drivers.id, driverId));
}
