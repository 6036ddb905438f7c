import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { changedTables, dbFingerprint } from '../test/db-fingerprint';
import { driverOnTripWithLink } from '../test/driver-phone';
import { insertMotorBoy } from '../test/fleet';
import {
  hostileRequests,
  operationLabel,
  operationsOf,
  type FuzzWorld,
  type HostileRequest,
  type Operation,
} from '../test/hostile-requests';
import { insertBid, placeOrderViaApi, uploadQuoteDocument } from '../test/marketplace';
import { call, createTestApp, randomIp, type TestApp } from '../test/test-app';
import { tripWorld } from '../test/trip-world';

/**
 * Every operation of the app's own OpenAPI document gets at least RUNS invalid and boundary requests from
 * several principals: no answer may be a 5xx, every refusal is a 4xx JSON with a message, a request that
 * must be refused (every one sent to an operation that writes) is refused, and the database is unchanged.
 */
const RUNS = 400;

/**
 * GET operations that write, so that every request sent to them must carry a defect like the writes' do:
 * a GET there that succeeded would change the database.
 */
const WRITING_GETS: Record<string, string> = {
  'GET /api/v1/trips/issues/resolve/{id}': 'resolves the issue it names',
  'GET /api/v1/driver/osmand': 'the OsmAnd app reports a position with a GET',
  'GET /api/v1/payments/verify': 'settles the invoice when the provider confirms the payment',
};

/**
 * How long an answer may take before the request counts as hung (and fails, instead of hanging the suite).
 * An event stream never ends, so one that is not refused at once is a hang after a short wait.
 */
const PATIENCE_MS = { eventStream: 2_000, other: 15_000 };

/**
 * Rate limiting is off: the fuzzer sends thousands of requests from a few principals within seconds, and a
 * 429 would stop them before the validation and authorisation they are here to reach (the limits have their
 * own tests). It also keeps the rate-limit table out of the fingerprint's way.
 */
const t: TestApp = await createTestApp({ RATE_LIMIT_ENABLED: 'false' });
afterAll(() => t.close());

const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
const operations = operationsOf(document);
const world = await fuzzWorld(t);
const sent = new Map<string, number>();
const statuses = new Map<number, number>();

/**
 * The principals of a trading pair with their fleet, an admin, and rows of every kind they touch: an
 * awarded order with its trip, invoice, truck, driver and phone link, an open order with a bid, a quote
 * document, a motor boy. Jobs the setup queued are run now so none runs while the fingerprint is compared.
 */
async function fuzzWorld(app: TestApp): Promise<FuzzWorld> {
  const parties = await tripWorld(app);
  const { trip, link } = await driverOnTripWithLink(app, parties);
  const open = await placeOrderViaApi(app, parties.customer.accessToken);
  await insertBid(app, open.id, parties.transporter.company.id, 40_000_000);
  await uploadQuoteDocument(app, parties.customer.accessToken);
  await insertMotorBoy(app, parties.transporter.company.id);
  // Two reads write on their first call only: the customer's ongoing-trips link is made (and audited), and
  // the web-push key pair is generated into app_meta. Read once here, so later reads change nothing.
  await call(app.app, 'GET', '/api/v1/trips/ongoing-link', undefined, {
    token: parties.customer.accessToken,
  });
  await call(app.app, 'GET', '/api/v1/notifications/push/key');
  await app.ctx.jobs.drain();
  return {
    tokens: {
      customer: parties.customer.accessToken,
      transporter: parties.transporter.accessToken,
      'fleet manager': parties.fleetManager.accessToken,
      admin: parties.admin.accessToken,
    },
    ids: await rowIds(app),
    pathValues: { token: [link.token], trackingId: [trip.trackingId] },
  };
}

/** A few ids of every table with a uuid id, so generated path parameters often name real rows. */
async function rowIds(app: TestApp): Promise<string[]> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await app.ctx.db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows;
  const tables = await rows(sql`select table_name as name from information_schema.columns
    where table_schema = current_schema() and column_name = 'id' and data_type = 'uuid'`);
  const ids = await Promise.all(
    tables.map(({ name }) => rows(sql.raw(`select id::text as id from "${name}" order by id limit 4`))),
  );
  return ids.flat().map((row) => row.id!);
}

/** What is wrong with an answer, or null when it is one the fuzzer accepts. */
function problemWith(res: LightMyRequestResponse, mustRefuse: boolean): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (mustRefuse && (res.statusCode < 400 || res.statusCode >= 500)) {
    return `answered ${res.statusCode} to a request it must refuse`;
  }
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    return `answered ${res.statusCode} as ${res.headers['content-type']}, not JSON`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON`;
  }
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || message === '') return `answered ${res.statusCode} without a message`;
  return null;
}

async function send(op: Operation, request: HostileRequest): Promise<LightMyRequestResponse> {
  const answer = t.app.inject({ ...request.inject, remoteAddress: randomIp() });
  const patience = op.eventStream ? PATIENCE_MS.eventStream : PATIENCE_MS.other;
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${patience} ms`)), patience);
  });
  try {
    return await Promise.race([answer, hang]);
  } finally {
    clearTimeout(timer);
  }
}

describe('fuzzing every operation of /api/openapi.json', () => {
  it('finds every operation the document lists', () => {
    const listed = Object.values(document.paths as Record<string, Record<string, unknown>>).flatMap(
      (methods) => Object.keys(methods).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)),
    );
    expect(operations).toHaveLength(listed.length);
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const op of operations) {
    const label = operationLabel(op);
    const mustRefuse = op.method !== 'GET' || op.eventStream || label in WRITING_GETS;
    it(`${label} answers ${mustRefuse ? 'a 4xx JSON to every hostile request' : 'no 5xx'} and changes nothing`, async () => {
      const before = await dbFingerprint(t);
      await fc.assert(
        fc.asyncProperty(hostileRequests(op, world, mustRefuse), async (request) => {
          sent.set(label, (sent.get(label) ?? 0) + 1);
          const res = await send(op, request);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const problem = problemWith(res, mustRefuse);
          if (problem) {
            throw new Error(`${problem}: ${res.body.slice(0, 300)}\nrequest: ${request.describe}`);
          }
        }),
        { numRuns: RUNS },
      );
      expect(changedTables(before, await dbFingerprint(t))).toEqual([]);
    }, 120_000);
  }

  it(`sent at least ${RUNS} requests to each of the operations`, () => {
    const short = operations.map(operationLabel).filter((label) => (sent.get(label) ?? 0) < RUNS);
    expect(short).toEqual([]);
    const total = [...sent.values()].reduce((a, b) => a + b, 0);
    const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.info(`fuzz: ${total} requests to ${operations.length} operations; ${byStatus.join(', ')}`);
  });
});
