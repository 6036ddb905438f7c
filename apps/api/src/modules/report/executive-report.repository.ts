import { and, eq, gte, lt, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DAY_MS, reportRangeDays } from '@freightlane/domain';
import { invoices, orders, trips } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { lagosPeriodSql, tripSteps } from './report-sql.repository';
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

/** The raw counts and sums of the quality figures over P (docs/reports.md 1.8). */
const QUALITY_COUNTS = [
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
] as const;

/** Every column a source can give, each stacked as numeric (sums of seconds keep their fractions). */
const FIGURES = [
  'placed',
  'awarded',
  'spend',
  'delivered',
  'containers',
  ...QUALITY_COUNTS,
  'outstanding',
  'overdue',
] as const;
type Figure = (typeof FIGURES)[number];

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * What each source reads over a range, as branches of one union: per Lagos day of the source's own anchor,
 * each day labelled with its period (a month's days then sum into its one row, and every day into the
 * whole range's, in `figuresOf`), or, without a period, over the whole range only. No branch has GROUPING
 * SETS of its own: PostgreSQL spreads a plain grouping over parallel workers, never one with grouping sets.
 * `withOpen` adds the invoices pending now, all dates.
 */
function sources(
  input: ReportInput,
  range: Range,
  period: ReportPeriod | null,
  part: 'activity' | 'quality' | 'all',
  withOpen = false,
) {
  const { db, scope, window } = input;
  const branch = (periodOf: SQL, values: Partial<Record<Figure, SQL>>) => ({
    period: (period ? sql<string | null>`${periodOf}` : sql<string | null>`NULL::text`).as('period'),
    ...(Object.fromEntries(
      FIGURES.map((k) => [k, sql<string>`(${values[k] ?? sql`0`})::numeric`.as(`by_${snake(k)}`)]),
    ) as Record<Figure, SQL.Aliased<string>>),
  });
  const count = sql`count(*)`;

  /**
   * A source's figures over its rows in the range. With a period, one row per Lagos day of the range,
   * each day aggregated over its own range of the anchor's index (no day is computed or grouped per row:
   * a few hundred thousand rows cost half as much), labelled with its period; else one row, the whole
   * range's. Days are 24 hours apart: Lagos keeps no daylight saving (and `+ interval '1 day'` would
   * follow the session's time zone).
   */
  const [fromAt, toAt] = [
    sql`${range.fromAt.toISOString()}::timestamptz`,
    sql`${range.toAt.toISOString()}::timestamptz`,
  ];
  const days = period
    ? sql`(SELECT at, at + interval '24 hours' AS until
        FROM generate_series(${fromAt}, ${toAt} - interval '24 hours', interval '24 hours') AS g(at)) AS day`
    : sql`(SELECT ${fromAt} AS at, ${toAt} AS until) AS day`;
  const source = (
    table: typeof orders | typeof trips | typeof invoices,
    anchor: SQLWrapper,
    scoped: SQL,
    values: Partial<Record<Figure, SQL>>,
  ) => {
    const names = Object.keys(values) as Figure[];
    const ofDay = db
      .select(Object.fromEntries(names.map((k) => [k, sql`${values[k]}`.as(`day_${snake(k)}`)])))
      .from(table)
      .where(and(scoped, gte(anchor, sql`day.at`), lt(anchor, sql`day.until`)))
      .as('of_day');
    return db
      .select(
        branch(
          lagosPeriodSql(sql`day.at`, period ?? 'day'),
          Object.fromEntries(names.map((k) => [k, sql`${ofDay[k]}`])),
        ),
      )
      .from(days)
      .crossJoinLateral(ofDay);
  };

  const placed = source(orders, orders.createdAt, eq(orders.customerCompanyId, scope.companyId), {
    placed: count,
  });
  const awarded = source(trips, trips.createdAt, eq(trips.customerCompanyId, scope.companyId), {
    awarded: count,
  });
  const spent = source(invoices, invoices.createdAt, eq(invoices.customerCompanyId, scope.companyId), {
    spend: sql`coalesce(sum(${invoices.amountKobo}) FILTER (WHERE ${invoices.status} <> 'VOID'), 0)`,
  });
  // Delivered in range: the live DELIVERED log's time (a trip cancelled after delivery still moved).
  const delivered = source(trips, tripSteps.deliveredAt, eq(trips.customerCompanyId, scope.companyId), {
    delivered: count,
    containers: sql`count(*) FILTER (WHERE ${trips.cargoType} <> 'GENERAL_CARGO')`,
  });

  const m = measuredTrips(
    db,
    and(
      eq(trips.customerCompanyId, scope.companyId),
      gte(trips.pickupDate, range.from),
      lte(trips.pickupDate, range.to),
    ),
    window.now,
  );
  // pickup_date is already a Lagos calendar date: its period is its own text, written once per date.
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
  if (period) quality.groupBy(m.pickupDate);

  const activity = placed.unionAll(awarded).unionAll(spent).unionAll(delivered);
  if (part === 'quality') return quality;
  const all = part === 'all' ? activity.unionAll(quality) : activity;
  if (!withOpen) return all;
  // The invoices pending now, in two branches that split them at `now` by due date (never null): each is
  // one range of the customer's pending invoices by due date, read off that index alone, where one branch
  // over all of them would read every pending invoice's row.
  const now = sql`${window.now.toISOString()}::timestamptz`;
  const pending = (due: SQL, values: Partial<Record<Figure, SQL>>) =>
    db
      .select(branch(sql`NULL`, values))
      .from(invoices)
      .where(
        and(eq(invoices.customerCompanyId, scope.companyId), eq(invoices.status, 'PENDING_PAYMENT'), due),
      );
  const amount = sql`coalesce(sum(${invoices.amountKobo}), 0)`;
  const overdue = pending(sql`${invoices.dueAt} < ${now}`, { outstanding: amount, overdue: amount });
  const notYetDue = pending(sql`${invoices.dueAt} >= ${now}`, { outstanding: amount });
  return all.unionAll(overdue).unionAll(notYetDue);
}

/**
 * The sources' branches summed per period and, with `byPeriod`, over the whole range too (its row has a
 * null period), as figures. A source with no row in the range sums to 0.
 */
async function figuresOf(input: ReportInput, stacked: ReturnType<typeof sources>, byPeriod: boolean) {
  const s = stacked.as('stacked');
  const total = (k: Figure) => sql`coalesce(sum(${s[k]}), 0)`;
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
    .groupBy(byPeriod ? sql`GROUPING SETS ((${s.period}), ())` : s.period);
}

export type ExecutiveFigures = Awaited<ReturnType<typeof figuresOf>>[number];

/** The figures a row takes from the quality source (P(range)); every other one is an activity's. */
const QUALITY_FIELDS = [
  'onTimePickup',
  'onTimeDelivery',
  'averageTransit',
  'issueRate',
  'documentCompleteness',
  ...QUALITY_COUNTS,
] as const satisfies readonly (keyof ExecutiveFigures)[];

/**
 * The report's range: one row per period that has any figure, and the whole range's row (null period).
 * The trips of the range are measured once here, for the table, the chart and the summary alike. The
 * quality figures are their own statement: alone, its pass over P(range) (the largest by far) can be
 * spread over parallel workers while the other sources run beside it. Each period's row then takes its
 * quality figures from the one and every other figure from the other (a source without the period has
 * its zeros and N/A there).
 */
export async function executiveByPeriod(input: ReportInput): Promise<ExecutiveFigures[]> {
  const { window } = input;
  const range = { from: window.from, to: window.to, fromAt: window.fromAt, toAt: window.toAt };
  const [activity, quality] = await Promise.all([
    figuresOf(input, sources(input, range, window.period, 'activity'), true),
    figuresOf(input, sources(input, range, window.period, 'quality'), true),
  ]);
  const byPeriod = (rows: ExecutiveFigures[]) => new Map(rows.map((r) => [r.period, r]));
  const [activityOf, qualityOf] = [byPeriod(activity), byPeriod(quality)];
  return [...new Set([...activityOf.keys(), ...qualityOf.keys()])].map((period) => {
    const a = activityOf.get(period);
    const q = qualityOf.get(period);
    const measured = (q ?? a)!;
    return {
      ...(a ?? q)!,
      ...(Object.fromEntries(QUALITY_FIELDS.map((k) => [k, measured[k]])) as Pick<
        ExecutiveFigures,
        (typeof QUALITY_FIELDS)[number]
      >),
    };
  });
}

/** The previous range's figures as one row, with the invoices pending now (all dates). */
export async function executivePrevious(input: ReportInput) {
  const [row] = await figuresOf(input, sources(input, previousRange(input), null, 'all', true), false);
  return row!;
}
