import { and, eq, sql } from 'drizzle-orm';
import { orders, trips } from '../../db/schema';
import type { ReportInput } from './report-definition';
import {
  asWhole,
  awardedInWindow,
  CHART_TOP,
  containerCargo,
  generalCargo,
  koboPer,
  numberOrNull,
  tonnesOf,
} from './cost-report.repository';

const OTHERS_BUCKET = sql.raw(String(CHART_TOP + 1));

/**
 * The clients of the window's trips with their figures. The trips are first summed per order (a hash on
 * the order id, and an order's count is then a plain count), off the trips alone (their weight and what
 * is owed on them are kept on the trip), then per client name. A client is one however its name was
 * typed (`Dangote Foods Ltd`, `DANGOTE FOODS LTD `), and shows one spelling of its own, the same on every
 * database: the first in byte order (capitals first).
 */
function clientsOf(input: ReportInput) {
  const general = generalCargo(trips.cargoType);
  const perOrder = input.db
    .select({
      orderId: sql<string>`${trips.orderId}`.as('order_id'),
      tripCount: sql<number>`count(*)`.as('trip_count'),
      containers: sql<number>`count(*) FILTER (WHERE ${containerCargo(trips.cargoType)})`.as('containers'),
      truckLoads: sql<number>`count(*) FILTER (WHERE ${general})`.as('truck_loads'),
      kg: sql<number | null>`sum(${trips.weightKg}) FILTER (WHERE ${general})`.as('kg'),
      haulage: sql<number>`sum(${trips.amountKobo})`.as('haulage'),
      outstanding: sql<number>`sum(${trips.outstandingKobo})`.as('outstanding'),
      firstAward: sql<Date>`min(${trips.createdAt})`.as('first_award'),
      lastAward: sql<Date>`max(${trips.createdAt})`.as('last_award'),
    })
    .from(trips)
    .where(awardedInWindow(input))
    .groupBy(trips.orderId)
    .as('per_order');
  const clientKey = sql`lower(btrim(${orders.clientName}))`;
  const name = sql`min(btrim(${orders.clientName}) COLLATE "C")`;
  return (
    input.db
      .select({
        clientKey: sql<string>`${clientKey}`.as('client_key'),
        name: sql<string>`${name}`.as('name'),
        orderCount: sql<number>`count(*)`.as('order_count'),
        tripCount: sql<number>`sum(${perOrder.tripCount})`.as('trip_count'),
        containers: sql<number>`sum(${perOrder.containers})`.as('containers'),
        truckLoads: sql<number>`sum(${perOrder.truckLoads})`.as('truck_loads'),
        kg: sql<number | null>`sum(${perOrder.kg})`.as('kg'),
        haulage: sql<number>`sum(${perOrder.haulage})`.as('haulage'),
        outstanding: sql<number | null>`sum(${perOrder.outstanding})`.as('outstanding'),
        firstAward: sql<Date>`min(${perOrder.firstAward})`.as('first_award'),
        lastAward: sql<Date>`max(${perOrder.lastAward})`.as('last_award'),
      })
      .from(perOrder)
      // The order is the trip's, so of the same customer: said again so only its orders are read.
      .innerJoin(
        orders,
        and(eq(orders.id, perOrder.orderId), eq(orders.customerCompanyId, input.scope.companyId)),
      )
      .groupBy(clientKey)
      .as('per_client')
  );
}

/**
 * Every figure of the sales report in one statement, so the range's trips are read once per request: the
 * clients aggregated once and ranked by haulage cost (the table's order), then summed again with the
 * grouping sets: each client alone (the table's rows, `level` 1, in the table's order), the first ten and
 * `Others` (the chart, `level` 2) and every client together (the summary, `level` 3).
 */
export async function salesFigures(input: ReportInput) {
  const perClient = clientsOf(input);
  const ranked = input.db
    .select({
      name: sql<string>`${perClient.name}`.as('name'),
      orderCount: sql<number>`${perClient.orderCount}`.as('order_count'),
      tripCount: sql<number>`${perClient.tripCount}`.as('trip_count'),
      containers: sql<number>`${perClient.containers}`.as('containers'),
      truckLoads: sql<number>`${perClient.truckLoads}`.as('truck_loads'),
      kg: sql<number | null>`${perClient.kg}`.as('kg'),
      haulage: sql<number>`${perClient.haulage}`.as('haulage'),
      allHaulage: sql<number>`sum(${perClient.haulage}) OVER ()`.as('all_haulage'),
      outstanding: sql<number | null>`${perClient.outstanding}`.as('outstanding'),
      firstAward: sql<Date>`${perClient.firstAward}`.as('first_award'),
      lastAward: sql<Date>`${perClient.lastAward}`.as('last_award'),
      rank: sql<number>`row_number() OVER (ORDER BY ${perClient.haulage} DESC, ${perClient.name}, ${perClient.clientKey})`.as(
        'rank',
      ),
    })
    .from(perClient)
    .as('ranked');
  const bucket = sql`least(${ranked.rank}, ${OTHERS_BUCKET})`;
  const level = sql`grouping(${ranked.rank}, ${bucket})`;
  return input.db
    .select({
      level: sql<number>`${level}`.mapWith(Number),
      client: sql<string>`CASE WHEN ${bucket} = ${OTHERS_BUCKET} THEN 'Others' ELSE min(${ranked.name}) END`,
      clients: sql<number>`count(*)`.mapWith(Number),
      orders: asWhole(sql`sum(${ranked.orderCount})`),
      trips: asWhole(sql`sum(${ranked.tripCount})`),
      containers: asWhole(sql`sum(${ranked.containers})`),
      truckLoads: asWhole(sql`sum(${ranked.truckLoads})`),
      tonnes: tonnesOf(sql`sum(${ranked.kg})`),
      haulage: asWhole(sql`sum(${ranked.haulage})`),
      share: sql<
        number | null
      >`round(100.0 * sum(${ranked.haulage}) / nullif(min(${ranked.allHaulage}), 0), 1)`.mapWith(
        numberOrNull,
      ),
      outstanding: asWhole(sql`sum(${ranked.outstanding})`),
      averagePerClient: koboPer(sql`sum(${ranked.haulage})`, sql`count(*)`),
      firstAward: sql<Date | null>`min(${ranked.firstAward})`.mapWith(trips.createdAt),
      lastAward: sql<Date | null>`max(${ranked.lastAward})`.mapWith(trips.createdAt),
    })
    .from(ranked)
    .groupBy(sql`GROUPING SETS ((${ranked.rank}), (${bucket}), ())`)
    .orderBy(sql`${level}`, sql`${ranked.rank}`, sql`${bucket}`);
}
