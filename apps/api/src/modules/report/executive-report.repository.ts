import { and, eq, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { DAY_MS, reportRangeDays } from '@freightlane/domain';
import { invoices, orders, trips, tripStatusLogs } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { lagosPeriodSql } from './report-sql.repository';
import type { ReportPeriod } from './report-window';
import {
  measuredTrips,
  meanHoursSql,
  nullableNumber,
  percentSql,
  qualityCounts,
} from './kpi-report.repository';

/** A range of Lagos dates and its instants: fromAt ≤ ts < toAt. */
interface Range {
  from: string;
  to: string;
  fromAt: Date;
  toAt: Date;
}

/**
 * The range before the report's: as many days, ending the day before `from` (docs/reports.md 2.2). Lagos
 * has no daylight saving, so its instants are the report's moved back by whole days.
 */
export function previousRange({ window }: ReportInput): Range {
  const days = reportRangeDays(window.from, window.to);
  const shift = (date: string, by: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + by * DAY_MS).toISOString().slice(0, 10);
  return {
    from: shift(window.from, -days),
    to: shift(window.from, -1),
    fromAt: new Date(window.fromAt.getTime() - days * DAY_MS),
    toAt: window.fromAt,
  };
}

/** Every column a source can give, each stacked as numeric (sums of seconds keep their fractions). */
const FIGURES = [
  'placed',
  'awarded',
  'spend',
  'delivered',
  'containers',
  'trips',
  'pickupOnTime',
  'pickupJudged',
  'deliveryOnTime',
  'deliveryJudged',
  'transitTotal',
  'transitMeasured',
  'withIssue',
  'documentsPresent',
  'documentsExpected',
  'outstanding',
  'overdue',
] as const;
type Figure = (typeof FIGURES)[number];

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * What each source reads over a range, as branches of one union: grouped by the Lagos period of the
 * source's own anchor and over the whole range (GROUPING SETS; the whole range's row has a null period),
 * or, without a period, over the whole range only. `withOpen` adds the invoices pending now, all dates.
 */
function sources(input: ReportInput, range: Range, period: ReportPeriod | null, withOpen = false) {
  const { db, scope, window } = input;
  const branch = (periodOf: SQL, values: Partial<Record<Figure, SQL>>) => ({
    period: (period ? sql<string | null>`${periodOf}` : sql<string | null>`NULL::text`).as('period'),
    ...(Object.fromEntries(
      FIGURES.map((k) => [k, sql<string>`(${values[k] ?? sql`0`})::numeric`.as(`by_${snake(k)}`)]),
    ) as Record<Figure, SQL.Aliased<string>>),
  });
  const grouped = (periodOf: SQL) => sql`GROUPING SETS ((${periodOf}), ())`;
  const count = sql`count(*)`;
  const periodOf = (at: Parameters<typeof lagosPeriodSql>[0]) => lagosPeriodSql(at, period ?? 'day');

  const orderPeriod = periodOf(orders.createdAt);
  const placed = db
    .select(branch(orderPeriod, { placed: count }))
    .from(orders)
    .where(
      and(
        eq(orders.customerCompanyId, scope.companyId),
        gte(orders.createdAt, range.fromAt),
        lt(orders.createdAt, range.toAt),
      ),
    )
    .$dynamic();
  if (period) placed.groupBy(grouped(orderPeriod));

  const awardPeriod = periodOf(trips.createdAt);
  const awarded = db
    .select(branch(awardPeriod, { awarded: count }))
    .from(trips)
    .where(
      and(
        eq(trips.customerCompanyId, scope.companyId),
        gte(trips.createdAt, range.fromAt),
        lt(trips.createdAt, range.toAt),
      ),
    )
    .$dynamic();
  if (period) awarded.groupBy(grouped(awardPeriod));

  const invoicePeriod = periodOf(invoices.createdAt);
  const spent = db
    .select(
      branch(invoicePeriod, {
        spend: sql`coalesce(sum(${invoices.amountKobo}) FILTER (WHERE ${invoices.status} <> 'VOID'), 0)`,
      }),
    )
    .from(invoices)
    .where(
      and(
        eq(invoices.customerCompanyId, scope.companyId),
        gte(invoices.createdAt, range.fromAt),
        lt(invoices.createdAt, range.toAt),
      ),
    )
    .$dynamic();
  if (period) spent.groupBy(grouped(invoicePeriod));

  // Delivered in range: the live DELIVERED log's time (a trip cancelled after delivery still moved).
  const deliveryPeriod = periodOf(tripStatusLogs.at);
  const delivered = db
    .select(
      branch(deliveryPeriod, {
        delivered: count,
        containers: sql`count(*) FILTER (WHERE ${trips.cargoType} <> 'GENERAL_CARGO')`,
      }),
    )
    .from(tripStatusLogs)
    .innerJoin(trips, eq(trips.id, tripStatusLogs.tripId))
    .where(
      and(
        eq(tripStatusLogs.status, 'DELIVERED'),
        isNull(tripStatusLogs.undoneAt),
        gte(tripStatusLogs.at, range.fromAt),
        lt(tripStatusLogs.at, range.toAt),
        eq(trips.customerCompanyId, scope.companyId),
      ),
    )
    .$dynamic();
  if (period) delivered.groupBy(grouped(deliveryPeriod));

  const m = measuredTrips(
    db,
    and(
      eq(trips.customerCompanyId, scope.companyId),
      gte(trips.pickupDate, range.from),
      lte(trips.pickupDate, range.to),
    ),
    window.now,
  );
  // pickup_date is already a Lagos calendar date: its period is its own text.
  const format = period === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const pickupPeriod = sql`to_char(${m.pickupDate}, ${sql.raw(`'${format}'`)})`;
  const q = qualityCounts(m);
  const quality = db
    .select(
      branch(pickupPeriod, {
        trips: q.trips,
        pickupOnTime: q.pickupOnTime,
        pickupJudged: q.pickupJudged,
        deliveryOnTime: q.deliveryOnTime,
        deliveryJudged: q.deliveryJudged,
        transitTotal: q.transitTotal,
        transitMeasured: q.transitMeasured,
        withIssue: q.withIssue,
        documentsPresent: q.documentsPresent,
        documentsExpected: q.documentsExpected,
      }),
    )
    .from(m)
    .$dynamic();
  if (period) quality.groupBy(grouped(pickupPeriod));

  const all = placed.unionAll(awarded).unionAll(spent).unionAll(delivered).unionAll(quality);
  if (!withOpen) return all;
  const open = db
    .select(
      branch(sql`NULL`, {
        outstanding: sql`coalesce(sum(${invoices.amountKobo}), 0)`,
        overdue: sql`coalesce(sum(${invoices.amountKobo}) FILTER (WHERE ${invoices.dueAt} < ${window.now.toISOString()}::timestamptz), 0)`,
      }),
    )
    .from(invoices)
    .where(and(eq(invoices.customerCompanyId, scope.companyId), eq(invoices.status, 'PENDING_PAYMENT')));
  return all.unionAll(open);
}

/** The sources' branches summed per period (the whole range's row has a null period), as figures. */
async function figuresOf(input: ReportInput, stacked: ReturnType<typeof sources>) {
  const s = stacked.as('stacked');
  const total = (k: Figure) => sql`sum(${s[k]})`;
  const raw = (k: Figure) => sql<number>`${total(k)}`.mapWith(Number);
  const c = Object.fromEntries(FIGURES.map((k) => [k, total(k)])) as Record<Figure, SQL>;
  return input.db
    .select({
      period: s.period,
      ordersPlaced: raw('placed'),
      tripsAwarded: raw('awarded'),
      spend: raw('spend'),
      tripsDelivered: raw('delivered'),
      containersMoved: raw('containers'),
      onTimePickup: percentSql(c.pickupOnTime, c.pickupJudged),
      onTimeDelivery: percentSql(c.deliveryOnTime, c.deliveryJudged),
      averageTransit: meanHoursSql(c.transitTotal, c.transitMeasured),
      issueRate: percentSql(c.withIssue, c.trips),
      documentCompleteness: percentSql(c.documentsPresent, c.documentsExpected),
      // The raw parts, for the changes against the previous range.
      trips: raw('trips'),
      pickupOnTime: raw('pickupOnTime'),
      pickupJudged: raw('pickupJudged'),
      deliveryOnTime: raw('deliveryOnTime'),
      deliveryJudged: raw('deliveryJudged'),
      transitTotal: sql<number>`${c.transitTotal}`.mapWith(nullableNumber),
      transitMeasured: raw('transitMeasured'),
      withIssue: raw('withIssue'),
      documentsPresent: raw('documentsPresent'),
      documentsExpected: raw('documentsExpected'),
      outstandingNow: raw('outstanding'),
      overdueNow: raw('overdue'),
    })
    .from(s)
    .groupBy(s.period);
}

export type ExecutiveFigures = Awaited<ReturnType<typeof figuresOf>>[number];

/**
 * The report's range: one row per period that has any figure, and the whole range's row (null period).
 * The trips of the range are measured once here, for the table, the chart and the summary alike.
 */
export function executiveByPeriod(input: ReportInput) {
  const { window } = input;
  const range = { from: window.from, to: window.to, fromAt: window.fromAt, toAt: window.toAt };
  return figuresOf(input, sources(input, range, window.period));
}

/** The previous range's figures as one row, with the invoices pending now (all dates). */
export async function executivePrevious(input: ReportInput) {
  const [row] = await figuresOf(input, sources(input, previousRange(input), null, true));
  return row!;
}
