import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { invoices, orders, trips } from '../../db/schema';
import type { ReportInput } from './report-definition';
import {
  asWhole,
  awardedInWindow,
  CHART_TOP,
  containerCargo,
  generalCargo,
  generalCargoWeight,
  koboPer,
  numberOrNull,
  tonnesOf,
} from './cost-report.repository';

const OTHERS_BUCKET = sql.raw(String(CHART_TOP + 1));

/**
 * The clients of the window's trips with their figures. The trips are first summed per order (a hash on
 * the order id, and an order's count is then a plain count), then per client name. A client is one
 * however its name was typed (`Dangote Foods Ltd`, `DANGOTE FOODS LTD `), and shows one spelling of its
 * own, the same on every database: the first in byte order (capitals first).
 */
function clientsOf(input: ReportInput) {
  const pending = sql`${invoices.status} = 'PENDING_PAYMENT'`;
  const weight = generalCargoWeight(input.db);
  const perOrder = input.db
    .select({
      orderId: sql<string>`${trips.orderId}`.as('order_id'),
      tripCount: sql<number>`count(*)`.as('trip_count'),
      containers: sql<number>`count(*) FILTER (WHERE ${containerCargo(trips.cargoType)})`.as('containers'),
      truckLoads: sql<number>`count(*) FILTER (WHERE ${generalCargo(trips.cargoType)})`.as('truck_loads'),
      kg: sql<number | null>`sum(${weight.kg})`.as('kg'),
      haulage: sql<number>`sum(${trips.amountKobo})`.as('haulage'),
      outstanding: sql<number | null>`sum(${invoices.amountKobo})`.as('outstanding'),
      firstAward: sql<Date>`min(${trips.createdAt})`.as('first_award'),
      lastAward: sql<Date>`max(${trips.createdAt})`.as('last_award'),
    })
    .from(trips)
    .leftJoinLateral(weight, sql`true`)
    .leftJoin(invoices, and(eq(invoices.tripId, trips.id), pending))
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
 * The summary and the chart in one statement: the clients aggregated once and ranked by haulage cost;
 * then the first ten and `Others` as chart points, and every client together as the grouping set `()`.
 */
export async function salesOverview(input: ReportInput) {
  const perClient = clientsOf(input);
  const ranked = input.db
    .select({
      name: sql<string>`${perClient.name}`.as('name'),
      tripCount: sql<number>`${perClient.tripCount}`.as('trip_count'),
      haulage: sql<number>`${perClient.haulage}`.as('haulage'),
      outstanding: sql<number | null>`${perClient.outstanding}`.as('outstanding'),
      rank: sql<number>`row_number() OVER (ORDER BY ${perClient.haulage} DESC, ${perClient.name}, ${perClient.clientKey})`.as(
        'rank',
      ),
    })
    .from(perClient)
    .as('ranked');
  const bucket = sql`least(${ranked.rank}, ${OTHERS_BUCKET})`;
  const rows = await input.db
    .select({
      whole: sql<number>`grouping(${bucket})`.mapWith(Number),
      client: sql<string>`CASE WHEN ${bucket} = ${OTHERS_BUCKET} THEN 'Others' ELSE min(${ranked.name}) END`,
      clients: sql<number>`count(*)`.mapWith(Number),
      trips: asWhole(sql`sum(${ranked.tripCount})`),
      haulage: asWhole(sql`sum(${ranked.haulage})`),
      outstanding: asWhole(sql`sum(${ranked.outstanding})`),
      averagePerClient: koboPer(sql`sum(${ranked.haulage})`, sql`count(*)`),
    })
    .from(ranked)
    .groupBy(sql`GROUPING SETS ((${bucket}), ())`)
    .orderBy(sql`grouping(${bucket})`, sql`${bucket}`);
  return { totals: rows.find((r) => r.whole === 1)!, byClient: rows.filter((r) => r.whole === 0) };
}

/** A page of the rows, one per client name, with the count of all of them. */
export async function salesRows(input: ReportInput, limit: number, offset: number) {
  const perClient = clientsOf(input);
  return input.db
    .select({
      clientName: sql<string>`${perClient.name}`,
      orders: sql<number>`${perClient.orderCount}`.mapWith(Number),
      trips: sql<number>`${perClient.tripCount}`.mapWith(Number),
      containers: sql<number>`${perClient.containers}`.mapWith(Number),
      truckLoads: sql<number>`${perClient.truckLoads}`.mapWith(Number),
      tonnes: tonnesOf(sql`${perClient.kg}`),
      haulage: asWhole(sql`${perClient.haulage}`),
      share: sql<
        number | null
      >`round(100.0 * ${perClient.haulage} / nullif(sum(${perClient.haulage}) OVER (), 0), 1)`.mapWith(
        numberOrNull,
      ),
      outstanding: asWhole(sql`${perClient.outstanding}`),
      firstAward: sql<Date>`${perClient.firstAward}`.mapWith(trips.createdAt),
      lastAward: sql<Date>`${perClient.lastAward}`.mapWith(trips.createdAt),
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(perClient)
    .orderBy(desc(perClient.haulage), asc(perClient.name), asc(perClient.clientKey))
    .limit(limit)
    .offset(offset);
}
