import type { AccessSide, AccessWorld, Side } from './access-world';
import { readEventText } from './event-stream';
import { insertDriver, insertTruck } from './fleet';
import { lagosDate } from './marketplace';

/**
 * Objects of the access matrix's trip rows that the world lacks: per side, a trip under way that carries
 * everything a public page must keep to itself, and a way to end a public page's live stream so that a
 * request sent with inject (which waits for the end of the response) returns.
 */

/** A started trip of one side, with notes, an open issue, free-time facts and a driver. */
export interface LiveTrip {
  id: string;
  tripNumber: string;
  /** The truck's plate: the one thing of the trip the ongoing table shows that names it. */
  truckPlate: string;
  /**
   * Text of the trip no public page may show (decision 009: no internal id, phone number, price, crew
   * name or handover code): ids, the handover code, the driver, both notes, the issue's words, the deposit.
   */
  secrets: string[];
}

const built = new WeakMap<AccessWorld, Promise<Record<Side, LiveTrip>>>();
const bySide = new WeakMap<AccessSide, LiveTrip>();

async function buildLiveTrip(world: AccessWorld, side: Side): Promise<LiveTrip> {
  const { customer, transporter } = world.sides[side];
  const { order, trip, truck, driver } = await world.freshTrip(side);
  const url = `/api/v1/trips/${trip.id}`;
  const customerNote = `Side ${side} customer note: gate pass is with Chinedu Okafor`;
  const transporterNote = `Side ${side} transporter note: pay the escort in cash`;
  const issueText = `Side ${side} gearbox failed near the Kirikiri checkpoint`;
  const depositKobo = 35_123_457;
  await world.send('PATCH', url, customer.accessToken, { note: customerNote });
  await world.send('PATCH', url, transporter.accessToken, { note: transporterNote });
  await world.send('PUT', `${url}/free-time`, customer.accessToken, {
    dischargeDate: lagosDate(-5),
    expectedEmptyReturnDate: null,
    depositKobo,
    depositStatus: 'PAID',
    depositRefundedOn: null,
  });
  await world.send('PATCH', `${url}/status`, transporter.accessToken, { tripStatus: 'STARTED' });
  await world.send('POST', `${url}/issues`, transporter.accessToken, {
    issueType: 'BREAKDOWN',
    description: issueText,
  });
  const detail = (await world.read(url, customer.accessToken)) as {
    amountKobo: number;
    handover: { code: string };
  };
  const live: LiveTrip = {
    id: trip.id,
    tripNumber: trip.tripNumber,
    truckPlate: truck.registrationNumber,
    secrets: [
      trip.id,
      order.id,
      customer.companyId,
      transporter.companyId,
      truck.id,
      driver.id,
      driver.phoneNumber,
      driver.licenceNumber,
      `${driver.firstName} ${driver.lastName}`,
      detail.handover.code,
      String(detail.amountKobo),
      String(depositKobo),
      customerNote,
      transporterNote,
      issueText,
      'handoverCode',
      'amountKobo',
    ],
  };
  bySide.set(world.sides[side], live);
  return live;
}

/**
 * The live trip of each side, made on first use for the whole run (both at once, before any row reads a
 * list of live trips, so the trip map's short-lived cache cannot predate them). Rows must not change them.
 */
export function liveTrips(world: AccessWorld): Promise<Record<Side, LiveTrip>> {
  let trips = built.get(world);
  if (!trips) {
    trips = (async () => ({ A: await buildLiveTrip(world, 'A'), B: await buildLiveTrip(world, 'B') }))();
    built.set(world, trips);
  }
  return trips;
}

/** The live trip of a side, for checks; the row's request must have awaited `liveTrips` first. */
export function liveTripOf(side: AccessSide): LiveTrip {
  const live = bySide.get(side);
  if (!live)
    throw new Error(`The live trip of side ${side.side} was not made; await liveTrips(world) in the request`);
  return live;
}

/** A new truck and driver of the side's transporter, on no trip, for a cell that assigns them. */
export async function freshFleetOf(world: AccessWorld, side: Side) {
  const companyId = world.sides[side].transporterCompanyId;
  return { truck: await insertTruck(world.t, companyId), driver: await insertDriver(world.t, companyId) };
}

/** The trip's tracking id as stored now: revoking a link (which ends a stream) gives the trip a new one. */
export async function currentTrackingId(world: AccessWorld, tripId: string): Promise<string> {
  const [trip] = await world.stored('trips', { id: tripId });
  if (!trip) throw new Error(`No trip ${tripId}`);
  return trip.trackingId as string;
}

/** The share id of the side's customer's ongoing table now (made on first ask, replaced on rotation). */
export async function currentShareId(world: AccessWorld, side: Side): Promise<string> {
  const link = (await world.read('/api/v1/trips/ongoing-link', world.sides[side].customer.accessToken)) as {
    shareId: string;
  };
  return link.shareId;
}

/**
 * Ends the next public live stream to open, right after it has sent its first document, by `end` (revoking
 * the trip's link, rotating the share id): the product then sends `gone` and ends the response, which is
 * what lets an inject request of an event stream return. A stream follows its trip or company as soon as
 * the first document is written, which `listenerCount` shows. When no stream opens within `timeoutMs` (the
 * answer was a refusal), nothing is done.
 */
export function endStreamOnceOpen(world: AccessWorld, end: () => Promise<unknown>, timeoutMs = 10_000): void {
  const events = world.t.ctx.tripEvents;
  const before = events.listenerCount;
  const deadline = Date.now() + timeoutMs;
  const poll = () => {
    if (events.listenerCount > before) {
      end().catch((err: unknown) => console.error('Ending a public live stream failed', err));
    } else if (Date.now() < deadline) {
      setTimeout(poll, 5);
    }
  };
  setTimeout(poll, 0);
}

/**
 * The first document a public stream sent as `event`, read from the whole stream text; fails unless the
 * stream opened with its retry delay and ended with `gone`.
 */
export function firstStreamedDocument(body: unknown, event: 'trip' | 'trips'): string {
  if (typeof body !== 'string') throw new Error(`A stream answers text, got ${JSON.stringify(body)}`);
  const stream = readEventText(body);
  const first = stream.events.find((e) => e.event === event);
  if (stream.retries.length === 0 || !first)
    throw new Error(`No ${event} event in the stream: ${body.slice(0, 200)}`);
  if (stream.events.at(-1)?.event !== 'gone')
    throw new Error(`The stream did not end with gone: ${body.slice(-200)}`);
  return first.data;
}

/**
 * Fails when a public answer shows anything private of the owner's live trip or anything of the other
 * side's, or does not show the owner's trip by `shown` (the trip number on a tracking page, the plate on
 * an ongoing table).
 */
export function assertPublicShowsOnly(
  text: string,
  own: LiveTrip,
  other: LiveTrip,
  shown: (trip: LiveTrip) => string,
): void {
  if (!text.includes(shown(own))) throw new Error(`The public answer does not show the trip (${shown(own)})`);
  const leaked = [...own.secrets, ...other.secrets, shown(other)].filter((secret) => text.includes(secret));
  if (leaked.length > 0) throw new Error(`The public answer shows ${leaked.join(', ')}`);
}
