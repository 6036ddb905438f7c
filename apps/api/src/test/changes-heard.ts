import { sql } from 'drizzle-orm';
import { PRINCIPAL_CHANGED_CHANNEL } from '../queries/change-notice.repository';
import { TRIP_CHANGED_CHANNEL } from '../plugins/trip-events';
import type { TestApp } from './test-app';

/**
 * Waits until this instance has heard every trip change committed so far, for tests that read a public
 * page right after changing a trip through another module's endpoint. On PGlite a change is heard before
 * the write returns, so this returns at once and the tests read truly immediately. On PostgreSQL it comes
 * over the LISTEN connection a moment after commit; one channel's notifications arrive in commit order,
 * so a marker sent now (a change with no company, which no trigger writes) arrives after all of them.
 */
export async function changesHeard(t: TestApp, tripId: string): Promise<void> {
  if (t.ctx.database.kind !== 'postgres') return;
  const heard = new Promise<void>((resolve) => {
    const stop = t.ctx.tripEvents.onTrip(tripId, (change) => {
      if (change.customerCompanyId !== null) return;
      stop();
      resolve();
    });
  });
  await t.ctx.db.execute(sql`SELECT pg_notify(${TRIP_CHANGED_CHANNEL}, ${`${tripId},`})`);
  await heard;
}

/**
 * Waits until this instance's session cache has heard the announcement `payload` ("c:<company>",
 * "u:<user>", "s:<session>") that a change written straight into the database makes, so the next
 * request sees the change. On PGlite it was heard before the write returned.
 */
export async function principalChangeHeard(t: TestApp, payload: string): Promise<void> {
  if (t.ctx.database.kind !== 'postgres') return;
  const heard = t.ctx.principals.heard(payload);
  await t.ctx.db.execute(sql`SELECT pg_notify(${PRINCIPAL_CHANGED_CHANNEL}, ${payload})`);
  await heard;
}
