/**
 * The pages people use all day, signed in: each endpoint alone under load, the trips list as a company
 * holding a million trips sees it, and a mixed load (the trips list and public tracking at once) that
 * shows whether one kind of traffic starves the other. Ratios are to the hello-world of the same run.
 */
import { tripListQuery } from '@freightlane/domain';
import type { DbKind, Executor } from '../apps/api/src/db/client';
import { listTrips } from '../apps/api/src/modules/trip/trip.repository';
import { atLeast, atMost, loadFigures, reported, type Figure } from './figures';
import { load, loadRandomPaths, type Figures, type LoadSettings } from './load';

/** Issue 12's targets on PostgreSQL; on PGlite each ratio is half its PostgreSQL ratio. */
const POSTGRES_RATIO = { profile: 0.12, page: 0.05 } as const;
const PAGE_P99_MS = 100;

export const MIXED_TARGET = { maxMs: 2000, publicP99Ms: 50 } as const;

/**
 * What every browser sends with a signed-in request besides the token: it takes gzip, which the kept
 * pages are sent in (decision 011), so the load is answered as the web app is.
 */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' } as const;

/** How much slower the trips list may be for a company with a million trips than with ten thousand. */
export const LIST_GROWTH_TARGET = 1.5;

export interface SignedInTokens {
  customer: string;
  transporter: string;
}

export interface SignedInScenario extends Figures {
  url: string;
  ratioToBaseline: number;
  target: { ratioToBaseline: number; p99Ms: number | null; errors: 0 };
}

/** The signed-in scenarios: name, URL and who asks. */
function scenarioList(tripId: string) {
  return [
    ['profile', '/api/v1/user/me', 'customer'],
    ['tripsList', '/api/v1/trips?page=0&size=20&sort=latestTripStatus.timeStamp,DESC', 'customer'],
    ['tripsSearch', '/api/v1/trips?page=0&size=20&q=MSKU', 'customer'],
    ['tripPage', `/api/v1/trips/${tripId}`, 'transporter'],
    ['orders', '/api/v1/orders?size=20', 'customer'],
    ['market', '/api/v1/bids/open-orders?size=20', 'transporter'],
    [
      'tripIssues',
      '/api/v1/trips/issues?sort=openingTimeStamp,DESC&sort=trip.id,ASC&page=0&size=20',
      'transporter',
    ],
    ['customerDashboard', '/api/v1/dashboard/customer', 'customer'],
    ['transporterDashboard', '/api/v1/dashboard/transporter', 'transporter'],
  ] as const;
}

function targetOf(name: string, kind: DbKind): SignedInScenario['target'] {
  const ratio = name === 'profile' ? POSTGRES_RATIO.profile : POSTGRES_RATIO.page;
  return {
    ratioToBaseline: kind === 'postgres' ? ratio : +(ratio / 2).toFixed(3),
    p99Ms: kind === 'postgres' && name !== 'profile' ? PAGE_P99_MS : null,
    errors: 0,
  };
}

export async function runSignedIn(options: {
  apiOrigin: string;
  baselineRps: number;
  kind: DbKind;
  settings: LoadSettings;
  tokens: SignedInTokens;
  tripId: string;
}): Promise<Record<string, SignedInScenario>> {
  const { apiOrigin, baselineRps, kind, settings, tokens, tripId } = options;
  const results: Record<string, SignedInScenario> = {};
  for (const [name, url, who] of scenarioList(tripId)) {
    const figures = await load(`${apiOrigin}${url}`, settings, {
      ...BROWSER_HEADERS,
      authorization: `Bearer ${tokens[who]}`,
    });
    results[name] = {
      url,
      ...figures,
      ratioToBaseline: +(figures.requestsPerSecond / baselineRps).toFixed(3),
      target: targetOf(name, kind),
    };
  }
  return results;
}

/** The figures of the signed-in scenarios: each page's ratio to the hello-world, latencies and errors. */
export function signedInFigures(results: Record<string, SignedInScenario>): Figure[] {
  return Object.entries(results).flatMap(([name, s]) => [
    atLeast('signed-in', `${name} ratio to hello-world`, s.ratioToBaseline, '×', s.target.ratioToBaseline),
    ...loadFigures('signed-in', name, s, { p99Ms: s.target.p99Ms }),
  ]);
}

/**
 * The trips list page 1 of a company as it grows, read from the database one request at a time: the time
 * of its statements, which kept answers (decision 011) would hide after the first request.
 */
export async function timeTripsListQuery(db: Executor, companyId: string, runs = 300): Promise<Figures> {
  const query = tripListQuery.parse({ page: '0', size: '20', sort: 'latestTripStatus.timeStamp,DESC' });
  const scope = { side: 'customer', companyId } as const;
  for (let i = 0; i < 30; i++) await listTrips(db, scope, query);
  const times: number[] = [];
  const began = performance.now();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await listTrips(db, scope, query);
    times.push(performance.now() - start);
  }
  const seconds = (performance.now() - began) / 1000;
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    +times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(2);
  return {
    requestsPerSecond: +(runs / seconds).toFixed(1),
    requests: runs,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: at(1),
    errors: 0,
    non2xx: 0,
  };
}

export interface ListGrowth {
  small: { trips: number; p50Ms: number; requestsPerSecond: number };
  large: { trips: number; p50Ms: number; requestsPerSecond: number };
  slowdown: number;
  target: number;
}

export function listGrowth(
  small: { trips: number; figures: Figures },
  large: { trips: number; figures: Figures },
): ListGrowth {
  const pick = (s: { trips: number; figures: Figures }) => ({
    trips: s.trips,
    p50Ms: s.figures.p50Ms,
    requestsPerSecond: s.figures.requestsPerSecond,
  });
  // Throughput one at a time is the inverse of the time per request, and steadier than a p50.
  const slowdown = +(small.figures.requestsPerSecond / Math.max(1, large.figures.requestsPerSecond)).toFixed(
    2,
  );
  return { small: pick(small), large: pick(large), slowdown, target: LIST_GROWTH_TARGET };
}

export function listGrowthFigures(growth: ListGrowth): Figure[] {
  return [
    reported(
      'list-growth',
      `p50 at ${growth.small.trips.toLocaleString('en-GB')} trips`,
      growth.small.p50Ms,
      'ms',
    ),
    reported(
      'list-growth',
      `p50 at ${growth.large.trips.toLocaleString('en-GB')} trips`,
      growth.large.p50Ms,
      'ms',
    ),
    atMost('list-growth', 'slowdown from the small to the full seed', growth.slowdown, '×', growth.target),
  ];
}

export interface MixedResult {
  connectionsEach: number;
  seconds: number;
  tripsList: Figures;
  publicTracking: Figures;
  target: typeof MIXED_TARGET;
}

/**
 * A small company's real traffic on one instance: its staff paging the trips list while the public
 * follows trips by link, both at once, from two load generators.
 */
export async function runMixed(options: {
  apiOrigin: string;
  token: string;
  trackingIdsFile: string;
  trackingPath: string;
  settings: LoadSettings;
}): Promise<MixedResult> {
  const { apiOrigin, token, trackingIdsFile, trackingPath, settings } = options;
  // Both through the driver that tells each connection's first answer apart (random-path-load.ts).
  const [tripsList, publicTracking] = await Promise.all([
    loadRandomPaths(
      apiOrigin,
      '/api/v1/trips?page=0&size=20&sort=latestTripStatus.timeStamp,DESC',
      '-',
      settings,
      {
        ...BROWSER_HEADERS,
        authorization: `Bearer ${token}`,
      },
    ),
    loadRandomPaths(apiOrigin, trackingPath, trackingIdsFile, settings),
  ]);
  return {
    connectionsEach: settings.connections,
    seconds: settings.seconds,
    tripsList,
    publicTracking,
    target: MIXED_TARGET,
  };
}

/**
 * The mixed load's figures, judged on the requests of open connections: the 200 connections open in the
 * same millisecond, and each connection's first answer waits for the server to accept it, one per turn
 * of its busy event loop (random-path-load.ts), so the slowest first answers are reported beside them.
 */
export function mixedFigures(result: MixedResult): Figure[] {
  const { tripsList, publicTracking, target } = result;
  const list = tripsList.connected;
  const pub = publicTracking.connected;
  if (!list || !pub) throw new Error('The mixed load needs the connected figures of its driver');
  const first = `the first answer of a connection, accept included (${result.connectionsEach} connections each, opened at once)`;
  return [
    atMost(
      'mixed',
      'slowest request of an open connection',
      Math.max(list.maxMs, pub.maxMs),
      'ms',
      target.maxMs,
    ),
    atMost('mixed', 'public tracking p99', pub.p99Ms, 'ms', target.publicP99Ms),
    reported('mixed', 'public tracking p50', pub.p50Ms, 'ms'),
    reported('mixed', 'public tracking throughput', publicTracking.requestsPerSecond, 'req/s'),
    reported('mixed', 'trips list p99', list.p99Ms, 'ms'),
    reported('mixed', 'trips list throughput', tripsList.requestsPerSecond, 'req/s'),
    atMost('mixed', 'errors (connection, timeout)', tripsList.errors + publicTracking.errors, '', 0),
    atMost('mixed', 'non-2xx answers', tripsList.non2xx + publicTracking.non2xx, '', 0),
    reported('mixed', 'slowest first answer, trips list', list.slowestFirstMs, 'ms', first),
    reported('mixed', 'slowest first answer, public tracking', pub.slowestFirstMs, 'ms', first),
  ];
}
