/**
 * Child process: the mixed write load of a plan (mixed-write-load.ts). Prints its figures as JSON and
 * writes every write acknowledged with a 2xx to acksFile. Usage: mixed-write-driver.ts planFile acksFile
 *
 * One autocannon run over all the connections, no pipelining (each connection waits for its answer, as
 * a browser or a phone does). setupRequest, autocannon's hook for building each request, draws the
 * request's kind by the plan's shares. The context autocannon hands setupRequest is the one it hands
 * onResponse with that request's answer (with a single request in the list it starts a fresh context
 * for every request), so each request carries what it was to its answer.
 *
 * A trip on the road is moved by one request at a time: it leaves the queue when a request takes its
 * next step and comes back when the answer says where it now is (a 409 names the step it is really at,
 * when an earlier request timed out after the API had committed it). A request that never got an answer
 * keeps its trip out of the queue: whether that step was taken is not known, and nothing is checked of it.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { nextTripStatus, type NoteSide, type TripStatus } from '@freightlane/domain';
import { latencyFigures } from './load';
import type {
  Ack,
  DriverOutput,
  KindFigures,
  MixedWriteKind,
  MixedWritePlan,
  SecondOfLoad,
  StatusTrip,
} from './mixed-write-load';
import { benchDriverToken, benchTruckPoint } from './seed-fleet';

const [planFile, acksFile] = process.argv.slice(2);
if (!planFile || !acksFile) throw new Error('usage: mixed-write-driver.ts planFile acksFile');
const plan = JSON.parse(fs.readFileSync(planFile, 'utf8')) as MixedWritePlan;

/** A queue taken from the front and put back at the end, without moving what is left. */
class Queue<T> {
  private head = 0;
  constructor(private readonly items: T[]) {}
  take(): T | undefined {
    if (this.head === this.items.length) return undefined;
    const item = this.items[this.head]!;
    this.head += 1;
    return item;
  }
  put(item: T): void {
    this.items.push(item);
  }
}

type MovingTrip = StatusTrip & { next: TripStatus };
const moving = new Queue<MovingTrip>(
  plan.statusTrips.flatMap((t) => {
    const next = nextTripStatus(t.cargoType, t.latestStatus);
    return next ? [{ ...t, next }] : [];
  }),
);
const SIDES: NoteSide[] = ['CUSTOMER', 'TRANSPORTER'];
/**
 * Each trip's two notes half the queue apart: a customer and a transporter writing their notes on one trip
 * within the same few milliseconds is rare, and back to back the second would always wait for the first's
 * lock on the trip.
 */
const notes = new Queue(
  plan.noteTrips.flatMap((tripId, i, all) => [
    { tripId, side: SIDES[0]! },
    { tripId: all[(i + Math.floor(all.length / 2)) % all.length]!, side: SIDES[1]! },
  ]),
);
const driverTokens = plan.drivers.map((d) => benchDriverToken(d.n));
/** Each driver's last position time (ms): the next is later, so no two share a truck and a time. */
const lastStamp = new Map<number, number>();

const kinds = Object.keys(plan.shares) as MixedWriteKind[];
const shareTotal = kinds.reduce((n, k) => n + plan.shares[k], 0);
function drawKind(): MixedWriteKind {
  let r = Math.random() * shareTotal;
  for (const kind of kinds) {
    r -= plan.shares[kind];
    if (r < 0) return kind;
  }
  return kinds[0]!;
}

interface Tally {
  sent: number;
  times: number[];
  statuses: Record<string, number>;
}
const tallies = Object.fromEntries(
  kinds.map((k): [MixedWriteKind, Tally] => [k, { sent: 0, times: [], statuses: {} }]),
) as Record<MixedWriteKind, Tally>;
const timeline: SecondOfLoad[] = [];
const acks: Ack[] = [];
let diverted = 0;
let tripsCompleted = 0;
let positionsNotStored = 0;
let sequence = 0;

type Sent =
  | { kind: 'tracking' | 'tripsList'; at: number }
  | { kind: 'statusChange'; at: number; trip: MovingTrip }
  | { kind: 'note'; at: number; tripId: string; side: NoteSide; note: string }
  | { kind: 'position'; at: number; truckId: string; recordedAt: string };
interface Context {
  sent?: Sent;
}

const json = (token?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const tokenOf = (side: NoteSide) => (side === 'CUSTOMER' ? plan.tokens.customer : plan.tokens.transporter);
const randomOf = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

type Built = Pick<autocannon.Request, 'method' | 'path' | 'headers' | 'body'> & { sent: Sent };

function trackingRead(at: number): Built {
  return {
    method: 'GET',
    path: plan.trackingPath + randomOf(plan.trackingIds),
    headers: {},
    sent: { kind: 'tracking', at },
  };
}

function build(kind: MixedWriteKind, at: number): Built {
  switch (kind) {
    case 'tracking':
      return trackingRead(at);
    case 'tripsList': {
      // Both bench companies page their trips, as their staff's browsers ask (gzip).
      const side = randomOf(SIDES);
      return {
        method: 'GET',
        path: `/api/v1/trips?page=${Math.floor(Math.random() * 3)}&size=20&sort=latestTripStatus.timeStamp,DESC`,
        headers: { authorization: `Bearer ${tokenOf(side)}`, 'accept-encoding': 'gzip, deflate, br' },
        sent: { kind, at },
      };
    }
    case 'statusChange': {
      const trip = moving.take();
      if (!trip) break;
      const body = {
        tripStatus: trip.next,
        location: { state: 'Lagos', lga: 'Ikeja', description: 'Oba Akran Avenue' },
        ...(trip.next === 'DELIVERED' ? { handoverCode: trip.handoverCode } : {}),
      };
      return {
        method: 'PATCH',
        path: `/api/v1/trips/${trip.id}/status`,
        headers: json(plan.tokens.transporter),
        body: JSON.stringify(body),
        sent: { kind, at, trip },
      };
    }
    case 'note': {
      const next = notes.take();
      if (!next) break;
      sequence += 1;
      const note = `Bench note ${plan.runId} #${sequence}: gate pass collected, waiting at the terminal`;
      return {
        method: 'PATCH',
        path: `/api/v1/trips/${next.tripId}`,
        headers: json(tokenOf(next.side)),
        body: JSON.stringify({ note }),
        sent: { kind, at, tripId: next.tripId, side: next.side, note },
      };
    }
    case 'position': {
      sequence += 1;
      const i = sequence % plan.drivers.length;
      const driver = plan.drivers[i]!;
      const stamp = Math.max(Date.now(), (lastStamp.get(i) ?? 0) + 1);
      lastStamp.set(i, stamp);
      const recordedAt = new Date(stamp).toISOString();
      const spot = benchTruckPoint(driver.n, 1);
      const latitude = +(spot.latitude + Math.random() * 0.0003).toFixed(6);
      const longitude = +(spot.longitude + Math.random() * 0.0003).toFixed(6);
      const sent: Sent = { kind, at, truckId: driver.truckId, recordedAt };
      const token = driverTokens[i]!;
      // Half as the Traccar Client app sends them (OsmAnd), half as the driver's phone page does.
      if (sequence % 2 === 0) {
        const query = `id=${token}&lat=${latitude}&lon=${longitude}&timestamp=${recordedAt}&speed=30&bearing=35&accuracy=10&batt=80`;
        return { method: 'GET', path: `/api/v1/driver/osmand?${query}`, headers: {}, sent };
      }
      const position = { latitude, longitude, recordedAt, speedKmh: 55, heading: 35, accuracyM: 10 };
      return {
        method: 'POST',
        path: `/api/v1/driver/${token}/positions`,
        headers: json(),
        body: JSON.stringify({ positions: [position] }),
        sent,
      };
    }
  }
  // The kind's trips are used up: this request reads a tracking page instead.
  diverted += 1;
  return trackingRead(at);
}

const startedAt = performance.now();

function tally(sent: Sent, status: number): void {
  const t = tallies[sent.kind];
  const now = performance.now();
  t.times.push(now - sent.at);
  t.statuses[status] = (t.statuses[status] ?? 0) + 1;
  const second = Math.floor((now - startedAt) / 1000);
  for (let s = timeline.length; s <= second; s++) timeline.push({ second: s, '2xx': 0, '4xx': 0, '5xx': 0 });
  const cls = `${Math.floor(status / 100)}xx`;
  const bucket = timeline[second]!;
  if (cls === '2xx' || cls === '4xx' || cls === '5xx') bucket[cls] += 1;
}

function answered(sent: Sent, status: number, body: string): void {
  tally(sent, status);
  const ok = status >= 200 && status < 300;
  switch (sent.kind) {
    case 'statusChange': {
      const { trip } = sent;
      if (ok) {
        acks.push({ kind: 'statusChange', tripId: trip.id, status: trip.next });
        const next = nextTripStatus(trip.cargoType, trip.next);
        if (next) moving.put({ ...trip, next });
        else tripsCompleted += 1;
      } else if (status === 409) {
        const allowed = (JSON.parse(body) as { allowedNextStatuses?: TripStatus[] }).allowedNextStatuses;
        if (allowed?.[0]) moving.put({ ...trip, next: allowed[0] });
      } else {
        moving.put(trip);
      }
      return;
    }
    case 'note':
      if (ok) acks.push({ kind: 'note', tripId: sent.tripId, side: sent.side, note: sent.note });
      return;
    case 'position':
      if (!ok) return;
      if ((JSON.parse(body) as { stored?: number }).stored === 1) {
        acks.push({ kind: 'position', truckId: sent.truckId, recordedAt: sent.recordedAt });
      } else {
        positionsNotStored += 1;
      }
      return;
    default:
  }
}

const result = await autocannon({
  url: plan.origin,
  connections: plan.connections,
  duration: plan.seconds,
  pipelining: 1,
  requests: [
    {
      setupRequest: (request, context) => {
        const { sent, ...built } = build(drawKind(), performance.now());
        tallies[sent.kind].sent += 1;
        (context as Context).sent = sent;
        return { ...request, ...built };
      },
      onResponse: (status, body, context) => {
        const { sent } = context as Context;
        if (sent) answered(sent, status, body);
      },
    },
  ],
});

fs.writeFileSync(acksFile, JSON.stringify(acks));
const kindFigures = Object.fromEntries(
  kinds.map((kind): [MixedWriteKind, KindFigures] => {
    const t = tallies[kind];
    const count = (cls: number) =>
      Object.entries(t.statuses).reduce(
        (n, [code, c]) => n + (Math.floor(Number(code) / 100) === cls ? c : 0),
        0,
      );
    return [
      kind,
      {
        sent: t.sent,
        answered: t.times.length,
        requestsPerSecond: Math.round(t.times.length / plan.seconds),
        ...latencyFigures(t.times),
        statuses: t.statuses,
        '2xx': count(2),
        '4xx': count(4),
        '5xx': count(5),
      },
    ];
  }),
) as Record<MixedWriteKind, KindFigures>;
const output: DriverOutput = {
  seconds: plan.seconds,
  connections: plan.connections,
  kinds: kindFigures,
  diverted,
  tripsCompleted,
  positionsNotStored,
  transport: { errors: result.errors, timeouts: result.timeouts },
  timeline,
};
process.stdout.write(JSON.stringify(output));
