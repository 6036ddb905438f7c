import {
  lagosToday,
  MAX_RETURN_LOAD_RADIUS_KM,
  RETURN_LOAD_MATCHES_PER_TRIP,
  RETURN_LOAD_WINDOW_DAYS,
  type PageQuery,
  type ReturnLoadMatch,
  type ReturnLoadSettings,
  type ReturnLoadSettingsRequest,
  type ReturnLoadsPage,
  type ReturnLoadTrip,
  type TripReturnLoads,
  type TrucksNearPickup,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import { audit } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { queueNotification } from '../notification';
import { loadOrderFor } from '../order';
import { loadTripFor } from '../trip';
import { returnLoadNotification } from './return-load-notifications';
import {
  findMatches,
  findNoticeFacts,
  findOpenOrderPoint,
  findRadiusOf,
  findTruckOfTrip,
  findTrucksForOrder,
  listTrucksOf,
  recordNotices,
  takeQueued,
  updateRadiusOf,
  type MatchRow,
  type TruckRow,
} from './return-load.repository';

/** The last day a pickup may fall on for a truck free on `freeOn`. */
function windowEnd(freeOn: string): string {
  const end = new Date(`${freeOn}T12:00:00Z`);
  end.setUTCDate(end.getUTCDate() + RETURN_LOAD_WINDOW_DAYS);
  return end.toISOString().slice(0, 10);
}

function assertTransporter(principal: Principal): void {
  // Customers have no trucks: for them the return-load pages do not exist.
  if (principal.companyType !== 'TRANSPORTER') throw notFound('Return loads');
}

async function radiusOf(db: Executor, companyId: string): Promise<number> {
  const radius = await findRadiusOf(db, companyId);
  if (radius === null) throw notFound('Company');
  return radius;
}

function toMatch(row: MatchRow): ReturnLoadMatch {
  return {
    orderId: row.order_id,
    orderNumber: row.order_number,
    cargoType: row.cargo_type,
    itemCount: Number(row.item_count),
    customerName: row.customer_name,
    pickup: { name: row.pickup_name, state: row.pickup_state },
    delivery: { name: row.delivery_name, state: row.delivery_state },
    pickupDate: row.pickup_date,
    biddingClosesAt: new Date(row.bidding_closes_at).toISOString(),
    distanceKm: Number(row.distance_km),
    returnLoadsWelcome: row.return_loads_welcome,
    alreadyBid: row.already_bid,
  };
}

async function matchesOf(
  db: Executor,
  truck: TruckRow,
  radiusKm: number,
  limit: number = RETURN_LOAD_MATCHES_PER_TRIP,
): Promise<{ rows: MatchRow[]; total: number }> {
  const rows = await findMatches(db, {
    transporterCompanyId: truck.transporter_company_id,
    latitude: Number(truck.latitude),
    longitude: Number(truck.longitude),
    radiusKm,
    from: truck.free_on,
    to: windowEnd(truck.free_on),
    limit,
  });
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

type MatchSearch = (truck: TruckRow) => Promise<{ rows: MatchRow[]; total: number }>;

/**
 * One search per delivery place and free day within a request: a fleet's trucks often head for the same
 * terminal or warehouse on the same day, and their matches are the same.
 */
function sharedSearches(db: Executor, radiusKm: number): MatchSearch {
  const searches = new Map<string, Promise<{ rows: MatchRow[]; total: number }>>();
  return (truck) => {
    const key = `${truck.latitude}|${truck.longitude}|${truck.free_on}`;
    let search = searches.get(key);
    if (!search) {
      search = matchesOf(db, truck, radiusKm);
      searches.set(key, search);
    }
    return search;
  };
}

async function toReturnLoadTrip(
  db: Executor,
  truck: TruckRow,
  radiusKm: number,
  search: MatchSearch = (t) => matchesOf(db, t, radiusKm),
): Promise<ReturnLoadTrip> {
  const { rows, total } = await search(truck);
  return {
    tripId: truck.trip_id,
    tripNumber: truck.trip_number,
    truckRegistration: truck.truck_registration,
    delivery: { name: truck.delivery_name, state: truck.delivery_state },
    freeOn: truck.free_on,
    matchCount: total,
    matches: rows.map(toMatch),
  };
}

export async function getReturnLoadSettings(
  ctx: AppContext,
  principal: Principal,
): Promise<ReturnLoadSettings> {
  assertTransporter(principal);
  return { radiusKm: await radiusOf(ctx.db, principal.companyId) };
}

export async function updateReturnLoadSettings(
  ctx: AppContext,
  principal: Principal,
  input: ReturnLoadSettingsRequest,
  ip: string,
): Promise<ReturnLoadSettings> {
  assertTransporter(principal);
  await ctx.db.transaction(async (tx) => {
    const before = await radiusOf(tx, principal.companyId);
    await updateRadiusOf(tx, principal.companyId, input.radiusKm);
    await audit(
      tx,
      principal,
      { ip },
      {
        action: 'company.return-load-radius.changed',
        entityType: 'company',
        entityId: principal.companyId,
        data: { from: before, to: input.radiusKm },
      },
    );
  });
  return { radiusKm: input.radiusKm };
}

/** The transporter's trucks on live trips, soonest free first, each with its return loads. */
export async function listReturnLoads(
  ctx: AppContext,
  principal: Principal,
  query: PageQuery,
  now: Date = new Date(),
): Promise<ReturnLoadsPage> {
  assertTransporter(principal);
  const radiusKm = await radiusOf(ctx.db, principal.companyId);
  const { rows, total } = await listTrucksOf(ctx.db, principal.companyId, lagosToday(now), {
    offset: query.page * query.size,
    limit: query.size,
  });
  const search = sharedSearches(ctx.db, radiusKm);
  const content = await Promise.all(rows.map((truck) => toReturnLoadTrip(ctx.db, truck, radiusKm, search)));
  return {
    content,
    totalElements: total,
    totalPages: Math.ceil(total / query.size),
    number: query.page,
    size: query.size,
    radiusKm,
    trucksConsidered: total,
  };
}

/** One trip's return loads, for its transporter only: the customer and everyone else get 404. */
export async function getTripReturnLoads(
  ctx: AppContext,
  principal: Principal,
  tripId: string,
  now: Date = new Date(),
): Promise<TripReturnLoads> {
  // Three lookups at once, not one after the other (the trip page asks on every visit): the truck and the
  // radius are only read, and nothing of them is answered until the caller is known to run the trip.
  const [{ side }, radiusKm, truck] = await Promise.all([
    loadTripFor(ctx.db, principal, tripId),
    radiusOf(ctx.db, principal.companyId),
    findTruckOfTrip(ctx.db, tripId, lagosToday(now)),
  ]);
  if (side !== 'TRANSPORTER') throw notFound('Trip');
  return { radiusKm, trip: truck ? await toReturnLoadTrip(ctx.db, truck, radiusKm) : null };
}

/**
 * For the customer's own open order: how many trucks are expected free near its pickup in time for it. A
 * count of trucks, never whose: the market does not learn where a transporter's trucks are.
 */
export async function countTrucksNearPickup(
  ctx: AppContext,
  principal: Principal,
  orderId: string,
  now: Date = new Date(),
): Promise<TrucksNearPickup> {
  if (principal.companyType !== 'CUSTOMER') throw notFound('Order');
  await loadOrderFor(ctx.db, principal, orderId);
  const order = await findOpenOrderPoint(ctx.db, orderId);
  if (!order) return { count: 0 };
  const trucks = await findTrucksForOrder(ctx.db, order, {
    today: lagosToday(now),
    windowDays: RETURN_LOAD_WINDOW_DAYS,
    maxRadiusKm: MAX_RETURN_LOAD_RADIUS_KM,
  });
  return { count: new Set(trucks.map((t) => t.truck_id)).size };
}

/** How many queue rows one run of the job takes: a burst of orders is worked through over a few runs. */
const QUEUE_BATCH = 200;

/**
 * Works through what the triggers noted: for a noted trip, its matches; for a noted order, the trucks it is a
 * match for. Each pair not told before is recorded and told, one message per truck. Answers how many
 * messages were queued.
 */
export async function announceReturnLoads(
  ctx: AppContext,
  now: Date = new Date(),
  limit: number = QUEUE_BATCH,
): Promise<number> {
  const today = lagosToday(now);
  const { tripIds, orderIds } = await takeQueued(ctx.db, limit);
  const pairs: { tripId: string; orderId: string }[] = [];
  for (const tripId of tripIds) {
    const truck = await findTruckOfTrip(ctx.db, tripId, today);
    if (!truck) continue;
    const radiusKm = await radiusOf(ctx.db, truck.transporter_company_id);
    const { rows } = await matchesOf(ctx.db, truck, radiusKm);
    pairs.push(...rows.map((row) => ({ tripId, orderId: row.order_id })));
  }
  for (const orderId of orderIds) {
    const order = await findOpenOrderPoint(ctx.db, orderId);
    if (!order) continue;
    const trucks = await findTrucksForOrder(ctx.db, order, {
      today,
      windowDays: RETURN_LOAD_WINDOW_DAYS,
      maxRadiusKm: MAX_RETURN_LOAD_RADIUS_KM,
    });
    pairs.push(...trucks.map((t) => ({ tripId: t.trip_id, orderId })));
  }
  if (pairs.length === 0) return 0;
  let told = 0;
  await ctx.db.transaction(async (tx) => {
    const fresh = await recordNotices(tx, pairs);
    const byTrip = new Map<string, string[]>();
    for (const pair of fresh) byTrip.set(pair.tripId, [...(byTrip.get(pair.tripId) ?? []), pair.orderId]);
    for (const [tripId, orders] of byTrip) {
      const { truck, orderNumbers } = await findNoticeFacts(tx, tripId, orders, today);
      if (!truck) continue;
      const radiusKm = await radiusOf(tx, truck.transporter_company_id);
      await queueNotification(
        ctx,
        tx,
        returnLoadNotification(
          {
            tripId,
            tripNumber: truck.trip_number,
            transporterCompanyId: truck.transporter_company_id,
            deliveryName: truck.delivery_name,
            deliveryState: truck.delivery_state,
            freeOn: truck.free_on,
          },
          orderNumbers,
          radiusKm,
        ),
      );
      told += 1;
    }
  });
  if (told > 0) ctx.jobs.kick();
  return told;
}
