import { and, asc, eq, getTableColumns, inArray, isNull, lte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { trackingCompanies, trackingCredentials, trackingDevices, trucks } from '../../db/schema';
import { readAll } from '../../db/read-all';

export type TrackingCompanyRow = typeof trackingCompanies.$inferSelect;
export type TrackingCredentialRow = typeof trackingCredentials.$inferSelect;
export type NewTrackingCredentialRow = typeof trackingCredentials.$inferInsert;

export async function listActiveTrackingCompanies(db: Executor): Promise<TrackingCompanyRow[]> {
  return db
    .select()
    .from(trackingCompanies)
    .where(eq(trackingCompanies.active, true))
    .orderBy(asc(trackingCompanies.name));
}

export async function findActiveTrackingCompany(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(trackingCompanies)
    .where(and(eq(trackingCompanies.id, id), eq(trackingCompanies.active, true)))
    .limit(1);
  return row;
}

/** A credential with its tracking company and how many devices it has and how many drive a truck. */
const credentialView = {
  credential: getTableColumns(trackingCredentials),
  company: { id: trackingCompanies.id, name: trackingCompanies.name, kind: trackingCompanies.kind },
  deviceCount: sql<number>`(SELECT count(*)::int FROM ${trackingDevices} d WHERE d.credential_id = ${trackingCredentials.id})`,
  linkedDeviceCount: sql<number>`(SELECT count(*)::int FROM ${trackingDevices} d WHERE d.credential_id = ${trackingCredentials.id} AND d.truck_id IS NOT NULL)`,
};
export type TrackingCredentialView = Awaited<ReturnType<typeof listCredentialsOfCompany>>[number];

export async function listCredentialsOfCompany(db: Executor, companyId: string) {
  return db
    .select(credentialView)
    .from(trackingCredentials)
    .innerJoin(trackingCompanies, eq(trackingCompanies.id, trackingCredentials.trackingCompanyId))
    .where(eq(trackingCredentials.companyId, companyId))
    .orderBy(asc(trackingCredentials.createdAt), asc(trackingCredentials.id));
}

async function findCredentialWhere(db: Executor, where: SQL | undefined, forUpdate = false) {
  const query = db
    .select(credentialView)
    .from(trackingCredentials)
    .innerJoin(trackingCompanies, eq(trackingCompanies.id, trackingCredentials.trackingCompanyId))
    .where(where)
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: trackingCredentials }) : await query;
  return row;
}

/** The company's credential with this id, or undefined: another company's answers as missing. */
export async function findCredentialOfCompany(
  db: Executor,
  companyId: string,
  id: string,
  forUpdate = false,
) {
  return findCredentialWhere(
    db,
    and(eq(trackingCredentials.id, id), eq(trackingCredentials.companyId, companyId)),
    forUpdate,
  );
}

/** A credential by id alone, for the poller that holds its lease (no caller to check). */
export async function findCredentialById(db: Executor, id: string) {
  return findCredentialWhere(db, eq(trackingCredentials.id, id));
}

export async function insertCredential(db: Executor, values: NewTrackingCredentialRow): Promise<void> {
  await db.insert(trackingCredentials).values(values);
}

export async function updateCredential(
  db: Executor,
  id: string,
  values: Partial<NewTrackingCredentialRow>,
): Promise<void> {
  await db
    .update(trackingCredentials)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(trackingCredentials.id, id));
}

/**
 * Takes the lease of one credential due for a poll, so no other instance polls it until `leaseSeconds`
 * pass or the lease is given back. Undefined when none is due.
 */
export async function leaseDueCredential(db: Executor, leaseSeconds: number) {
  const due = db
    .select({ id: trackingCredentials.id })
    .from(trackingCredentials)
    .where(
      and(
        eq(trackingCredentials.active, true),
        lte(trackingCredentials.nextPollAt, sql`now()`),
        or(isNull(trackingCredentials.pollLeaseUntil), lt(trackingCredentials.pollLeaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(trackingCredentials.nextPollAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(trackingCredentials)
    .set({ pollLeaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(trackingCredentials.id, due))
    .returning();
  return row;
}

/** Records a poll's outcome, gives the lease back and sets when the credential is polled next. */
export async function finishPoll(
  db: Executor,
  id: string,
  outcome: { ok: true } | { ok: false; error: string },
  nextPollInSeconds: number,
): Promise<void> {
  await db
    .update(trackingCredentials)
    .set({
      pollLeaseUntil: null,
      lastPolledAt: sql`now()`,
      nextPollAt: sql`now() + make_interval(secs => ${nextPollInSeconds})`,
      ...(outcome.ok
        ? { status: 'CONNECTED' as const, lastError: null, pollFailures: 0 }
        : {
            status: 'FAILING' as const,
            lastError: outcome.error,
            pollFailures: sql`${trackingCredentials.pollFailures} + 1`,
          }),
    })
    .where(eq(trackingCredentials.id, id));
}

// ---------------------------------------------------------------------------------------------------------
// Devices

/** Adds devices the provider now lists and renames those it renamed; devices it dropped are kept. */
export async function upsertDevices(
  db: Executor,
  credential: { id: string; companyId: string },
  devices: { externalId: string; name: string; uniqueId: string }[],
): Promise<void> {
  if (devices.length === 0) return;
  await db
    .insert(trackingDevices)
    .values(devices.map((d) => ({ ...d, credentialId: credential.id, companyId: credential.companyId })))
    .onConflictDoUpdate({
      target: [trackingDevices.credentialId, trackingDevices.externalId],
      set: { name: sql`excluded.name`, uniqueId: sql`excluded.unique_id` },
    });
}

export async function pageDevicesOfCredential(
  db: Executor,
  credentialId: string,
  page: { offset: number; limit: number },
) {
  const where = eq(trackingDevices.credentialId, credentialId);
  const [rows, [total]] = await readAll(db, [
    () =>
      db
        .select({
          device: getTableColumns(trackingDevices),
          truckRegistrationNumber: trucks.registrationNumber,
        })
        .from(trackingDevices)
        .leftJoin(trucks, eq(trucks.id, trackingDevices.truckId))
        .where(where)
        .orderBy(asc(trackingDevices.name), asc(trackingDevices.id))
        .limit(page.limit)
        .offset(page.offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(trackingDevices)
        .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findDevicesOfCredential(db: Executor, credentialId: string, ids: string[]) {
  return db
    .select()
    .from(trackingDevices)
    .where(and(eq(trackingDevices.credentialId, credentialId), inArray(trackingDevices.id, ids)));
}

/** Links a device to a truck, or unlinks it (null). */
export async function setDeviceTruck(db: Executor, deviceId: string, truckId: string | null): Promise<void> {
  await db
    .update(trackingDevices)
    .set({
      truckId,
      // Kept when the device stays on the same truck: it has followed that truck since then.
      linkedAt:
        truckId === null
          ? null
          : sql`CASE WHEN ${trackingDevices.truckId} = ${truckId}::uuid THEN ${trackingDevices.linkedAt} ELSE now() END`,
    })
    .where(eq(trackingDevices.id, deviceId));
}

/** Unlinks whichever device the truck followed, so it can follow another. */
export async function unlinkTrucks(db: Executor, truckIds: string[]): Promise<void> {
  if (truckIds.length === 0) return;
  await db
    .update(trackingDevices)
    .set({ truckId: null, linkedAt: null })
    .where(inArray(trackingDevices.truckId, truckIds));
}

/** The credential's devices linked to a truck, by the provider's device id. */
export async function linkedDevicesOfCredential(db: Executor, credentialId: string) {
  return db
    .select({
      id: trackingDevices.id,
      externalId: trackingDevices.externalId,
      truckId: trackingDevices.truckId,
      linkedAt: trackingDevices.linkedAt,
    })
    .from(trackingDevices)
    .where(and(eq(trackingDevices.credentialId, credentialId), sql`${trackingDevices.truckId} IS NOT NULL`));
}

/** Records when each device last reported a position (a later time only), in one statement. */
export async function markDevicesSeen(db: Executor, seen: { id: string; at: Date }[]): Promise<void> {
  if (seen.length === 0) return;
  const values = sql.join(
    seen.map(({ id, at }) => sql`(${id}::uuid, ${at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE ${trackingDevices} AS d
    SET last_position_at = GREATEST(coalesce(d.last_position_at, v.at), v.at)
    FROM (VALUES ${values}) AS v(id, at)
    WHERE d.id = v.id
  `);
}
