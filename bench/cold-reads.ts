/**
 * Reads no answer cache has seen (issue 34), over the bench's million trips: the pages people open all day
 * (the trips list and its Ongoing tab, orders, invoices, won trips, the admin's trips, a trip's page), each
 * request with a page and a page size drawn at random, the trip pages spread over 2,000 trips drawn from the
 * million, and a share of searches, as the bench customer, the bench transporter and the admin, under 50
 * connections. Targets: throughput ≥ 0.03× the hello world of the same run, p99 ≤ 150 ms.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { atLeast, atMost, reported, type Figure } from './figures';
import { latencyFigures, loadRequestMix, type Figures, type LoadSettings } from './load';
import { SEARCH_WORDS, type Reader } from './search';
import { BENCH_CUSTOMER_EMAIL, companyOf } from './seed-many-trips';

export const SCENARIO = 'cold-reads';
export const COLD_READ_TARGETS = { ratioToHelloWorld: 0.03, p99Ms: 150 } as const;
/** Trips whose pages the load opens, drawn from the bench customer's million. */
const TRIP_PAGES = 2_000;

const LISTS: { reader: Reader; path: string }[] = [
  { reader: 'benchCustomer', path: '/api/v1/trips?page={page}&size={size}' },
  { reader: 'benchCustomer', path: '/api/v1/trips?completed=false&started=true&page={page}&size={size}' },
  { reader: 'benchCustomer', path: '/api/v1/orders?page={page}&size={size}' },
  { reader: 'benchCustomer', path: '/api/v1/invoices?page={page}&size={size}' },
  { reader: 'benchTransporter', path: '/api/v1/trips?page={page}&size={size}' },
  { reader: 'benchTransporter', path: '/api/v1/bids/won?page={page}&size={size}' },
  { reader: 'admin', path: '/api/v1/trips?page={page}&size={size}' },
];

export interface ColdReadFigures {
  trips: number;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  ratioToHelloWorld: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failed: number;
  targets: typeof COLD_READ_TARGETS;
}

export async function runColdReads(
  database: Database,
  options: {
    apiOrigin: string;
    tokens: Record<Reader, string>;
    trips: number;
    settings: LoadSettings;
    helloWorld: Figures;
  },
): Promise<ColdReadFigures> {
  const customerId = await companyOf(database.db, BENCH_CUSTOMER_EMAIL);
  const sampled = (await database.db.execute(
    sql`SELECT id FROM trips TABLESAMPLE SYSTEM (1) WHERE customer_company_id = ${customerId} LIMIT ${TRIP_PAGES}`,
  )) as unknown as { rows: { id: string }[] };
  const bearer = (reader: Reader) => `Bearer ${options.tokens[reader]}`;
  const lists = LISTS.map((l) => ({ path: l.path, authorization: bearer(l.reader) }));
  const tripPages = sampled.rows.map((r) => ({
    path: `/api/v1/trips/${r.id}`,
    authorization: bearer('benchCustomer'),
  }));
  const searches = SEARCH_WORDS.map((word) => ({
    path: `/api/v1/trips?q=${encodeURIComponent(word)}&size={size}`,
    authorization: bearer('benchCustomer'),
  }));
  // A working day's mix, as shares of the requests: half lists, a third trip pages, a sixth searches.
  const mix = [...spread(lists, 3_000), ...spread(tripPages, 2_000), ...spread(searches, 1_000)];
  const loaded = await loadRequestMix(options.apiOrigin, mix, options.settings);
  const latency = latencyFigures(loaded.times);
  const requestsPerSecond = loaded.requests / loaded.seconds;
  return {
    trips: options.trips,
    connections: options.settings.connections,
    seconds: +loaded.seconds.toFixed(1),
    requests: loaded.requests,
    requestsPerSecond: Math.round(requestsPerSecond),
    ratioToHelloWorld: +(requestsPerSecond / options.helloWorld.requestsPerSecond).toFixed(4),
    ...latency,
    failed: loaded.failed,
    targets: COLD_READ_TARGETS,
  };
}

/**
 * `items` repeated or thinned to weigh `weight` entries of the mix: a request is drawn uniformly from the
 * mix, so a group's share is its count of entries.
 */
function spread<T>(items: readonly T[], weight: number): T[] {
  if (items.length === 0) return [];
  const times = Math.max(1, Math.round(weight / items.length));
  return Array.from({ length: times }, () => items).flat();
}

export function coldReadFigures(f: ColdReadFigures): Figure[] {
  const note = `${f.trips.toLocaleString('en-GB')} trips, ${f.connections} connections, pages no answer cache has seen`;
  return [
    atLeast(
      SCENARIO,
      'cold reads, ratio to hello world',
      f.ratioToHelloWorld,
      '×',
      COLD_READ_TARGETS.ratioToHelloWorld,
      note,
    ),
    atMost(SCENARIO, 'cold reads p99', f.p99Ms, 'ms', COLD_READ_TARGETS.p99Ms),
    reported(SCENARIO, 'cold reads p50', f.p50Ms, 'ms'),
    reported(SCENARIO, 'cold reads', f.requestsPerSecond, 'req/s'),
    atMost(SCENARIO, 'cold reads, failed', f.failed, '', 0),
  ];
}
