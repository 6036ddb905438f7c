import { and, eq } from 'drizzle-orm';
import type { DriverAction, DriverActionResult } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { driverActions } from '../../db/schema';

export type DriverActionRecord = typeof driverActions.$inferSelect;

const byId = (driverId: string, clientActionId: string) =>
  and(eq(driverActions.driverId, driverId), eq(driverActions.clientActionId, clientActionId));

/**
 * Claims the phone's action id for this driver; false when it was claimed before. On PostgreSQL a claim
 * racing an uncommitted one waits for it, so a resend sent while the first is still running finds it done.
 */
export async function claimDriverAction(
  db: Executor,
  values: { driverId: string; clientActionId: string; action: DriverAction; tripId: string },
): Promise<boolean> {
  const rows = await db
    .insert(driverActions)
    .values(values)
    .onConflictDoNothing()
    .returning({ driverId: driverActions.driverId });
  return rows.length > 0;
}

export async function findDriverAction(
  db: Executor,
  driverId: string,
  clientActionId: string,
): Promise<DriverActionRecord | null> {
  const [row] = await db.select().from(driverActions).where(byId(driverId, clientActionId)).limit(1);
  return row ?? null;
}

export async function saveDriverActionResult(
  db: Executor,
  driverId: string,
  clientActionId: string,
  result: DriverActionResult,
): Promise<void> {
  await db.update(driverActions).set({ result }).where(byId(driverId, clientActionId));
}

/** Gives a claimed id back, for an action refused after writing something (a wrong handover code). */
export async function releaseDriverAction(
  db: Executor,
  driverId: string,
  clientActionId: string,
): Promise<void> {
  await db.delete(driverActions).where(byId(driverId, clientActionId));
}
