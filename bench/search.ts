/**
 * Searching over the bench's million trips (issue 34): every list that searches, as the people who read
 * it (the bench customer and transporter, whose lists hold the million trips, and the platform admin, who
 * reads every company's), with search words that match nothing, a few, thousands or every trip, and the
 * trip status filter. Each request asks for a page size no other request asked for, so no answer cache
 * has seen it.
 *
 * Timed one at a time first (target: p99 ≤ 300 ms over all of them), then under 50 connections drawing
 * at random from the same requests with fresh page sizes (target: no answer over 1 s, none failed).
 */
import { atMost, reported, type Figure } from './figures';
import { latencyFigures, loadRequestMix, type LoadSettings } from './load';

export const SCENARIO = 'search';
export const SEARCH_TARGETS = { oneAtATimeP99Ms: 300, underLoadMaxMs: 1000 } as const;

/**
 * Words from the measurements and the bench data: none of the trips (lagos, apapa, x, zz), every
 * one (TRP, 2026), a client's fifth (kolo, "Dangote Sugar"), a few (a container, an order number, a bill
 * of lading's start).
 */
export const SEARCH_WORDS = [
  'lagos',
  'x',
  'TRP',
  'apapa',
  'kolo',
  'FLBU47446',
  'ORD-2026-0237',
  'BL-0DC',
  'Dangote Sugar',
  '2026',
  'zz',
  'd',
] as const;

export type Reader = 'benchCustomer' | 'benchTransporter' | 'admin';

/** A list that searches, as one reader reads it; `{q}` is the search word. */
interface SearchedList {
  name: string;
  reader: Reader;
  path: string;
}

const LISTS: SearchedList[] = [
  { name: 'customer trips', reader: 'benchCustomer', path: '/api/v1/trips?q={q}' },
  { name: 'customer orders', reader: 'benchCustomer', path: '/api/v1/orders?q={q}' },
  { name: 'customer invoices', reader: 'benchCustomer', path: '/api/v1/invoices?q={q}' },
  { name: 'transporter trips', reader: 'benchTransporter', path: '/api/v1/trips?q={q}' },
  { name: 'transporter won trips', reader: 'benchTransporter', path: '/api/v1/bids/won?q={q}' },
  { name: 'transporter trucks', reader: 'benchTransporter', path: '/api/v1/fleet/trucks?q={q}' },
  { name: 'transporter drivers', reader: 'benchTransporter', path: '/api/v1/fleet/drivers?q={q}' },
  { name: 'admin trips', reader: 'admin', path: '/api/v1/trips?q={q}' },
  { name: 'admin audit log', reader: 'admin', path: '/api/v1/admin/audit-log?q={q}' },
  { name: 'admin users', reader: 'admin', path: '/api/v1/admin/users?q={q}' },
  { name: 'admin companies', reader: 'admin', path: '/api/v1/admin/companies?q={q}' },
  { name: 'admin payouts', reader: 'admin', path: '/api/v1/admin/payouts?q={q}' },
];

/** The status filter, which reads the trips without a search word. */
const STATUS_FILTERS: SearchedList[] = (['benchCustomer', 'benchTransporter', 'admin'] as const).flatMap(
  (reader) => [
    { name: `${reader} trips by status`, reader, path: '/api/v1/trips?tripStatusList=LOADED' },
    {
      name: `${reader} trips by statuses`,
      reader,
      path: '/api/v1/trips?tripStatusList=DELIVERED,EMPTY_DROP_OFF',
    },
  ],
);

/** Every request of the scenario, without its page size. */
export function searchRequests(): { name: string; reader: Reader; path: string }[] {
  return [
    ...LISTS.flatMap((list) =>
      SEARCH_WORDS.map((word) => ({
        name: `${list.name} "${word}"`,
        reader: list.reader,
        path: list.path.replace('{q}', encodeURIComponent(word)),
      })),
    ),
    ...STATUS_FILTERS,
  ];
}

/**
 * Page sizes handed out in turn, 1 to 100: a request's answer is new to the answer caches as long as its
 * list and word were asked fewer than 100 times, which the one-at-a-time passes never reach.
 */
function sizes(): () => number {
  let next = 0;
  return () => (next++ % 100) + 1;
}

async function timed(url: string, token: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

export interface SearchFigures {
  trips: number;
  oneAtATime: {
    requests: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    failed: number;
    /** The slowest requests (each one's slowest answer), for finding what to mend. */
    slowest: { name: string; ms: number }[];
    /** Each request's slowest answer, by name. */
    byRequest: Record<string, number>;
  };
  underLoad: {
    connections: number;
    seconds: number;
    requests: number;
    requestsPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    failed: number;
  };
  targets: typeof SEARCH_TARGETS;
}

export async function runSearch(options: {
  apiOrigin: string;
  tokens: Record<Reader, string>;
  trips: number;
  settings: LoadSettings;
  /** Samples of each request one at a time. */
  samples?: number;
}): Promise<SearchFigures> {
  const { apiOrigin, tokens } = options;
  const requests = searchRequests();
  const nextSize = sizes();
  const url = (p: string) => `${apiOrigin}${p}${p.includes('?') ? '&' : '?'}size=${nextSize()}`;
  // One untimed pass: the statements are planned, the indexes read into memory.
  for (const r of requests) await timed(url(r.path), tokens[r.reader]);

  const times: { name: string; ms: number }[] = [];
  let failed = 0;
  for (let sample = 0; sample < (options.samples ?? 3); sample++) {
    for (const r of requests) {
      const answer = await timed(url(r.path), tokens[r.reader]);
      times.push({ name: r.name, ms: answer.ms });
      if (answer.status !== 200) {
        failed++;
        console.warn(`  ${r.name}: ${answer.status}`);
      }
    }
  }
  const one = latencyFigures(times.map((t) => t.ms));
  // The slowest answer of each request, slowest first: where to look when the target is missed.
  const slowestOf = new Map<string, number>();
  for (const t of times) slowestOf.set(t.name, Math.max(slowestOf.get(t.name) ?? 0, t.ms));
  const slowest = [...slowestOf]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([name, ms]) => ({ name, ms: Math.round(ms) }));

  const loaded = await loadRequestMix(
    apiOrigin,
    requests.map((r) => ({
      path: `${r.path}${r.path.includes('?') ? '&' : '?'}size={size}`,
      authorization: `Bearer ${tokens[r.reader]}`,
    })),
    options.settings,
  );
  const underLoad = latencyFigures(loaded.times);
  return {
    trips: options.trips,
    oneAtATime: {
      requests: times.length,
      ...one,
      failed,
      slowest,
      byRequest: Object.fromEntries([...slowestOf].map(([name, ms]) => [name, Math.round(ms)])),
    },
    underLoad: {
      connections: options.settings.connections,
      seconds: loaded.seconds,
      requests: loaded.requests,
      requestsPerSecond: Math.round(loaded.requests / loaded.seconds),
      ...underLoad,
      failed: loaded.failed,
    },
    targets: SEARCH_TARGETS,
  };
}

export function searchFigures(f: SearchFigures): Figure[] {
  const note = `${f.trips.toLocaleString('en-GB')} trips; ${f.oneAtATime.requests} searches and status filters`;
  return [
    atMost(
      SCENARIO,
      'one search at a time p99',
      f.oneAtATime.p99Ms,
      'ms',
      SEARCH_TARGETS.oneAtATimeP99Ms,
      note,
    ),
    reported(SCENARIO, 'one search at a time p50', f.oneAtATime.p50Ms, 'ms'),
    atMost(SCENARIO, 'one search at a time, failed', f.oneAtATime.failed, '', 0),
    atMost(
      SCENARIO,
      `searches under ${f.underLoad.connections} connections, slowest`,
      f.underLoad.maxMs,
      'ms',
      SEARCH_TARGETS.underLoadMaxMs,
    ),
    reported(SCENARIO, `searches under ${f.underLoad.connections} connections p99`, f.underLoad.p99Ms, 'ms'),
    reported(
      SCENARIO,
      `searches under ${f.underLoad.connections} connections`,
      f.underLoad.requestsPerSecond,
      'req/s',
    ),
    atMost(
      SCENARIO,
      `searches under ${f.underLoad.connections} connections, failed`,
      f.underLoad.failed,
      '',
      0,
    ),
  ];
}
