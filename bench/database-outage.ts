/**
 * Fault 1: PostgreSQL stops for 10 s under the mixed write load and starts again. While it is down the
 * API must answer (503 with a message: no hang, no 500, no crash); once it is back, /api/health must
 * answer 200 within 5 s; no write it acknowledged may be missing; and a session signed out the moment
 * the database is back must be refused at once, though the instance's LISTEN connection (which would
 * have announced it) is still reconnecting.
 */
import { sql } from 'drizzle-orm';
import { atLeast, atMost, reported, type Figure } from './figures';
import { driveMixedWrite, planMixedWrite, verifyAcks } from './mixed-write-load';
import { msUntilHealthy } from './api-process';
import { recorderSpecs, rows, signIn, type ChaosWorld } from './chaos-world';
import { send, startRecorder, type RecordedRequest } from './request-recorder';
import { fivexxOtherThan503, missingWrites, sleep } from './chaos-figures';

export const SCENARIO = 'chaos: database outage';
const OUTAGE_MS = 10_000;
const LOAD = { connections: 32, seconds: 32 };
/** The load runs this long before PostgreSQL is stopped. */
const BEFORE_MS = 8_000;
/**
 * The longest any request may take while the database is away. A request needing it fails at once on a
 * refused connection; one that waited for a pooled connection gives up after the pool's 5 s connect
 * timeout (db/client.ts). Past that, a caller (or a load balancer's 5-10 s timeout) sees a hang.
 */
const MAX_WAIT_MS = 6_000;
const HEALTHY_WITHIN_MS = 5_000;

export async function runDatabaseOutage(world: ChaosWorld): Promise<Figure[]> {
  const { database, origin, postgres } = world;
  // A session the instance remembers, to sign out right after the database returns.
  const victim = await signIn(origin, 'customer@example.com');
  const me = () =>
    send(origin, { kind: 'me', method: 'GET', path: '/api/v1/user/me', token: victim.accessToken });
  if ((await me()).status !== 200) throw new Error('The victim session does not work');

  const plan = await planMixedWrite(database, { origin, settings: LOAD, tokens: world.tokens });
  const loading = driveMixedWrite(plan);
  const recorder = startRecorder(() => origin, 6, recorderSpecs(world));
  await sleep(BEFORE_MS);

  const stopBegan = performance.now();
  await postgres.stop();
  const down = performance.now();
  console.info(
    `  PostgreSQL stopped (in ${Math.round(down - stopBegan)} ms); starting it again in ${OUTAGE_MS / 1000} s`,
  );
  await sleep(OUTAGE_MS);
  const startBegan = performance.now();
  await postgres.start();
  const up = performance.now();
  const upWallClock = new Date();

  // Both at once from the moment PostgreSQL accepts connections again.
  const [healthyMs, revoked] = await Promise.all([
    msUntilHealthy(origin, 30_000, 25),
    signOutAtOnce(origin, victim, me),
  ]);
  // Something for the job queue after the outage: it must still be polling.
  await send(origin, {
    kind: 'password reset',
    method: 'POST',
    path: '/api/v1/user/password/reset/initiate?clientId=WEB_CLIENT_APP',
    body: () => ({ username: 'admin@example.com' }),
  });

  const { output, acks } = await loading;
  const records = await recorder.stop();
  const verification = await verifyAcks(database.db, acks);
  await sleep(2_000);
  const [jobsAfter] = await rows<{ n: number }>(
    database,
    sql`SELECT count(*)::int AS n FROM jobs WHERE done_at > ${upWallClock.toISOString()}::timestamptz`,
  );

  const whileDown = records.filter((r) => r.startedAt >= down && r.endedAt <= startBegan);
  const answeredWell = whileDown.filter((r) => r.status === 503 && r.withMessage).length;
  const aroundOutage = records.filter((r) => r.endedAt >= stopBegan && r.startedAt <= up + HEALTHY_WITHIN_MS);
  const longest = Math.max(0, ...aroundOutage.map((r) => r.endedAt - r.startedAt));
  const recovered = firstSuccessAfter(records, up);
  console.info(
    `  outage: ${whileDown.length} recorded answers while down; health back after ${healthyMs === null ? 'never' : Math.round(healthyMs)} ms`,
  );

  return [
    reported(SCENARIO, 'requests answered while the database was down', whileDown.length, ''),
    atLeast(
      SCENARIO,
      'answers while down that were 503 with a message',
      whileDown.length ? Math.floor((answeredWell / whileDown.length) * 1000) / 10 : null,
      '%',
      100,
    ),
    atMost(SCENARIO, 'longest request around the outage', Math.round(longest), 'ms', MAX_WAIT_MS),
    atMost(SCENARIO, 'requests without an answer (hung or reset)', transportFailures(records), '', 0),
    atMost(
      SCENARIO,
      '5xx answers other than 503 (load and recorder)',
      fivexxOtherThan503(output) +
        records.filter((r) => r.status !== null && r.status >= 500 && r.status !== 503).length,
      '',
      0,
    ),
    atMost(SCENARIO, 'API process exits during the outage', world.api.exit ? 1 : 0, '', 0),
    atMost(
      SCENARIO,
      '/api/health 200 after PostgreSQL is back',
      healthyMs === null ? null : Math.round(healthyMs),
      'ms',
      HEALTHY_WITHIN_MS,
    ),
    reported(
      SCENARIO,
      'every recorded kind answered 2xx again after',
      recovered === null ? null : Math.round(recovered),
      'ms',
    ),
    atLeast(SCENARIO, 'session signed out as the database returned is refused', revoked ? 1 : 0, '', 1),
    atLeast(SCENARIO, 'jobs run after the database returned', jobsAfter?.n ?? 0, '', 1),
    reported(SCENARIO, 'writes acknowledged during the run', acks.length, ''),
    atMost(SCENARIO, 'acknowledged writes missing from the database', missingWrites(verification), '', 0),
  ];
}

/**
 * Signs the victim session out as soon as the API can (the first tries meet the pool reconnecting),
 * then answers whether the same instance refuses its access token at once.
 */
async function signOutAtOnce(
  origin: string,
  victim: { accessToken: string; refreshToken: string },
  me: () => Promise<RecordedRequest>,
): Promise<boolean> {
  const until = performance.now() + 20_000;
  while (performance.now() < until) {
    const res = await send(origin, {
      kind: 'logout',
      method: 'POST',
      path: '/api/v1/auth/logout',
      token: victim.accessToken,
      body: () => ({ refreshToken: victim.refreshToken }),
    });
    if (res.status !== null && res.status < 300) return (await me()).status === 401;
    await sleep(25);
  }
  return false;
}

/** Requests that got no HTTP answer at all: the API was meant to answer every one of them. */
function transportFailures(records: RecordedRequest[]): number {
  return records.filter((r) => r.error !== null).length;
}

/** How long after `since` every kind of recorded request had been answered 2xx again. */
function firstSuccessAfter(records: RecordedRequest[], since: number): number | null {
  const kinds = new Set(records.map((r) => r.kind));
  let latest = 0;
  for (const kind of kinds) {
    const first = records.find(
      (r) => r.kind === kind && r.startedAt >= since && r.status !== null && r.status < 300,
    );
    if (!first) return null;
    latest = Math.max(latest, first.endedAt - since);
  }
  return latest;
}
