import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { toTripLocation, type TripAlert } from '@freightlane/domain';
import type { Executor } from '../../../db/client';
import { rowsAsJson } from '../../../db/rows-as-json';
import { companies, tripAlerts, users } from '../../../db/schema';

export type TripAlertRecord = typeof tripAlerts.$inferSelect;
export type NewTripAlert = typeof tripAlerts.$inferInsert;

function selectAlerts(db: Executor) {
  return db
    .select({
      alert: tripAlerts,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: companies.name,
    })
    .from(tripAlerts)
    .leftJoin(users, eq(users.id, tripAlerts.acknowledgedByUserId))
    .leftJoin(companies, eq(companies.id, users.companyId));
}

type AlertRow = Awaited<ReturnType<ReturnType<typeof selectAlerts>['where']>>[number];

/** Who marked it seen, as a trip's issues name people: "First Last (Company)"; a removed account reads as a former user. */
function acknowledgerOf(row: AlertRow): string | null {
  if (!row.alert.acknowledgedAt) return null;
  if (row.firstName === null) return 'Former user';
  const name = `${row.firstName} ${row.lastName ?? ''}`.trim();
  return row.companyName ? `${name} (${row.companyName})` : name;
}

function toTripAlert(row: AlertRow): TripAlert {
  const { alert } = row;
  return {
    id: alert.id,
    kind: alert.kind,
    description: alert.description,
    raisedAt: alert.raisedAt.toISOString(),
    location: toTripLocation(alert.location),
    acknowledgedAt: alert.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: acknowledgerOf(row),
  };
}

/** A trip's alerts (`tripId` a placeholder), the most recent first. */
function alertsOfTripQuery(db: Executor) {
  return selectAlerts(db)
    .where(eq(tripAlerts.tripId, sql.placeholder('tripId')))
    .orderBy(desc(tripAlerts.raisedAt), desc(tripAlerts.id));
}

/** A trip's alerts as one value of a bigger statement (the trip page's), `tripId` its placeholder. */
export const alertsOfTripPart = (db: Executor) => rowsAsJson(alertsOfTripQuery(db), toTripAlert);

/** One alert as the API shows it, whoever may see it (the service checks that). */
export async function findTripAlertView(db: Executor, alertId: string): Promise<TripAlert | null> {
  const [row] = await selectAlerts(db).where(eq(tripAlerts.id, alertId)).limit(1);
  return row ? toTripAlert(row) : null;
}

/** The alert row, locked for the rest of the transaction when `forUpdate`. */
export async function findTripAlert(
  db: Executor,
  alertId: string,
  options: { forUpdate?: boolean } = {},
): Promise<TripAlertRecord | null> {
  const query = db.select().from(tripAlerts).where(eq(tripAlerts.id, alertId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Adds the alert unless the trip already has one of its kind for that night: the new row, or null when it
 * was there already (the unique index decides, so two watches racing add one).
 */
export async function insertTripAlert(db: Executor, values: NewTripAlert): Promise<TripAlertRecord | null> {
  const [row] = await db.insert(tripAlerts).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Marks the alert seen, unless someone already did. */
export async function markTripAlertAcknowledged(
  db: Executor,
  alertId: string,
  userId: string,
  at: Date,
): Promise<void> {
  await db
    .update(tripAlerts)
    .set({ acknowledgedAt: at, acknowledgedByUserId: userId })
    .where(and(eq(tripAlerts.id, alertId), isNull(tripAlerts.acknowledgedAt)));
}
