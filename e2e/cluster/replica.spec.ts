/**
 * The read replica (decision 043): e2e/cluster/run.ts starts a streaming standby of the cluster's PostgreSQL
 * with pg_basebackup -R and gives both instances DATABASE_REPLICA_URL. Reports, their exports and the map
 * read from it; a caller's own change shows on its next read, through either instance; a standby that
 * lags past its bound or stops is left for the primary. Which database answered is read from each
 * instance's freightlane_replica_reads_total (GET /metrics).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { TRIP_STATUS_LABELS, TRIP_STATUSES, type ReportResponse } from '@freightlane/domain';
import { serverAt, type ServerPlace } from '../../bench/postgres-server';
import { apiCall, apiToken } from '../tests/support';
import { instanceContexts, movableTrip, moveTrip } from './cluster-support';

const METRICS_TOKEN = process.env.CLUSTER_METRICS_TOKEN ?? '';
const REPLICA_URL = process.env.CLUSTER_REPLICA_URL ?? '';
const REPLICA_PLACE = JSON.parse(process.env.CLUSTER_REPLICA_PLACE ?? '{}') as ServerPlace;
const MAX_LAG_MS = Number(process.env.CLUSTER_REPLICA_MAX_LAG_MS ?? 5000);

type Reads = Record<string, number>;

/** freightlane_replica_reads_total of one instance, by "target/reason". */
async function readsOn(request: APIRequestContext): Promise<Reads> {
  const res = await request.get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status()).toBe(200);
  const reads: Reads = {};
  for (const line of (await res.text()).split('\n')) {
    if (!line.startsWith('freightlane_replica_reads_total{')) continue;
    const target = /target="([a-z_]+)"/.exec(line)?.[1];
    const reason = /reason="([a-z_]+)"/.exec(line)?.[1];
    reads[`${target}/${reason}`] = Number(line.split(' ').pop());
  }
  return reads;
}

/** Runs `read` and answers where it went: the one count of `request`'s instance that moved. */
async function servedBy(request: APIRequestContext, read: () => Promise<unknown>): Promise<string> {
  const before = await readsOn(request);
  await read();
  const after = await readsOn(request);
  const moved = Object.keys(after).filter((key) => after[key]! > (before[key] ?? 0));
  return moved.join(' then ');
}

async function anyMovableTrip(request: APIRequestContext, token: string) {
  for (const status of TRIP_STATUSES) {
    try {
      return await movableTrip(request, token, status);
    } catch {
      // None in this status: the next one.
    }
  }
  throw new Error('The demo transporter has no trip left to move');
}

const report = (request: APIRequestContext, token: string, kind: string) =>
  apiCall<ReportResponse>(request, token, 'GET', `/api/v1/reports/${kind}?size=100`);

test.describe('a read replica for the heavy reads', () => {
  test.skip(!REPLICA_URL, 'the cluster was started without a replica');

  test('reads go to the replica, a caller sees its own change, and lag or a stopped replica fall back to the primary', async ({
    playwright,
  }) => {
    test.setTimeout(180_000);
    const [a, b] = await instanceContexts(playwright);
    const transporter = await apiToken(a, 'transporter@example.com');
    const otherTransporter = await apiToken(b, 'transporter2@example.com');
    const customer = await apiToken(b, 'customer@example.com');
    const replica = new pg.Client({ connectionString: REPLICA_URL });
    await replica.connect();
    try {
      // Caught up: reports, an export and the map are read from the replica, on both instances.
      await expect
        .poll(() => servedBy(b, () => report(b, customer, 'master')), { timeout: 20_000 })
        .toBe('replica/caught_up');
      await expect
        .poll(() => servedBy(a, () => report(a, transporter, 'active-trip')), { timeout: 20_000 })
        .toBe('replica/caught_up');
      expect(
        await servedBy(b, async () => {
          const res = await b.get('/api/v1/reports/master/export?format=csv', {
            headers: { authorization: `Bearer ${customer}` },
          });
          expect(res.status()).toBe(200);
          expect(await res.text()).toContain('Trip');
        }),
      ).toBe('replica/caught_up');
      await expect
        .poll(() => servedBy(b, () => apiCall(b, otherTransporter, 'GET', '/api/v1/trips/map')), {
          timeout: 20_000,
        })
        .toBe('replica/caught_up');

      // The replica stops replaying; the transporter moves a trip on through instance 1 and reads its
      // report through instance 2 at once. The replica still holds the old status, so only a read from the
      // primary shows the new one.
      // The suite's other files move the demo's started trips on: any trip that can still move will do.
      const { trip, next } = await anyMovableTrip(a, transporter);
      await replica.query('SELECT pg_wal_replay_pause()');
      await moveTrip(a, transporter, trip.id, next);
      const onReplica = await replica.query<{ status: string }>(
        'SELECT status FROM trip_status_logs WHERE trip_id = $1 ORDER BY at DESC LIMIT 1',
        [trip.id],
      );
      expect(onReplica.rows[0]?.status).not.toBe(next);
      let seen: ReportResponse | null = null;
      expect(
        await servedBy(b, async () => {
          seen = await report(b, transporter, 'active-trip');
        }),
      ).toBe('primary/own_write');
      const row = seen!.page.content.find((r) => r.trip === trip.tripNumber);
      expect(row?.stage).toBe(TRIP_STATUS_LABELS[next]);
      // A company the change did not touch still reads the replica while it is within its lag bound.
      expect(await servedBy(b, () => report(b, otherTransporter, 'active-trip'))).toBe('replica/caught_up');

      // Past the bound, everyone reads the primary; replaying again brings the replica back.
      await expect
        .poll(() => servedBy(b, () => report(b, otherTransporter, 'active-trip')), {
          timeout: MAX_LAG_MS + 15_000,
        })
        .toBe('primary/lagging');
      await replica.query('SELECT pg_wal_replay_resume()');
      await expect
        .poll(() => servedBy(b, () => report(b, transporter, 'active-trip')), { timeout: 20_000 })
        .toBe('replica/caught_up');
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
      await replica.end();
    }

    // The replica stops: reports are still answered, from the primary; started again, it is read again.
    const server = serverAt(REPLICA_PLACE);
    await server.stop();
    try {
      await expect
        .poll(() => servedBy(a, () => report(a, transporter, 'active-trip')), { timeout: 20_000 })
        .toMatch(/^primary\/(down|failed)$|^replica\/caught_up then primary\/failed$/);
      expect(await servedBy(a, () => report(a, transporter, 'fleet'))).toBe('primary/down');
    } finally {
      await server.start();
    }
    await expect
      .poll(() => servedBy(a, () => report(a, transporter, 'active-trip')), { timeout: 30_000 })
      .toBe('replica/caught_up');
  });
});
