import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_WORLD_ENV,
  accessWorld,
  PRINCIPALS,
  SIDES,
  sideOf,
  type AccessWorld,
  type PrincipalName,
} from '../test/access-world';
import { listening, openEventStream } from '../test/event-stream';
import { changedTables, dbFingerprint } from '../test/db-fingerprint';
import { multipartBody } from '../test/multipart';
import { freePort } from '../test/free-port';
import { createTestApp, randomIp, type TestApp } from '../test/test-app';
import { AREAS, areaOf } from './access-matrix/index';
import type {
  Cell,
  Expected,
  MatrixAnswer,
  MatrixRequest,
  MatrixRow,
  Outcome,
  Role,
} from './access-matrix/row';

/**
 * The access matrix (issue 17; OWASP API1 BOLA, API3, API5): every operation of the OpenAPI document ×
 * every kind of caller × objects of either side, each cell's status written down as data in the rows
 * under access-matrix/. MATRIX_AREA=marketplace,trips runs only those areas' rows (and skips the check
 * that every operation has a row).
 */

const ROLE_OF: Record<PrincipalName, Role> = {
  anonymous: 'anonymous',
  customerA: 'customer',
  customerB: 'customer',
  transporterA: 'transporter',
  transporterB: 'transporter',
  fleetManagerA: 'fleetManager',
  admin: 'admin',
};

const onlyAreas = process.env.MATRIX_AREA?.split(',').map((a) => a.trim());
const areas = onlyAreas ? AREAS.filter((a) => onlyAreas.includes(a.file)) : AREAS;

function expectedStatus(row: MatrixRow, principal: PrincipalName, owner: 'A' | 'B'): number {
  const outcome: Outcome = (row.expect as Expected)[ROLE_OF[principal]];
  if (typeof outcome === 'number') return outcome;
  if (row.owned === false) throw new Error(`${row.op}: a row of no owner gives plain numbers, not own/other`);
  return sideOf(principal) === owner ? outcome.own : outcome.other;
}

const rowName = (row: MatrixRow) => (row.variant ? `${row.op} (${row.variant})` : row.op);

const isSuccess = (status: number) => status >= 200 && status < 300;

/** The cells of a row: every principal on objects of side A and of side B (anonymous once). */
function cellsOf(row: MatrixRow): { principal: PrincipalName; owner: 'A' | 'B' }[] {
  const owners = row.owned === false ? (['A'] as const) : SIDES;
  return owners.flatMap((owner) =>
    PRINCIPALS.filter((p) => p !== 'anonymous' || owner === 'A').map((principal) => ({ principal, owner })),
  );
}

async function send(t: TestApp, cell: Cell, row: MatrixRow, req: MatrixRequest): Promise<MatrixAnswer> {
  const method = row.op.slice(0, row.op.indexOf(' ')) as 'GET';
  const token = req.token === undefined ? cell.caller?.accessToken : req.token;
  if (row.stream) return openStream(t, req, token);
  const form = req.multipart ? multipartBody(req.multipart.fields, req.multipart.file) : undefined;
  const res = await t.app.inject({
    method,
    url: req.url,
    remoteAddress: randomIp(),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...form?.headers,
      ...req.headers,
    },
    ...(form ? { payload: form.payload } : req.body === undefined ? {} : { payload: req.body as object }),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return {
    status: res.statusCode,
    headers: res.headers,
    body: isJson && res.body ? JSON.parse(res.body) : res.body,
  };
}

/**
 * An event stream never ends, so inject would wait forever: it is opened over a real connection, and the
 * cell reads only the status (and the JSON of a refusal) before hanging up.
 */
async function openStream(
  t: TestApp,
  req: MatrixRequest,
  token: string | undefined | null,
): Promise<MatrixAnswer> {
  const stream = await openEventStream(`${await listening(t.app)}${req.url}`, {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...req.headers,
  });
  if (stream.status === 200) {
    stream.close();
    return { status: 200, headers: stream.headers, body: null };
  }
  const text = await stream.text();
  const isJson = String(stream.headers['content-type'] ?? '').includes('json');
  return { status: stream.status, headers: stream.headers, body: isJson && text ? JSON.parse(text) : text };
}

/**
 * Tables a refused request may write to: the rate limiter counts every request, refused or not.
 */
const WRITTEN_BY_ANY_REQUEST = ['rate_limit_hits'];

/**
 * Background work run to its end: queued jobs, and the delivery reports the simulated SMS gateway still owes
 * for messages they sent (a verification code of an earlier cell), which it posts back a moment later.
 */
async function settle(t: TestApp): Promise<void> {
  await t.ctx.jobs.drain();
  await t.ctx.sms.simulator?.flush();
  await t.ctx.jobs.drain();
}

interface Prepared {
  cell: Cell;
  name: string;
  request?: MatrixRequest;
}

/** Checks one cell's answer against the row; answers the lines of what was wrong. */
async function judge(row: MatrixRow, { cell, name }: Prepared, answer: MatrixAnswer): Promise<string[]> {
  const { expected } = cell;
  const message = (answer.body as { message?: unknown } | null)?.message;
  if (answer.status !== expected) {
    const wrongly = isSuccess(answer.status) && !isSuccess(expected) ? ' (SUCCEEDED where it must not)' : '';
    const said = typeof answer.body === 'object' ? message : String(answer.body).slice(0, 120);
    return [`${name}: expected ${expected}, got ${answer.status}${wrongly}: ${String(said ?? '')}`];
  }
  const failures: string[] = [];
  if (!isSuccess(expected) && typeof message !== 'string') {
    failures.push(`${name}: a refusal must answer JSON with a message, got ${JSON.stringify(answer.body)}`);
  }
  try {
    await row.check?.(answer, cell);
  } catch (err) {
    failures.push(`${name}: ${(err as Error).message}`);
  }
  return failures;
}

/**
 * Runs every cell of a row; answers one line per cell that did not get what the row expects. The refused
 * cells of a mutating row run first, together: their requests are all built (which may write), then the
 * database is fingerprinted, they are sent, and it must be as it was (besides each row's own snapshot of
 * its object, compared around each cell). Two fingerprints a row keep the matrix fast; the cells that
 * succeed then run, each on its own fresh object.
 */
async function runRow(world: AccessWorld, row: MatrixRow): Promise<string[]> {
  const { t } = world;
  const mutates = row.mutates ?? !row.op.startsWith('GET ');
  const cells: Cell[] = cellsOf(row).map(({ principal, owner }) => {
    const expected = expectedStatus(row, principal, owner);
    return {
      world,
      principal,
      caller: principal === 'anonymous' ? null : world.sessions[principal],
      owner,
      side: world.sides[owner],
      expected,
      fresh: mutates && isSuccess(expected),
    };
  });
  const failures: string[] = [];
  const prepare = async (cell: Cell): Promise<Prepared> => {
    const name = `${cell.principal} on ${cell.owner}'s object`;
    try {
      return { cell, name, request: await row.request(cell) };
    } catch (err) {
      failures.push(`${name}: building the request failed: ${(err as Error).message}`);
      return { cell, name };
    }
  };

  const guarded = mutates ? cells.filter((c) => !isSuccess(c.expected)) : [];
  const refused: Prepared[] = [];
  for (const cell of guarded) refused.push(await prepare(cell));
  // Jobs queued by earlier cells run in the background; they are run to the end first, so that only what
  // the refused requests do can show in the fingerprint.
  if (guarded.length > 0) await settle(t);
  const before = guarded.length > 0 ? await dbFingerprint(t) : undefined;
  for (const prepared of refused) {
    if (!prepared.request) continue;
    const object = await row.snapshot?.(prepared.cell);
    failures.push(...(await judge(row, prepared, await send(t, prepared.cell, row, prepared.request))));
    const objectAfter = await row.snapshot?.(prepared.cell);
    try {
      expect(objectAfter).toEqual(object);
    } catch {
      failures.push(
        `${prepared.name}: refused, yet its object changed: ${JSON.stringify(object)} → ${JSON.stringify(objectAfter)}`,
      );
    }
  }
  if (before) {
    // A job a refused request queued would run here, and show.
    await settle(t);
    const changed = changedTables(before, await dbFingerprint(t), WRITTEN_BY_ANY_REQUEST);
    if (changed.length > 0) {
      failures.push(
        `the refused cells (${guarded.map((c) => c.principal).join(', ')}) changed ${JSON.stringify(changed)}`,
      );
    }
  }

  for (const cell of cells.filter((c) => !guarded.includes(c))) {
    const prepared = await prepare(cell);
    if (prepared.request)
      failures.push(...(await judge(row, prepared, await send(t, cell, row, prepared.request))));
  }
  // Each row runs the jobs its own cells queued (an opened order fans out to every transporter), so none
  // pile up for a later row's first settle to carry: hundreds of them once took a row past its timeout.
  await settle(t);
  return failures;
}

describe('access matrix', () => {
  let t: TestApp;
  let world: AccessWorld;
  let operations: string[];

  beforeAll(async () => {
    // Listening at its own address, as the simulated checkout calls the API back and streams need a socket.
    const port = await freePort();
    t = await createTestApp({
      ...ACCESS_WORLD_ENV,
      APP_URL: `http://127.0.0.1:${port}`,
      PAYSTACK_SIMULATOR: 'true',
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    world = await accessWorld(t);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
  }, 180_000);
  afterAll(async () => {
    await world?.close();
    await t?.close();
  });

  it.skipIf(onlyAreas !== undefined)('has one row for every operation, and no row for a missing one', () => {
    const rows = AREAS.flatMap((a) => a.rows.map((r) => ({ op: r.op, name: rowName(r), file: a.file })));
    const missing = operations
      .filter((op) => !rows.some((r) => r.op === op))
      .map(
        (op) =>
          `${op}: no row; add one to access-matrix/${areaOf(op)?.file ?? '(no area: add its prefix to index.ts)'}.ts`,
      );
    const unknown = rows
      .filter((r) => !operations.includes(r.op))
      .map((r) => `${r.op} (${r.file}.ts): no such operation`);
    const twice = rows
      .filter((r, i) => rows.findIndex((o) => o.name === r.name) !== i)
      .map((r) => `${r.name}: more than one row (give further rows a distinct variant)`);
    const misplaced = rows
      .filter((r) => operations.includes(r.op) && areaOf(r.op)?.file !== r.file)
      .map((r) => `${r.op}: in ${r.file}.ts, belongs in ${areaOf(r.op)?.file}.ts`);
    // Every operation needs its expected outcomes written down: a new route without a row fails here.
    expect(
      [...missing, ...unknown, ...twice, ...misplaced],
      'Every operation of /api/openapi.json needs exactly one row in the access matrix, in the file of its ' +
        'area (access-matrix/index.ts maps path prefixes to files); write the expected status of each caller',
    ).toEqual([]);
  });

  for (const area of areas) {
    describe(area.file, () => {
      for (const row of area.rows) {
        // A row is up to ten callers, each building its objects and waiting for its jobs over HTTP.
        it(rowName(row), { timeout: 120_000 }, async () => {
          const failures = await runRow(world, row);
          expect(failures, `${rowName(row)}: cells that did not get the expected status`).toEqual([]);
        });
      }
    });
  }
});
