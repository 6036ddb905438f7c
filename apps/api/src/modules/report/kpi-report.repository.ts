import { and, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, trips } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { measuredMicros } from './operation-report.repository';
import { lagosDateSql, tripSteps, type StepTimes } from './report-sql.repository';

/** A number from the driver (numeric and bigint arrive as text), null kept as N/A. */
export function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** `round(100.0 × part / whole, 1)`, N/A over a zero whole (docs/reports.md 1.5). */
export function percentSql(part: SQLWrapper, whole: SQLWrapper): SQL<number | null> {
  return sql<number | null>`round(100.0 * (${part}) / nullif(${whole}, 0), 1)`.mapWith(nullableNumber);
}

/**
 * On-time pickup of a trip (docs/reports.md 1.8): ON_TIME or LATE once it arrived, by the Lagos day of
 * arrival against the pickup date; LATE without an arrival once the pickup date has passed; else PENDING.
 */
export function pickupVerdictSql(steps: StepTimes, today: SQL): SQL<string> {
  return sql<string>`CASE
    WHEN ${steps.arrivedPickupAt} IS NOT NULL THEN
      CASE WHEN ${lagosDateSql(steps.arrivedPickupAt)} <= ${trips.pickupDate} THEN 'ON_TIME' ELSE 'LATE' END
    WHEN ${trips.pickupDate} < ${today} THEN 'LATE'
    ELSE 'PENDING' END`;
}

/**
 * On-time delivery of a trip (docs/reports.md 1.8) against the transporter's expected delivery date:
 * NO_TARGET without one; ON_TIME or LATE once delivered; LATE undelivered past it; else PENDING.
 */
export function deliveryVerdictSql(steps: StepTimes, today: SQL): SQL<string> {
  return sql<string>`CASE
    WHEN ${trips.expectedDeliveryDate} IS NULL THEN 'NO_TARGET'
    WHEN ${steps.deliveredAt} IS NOT NULL THEN
      CASE WHEN ${lagosDateSql(steps.deliveredAt)} <= ${trips.expectedDeliveryDate} THEN 'ON_TIME' ELSE 'LATE' END
    WHEN ${trips.expectedDeliveryDate} < ${today} THEN 'LATE'
    ELSE 'PENDING' END`;
}

/** Seconds from `from` to `to` when both exist and the difference is not negative (measured), else null. */
export function measuredSecondsSql(from: SQLWrapper, to: SQLWrapper): SQL<number | null> {
  return sql<number | null>`CASE WHEN ${to} >= ${from} THEN extract(epoch FROM (${to} - ${from})) END`;
}

/** The document kind behind each expectation of document completeness. */
const DOCUMENT_KINDS = {
  waybill: sql.raw(`'WAYBILL'`),
  deliveryOrder: sql.raw(`'TERMINAL_DELIVERY_ORDER'`),
  proofOfDelivery: sql.raw(`'PROOF_OF_DELIVERY'`),
  interchange: sql.raw(`'EQUIPMENT_INTERCHANGE_RECEIPT'`),
};

/**
 * The expected document kinds of a trip (docs/reports.md 1.8), as SQL booleans; PHOTO and OTHER never are.
 */
function expectedKinds(steps: StepTimes) {
  const cargo = trips.cargoType;
  return {
    waybill: sql`${steps.loadedAt} IS NOT NULL`,
    deliveryOrder: sql`(${cargo} IN ('IMPORT_SHIPPER_OWNED', 'IMPORT_LINER_OWNED') AND ${steps.loadedAt} IS NOT NULL)`,
    proofOfDelivery: sql`${steps.deliveredAt} IS NOT NULL`,
    interchange: sql`((${cargo} = 'IMPORT_LINER_OWNED' AND ${steps.emptyDroppedAt} IS NOT NULL)
      OR (${cargo} IN ('EMPTY_CONTAINER', 'EXPORT') AND ${steps.deliveredAt} IS NOT NULL))`,
  };
}

/**
 * Every quality measure of each trip matching `where` (docs/reports.md 1.8), one row per trip, to be
 * aggregated by the caller; every measure is read off the trip's own row. `now` decides what is late. The
 * verdicts come as the flags the figures count (PENDING is neither on time nor judged), each a cheap test:
 * PostgreSQL inlines the subquery into the aggregates (and so can spread the scan over parallel workers).
 */
export function measuredTrips(db: Executor, where: SQL | undefined, now: Date) {
  const steps = tripSteps;
  const today = lagosDateSql(now);
  const expected = expectedKinds(steps);
  const kinds = ['waybill', 'deliveryOrder', 'proofOfDelivery', 'interchange'] as const;
  // expectedKinds counted with one test of the cargo type: the same rule, at a fraction of the cost over
  // hundreds of thousands of trips.
  const loaded = sql`(${steps.loadedAt} IS NOT NULL)::int`;
  const delivered = sql`(${steps.deliveredAt} IS NOT NULL)::int`;
  const expectedCount = sql`${loaded} + ${delivered} + CASE ${trips.cargoType}
    WHEN 'IMPORT_SHIPPER_OWNED' THEN ${loaded}
    WHEN 'IMPORT_LINER_OWNED' THEN ${loaded} + (${steps.emptyDroppedAt} IS NOT NULL)::int
    WHEN 'EMPTY_CONTAINER' THEN ${delivered}
    WHEN 'EXPORT' THEN ${delivered}
    ELSE 0 END`;
  // A trip without documents has none of the expected ones, and most trips in a range have none yet.
  const presentCount = sql`CASE WHEN cardinality(${trips.documentKinds}) = 0 THEN 0 ELSE ${sql.join(
    kinds.map((k) => sql`(${expected[k]} AND ${DOCUMENT_KINDS[k]} = ANY(${trips.documentKinds}))::int`),
    sql` + `,
  )} END`;
  const target = trips.expectedDeliveryDate;
  return db
    .select({
      transporterCompanyId: trips.transporterCompanyId,
      pickupDate: trips.pickupDate,
      cancelled: sql<boolean>`${trips.cancelledAt} IS NOT NULL`.as('is_cancelled'),
      delivered: sql<boolean>`${steps.deliveredAt} IS NOT NULL`.as('is_delivered'),
      // The verdicts of pickupVerdictSql and deliveryVerdictSql, as the flags the figures count.
      pickupOnTime:
        sql<boolean>`coalesce(${lagosDateSql(steps.arrivedPickupAt)} <= ${trips.pickupDate}, false)`.as(
          'pickup_on_time',
        ),
      pickupJudged: sql<boolean>`(${steps.arrivedPickupAt} IS NOT NULL OR ${trips.pickupDate} < ${today})`.as(
        'pickup_judged',
      ),
      deliveryOnTime: sql<boolean>`coalesce(${lagosDateSql(steps.deliveredAt)} <= ${target}, false)`.as(
        'delivery_on_time',
      ),
      deliveryJudged: sql<boolean>`(${target} IS NOT NULL
        AND (${steps.deliveredAt} IS NOT NULL OR ${target} < ${today}))`.as('delivery_judged'),
      noTarget: sql<boolean>`${target} IS NULL`.as('no_target'),
      transitMicros: measuredMicros(steps.loadedAt, steps.deliveredAt).as('transit_micros'),
      hasIssue: sql<boolean>`${trips.issueCount} > 0`.as('has_issue'),
      documentsExpected: sql<number>`${expectedCount}`.as('documents_expected'),
      documentsPresent: sql<number>`${presentCount}`.as('documents_present'),
    })
    .from(trips)
    .where(where)
    .as('measured');
}

export type MeasuredTrips = ReturnType<typeof measuredTrips>;

/**
 * The raw aggregates behind the quality figures (docs/reports.md 1.8) over the measured trips, leaving out
 * the cancelled ones: P never holds a cancelled trip. Sums and counts only, so groups of them pool into
 * larger ones (each transporter's into the whole, the rest into Others, each period's into the range).
 * The transit total is in seconds, exact (a numeric from whole microseconds).
 */
export function qualityCounts(m: MeasuredTrips) {
  const inP = sql`NOT ${m.cancelled}`;
  const count = (flag: SQLWrapper) => sql`count(*) FILTER (WHERE ${inP} AND ${flag})`;
  return {
    trips: sql`count(*) FILTER (WHERE ${inP})`,
    delivered: count(m.delivered),
    pickupOnTime: count(m.pickupOnTime),
    pickupJudged: count(m.pickupJudged),
    deliveryOnTime: count(m.deliveryOnTime),
    deliveryJudged: count(m.deliveryJudged),
    noTarget: count(m.noTarget),
    transitTotal: sql`coalesce(sum(${m.transitMicros}) FILTER (WHERE ${inP}), 0) / 1000000.0`,
    transitMeasured: sql`count(${m.transitMicros}) FILTER (WHERE ${inP})`,
    withIssue: count(m.hasIssue),
    documentsPresent: sql`coalesce(sum(${m.documentsPresent}) FILTER (WHERE ${inP}), 0)`,
    documentsExpected: sql`coalesce(sum(${m.documentsExpected}) FILTER (WHERE ${inP}), 0)`,
  };
}

export type QualityCounts = Record<keyof ReturnType<typeof qualityCounts>, SQLWrapper>;

/** Hours with one decimal from seconds summed over `measured` trips: their mean, rounded once at the end. */
export function meanHoursSql(totalSeconds: SQLWrapper, measured: SQLWrapper): SQL<number | null> {
  return sql<number | null>`round(((${totalSeconds}) / nullif(${measured}, 0) / 3600)::numeric, 1)`.mapWith(
    nullableNumber,
  );
}

/** The quality figures (docs/reports.md 1.8) from their raw aggregates, as the reports show them. */
export function qualityFigures(c: QualityCounts) {
  return {
    trips: sql<number>`${c.trips}`.mapWith(Number),
    delivered: sql<number>`${c.delivered}`.mapWith(Number),
    onTimePickup: percentSql(c.pickupOnTime, c.pickupJudged),
    onTimeDelivery: percentSql(c.deliveryOnTime, c.deliveryJudged),
    noTarget: sql<number>`${c.noTarget}`.mapWith(Number),
    averageTransit: meanHoursSql(c.transitTotal, c.transitMeasured),
    issueRate: percentSql(c.withIssue, c.trips),
    documentCompleteness: percentSql(c.documentsPresent, c.documentsExpected),
  };
}

/** Figures named after their keys, so a query over them as a subquery reads them back by name. */
function aliasedFigures<T extends Record<string, SQL>>(figures: T) {
  return Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v.as(k)])) as {
    [K in keyof T]: SQL.Aliased<T[K] extends SQL<infer V> ? V : never>;
  };
}

/** Transporters a chart names before it groups the rest as Others (docs/reports.md 1.2). */
const CHART_TOP = 10;

/**
 * Every figure of the KPI report in one statement, so the trips of P are measured once per request: the
 * customer's trips picked up in the range are measured and grouped per transporter, and from those groups
 * come the table's rows (`row`, in the table's order: every transporter with a trip picked up in the
 * range, so one whose only trips were cancelled still shows them), the pooled figures of the whole
 * (`total`, the sum of the rows), and the chart's points (`chart`: the transporters with a trip in P, the
 * first ten by trips, then Others recomputed over the rest).
 */
export async function kpiFigures(input: ReportInput) {
  const { db, scope, window } = input;
  const m = measuredTrips(
    db,
    and(
      eq(trips.customerCompanyId, scope.companyId),
      gte(trips.pickupDate, window.from),
      lte(trips.pickupDate, window.to),
    ),
    window.now,
  );
  const counts = qualityCounts(m);
  const names = Object.keys(counts) as (keyof typeof counts)[];
  const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  // Grouped by the transporter's id alone; the few groups are then named, so no trip row is joined.
  const grouped = db
    .select({
      transporterId: sql<string>`${m.transporterCompanyId}`.as('transporter_id'),
      ...(Object.fromEntries(names.map((k) => [k, counts[k].as(`per_${snake(k)}`)])) as Record<
        keyof typeof counts,
        SQL.Aliased<number>
      >),
      cancelled: sql<number>`count(*) FILTER (WHERE ${m.cancelled})`.as('per_cancelled'),
    })
    .from(m)
    .groupBy(m.transporterCompanyId)
    .as('grouped');
  const per = db.$with('per_transporter').as(
    db
      .select({
        name: sql<string>`${companies.name}`.as('transporter_name'),
        ...(Object.fromEntries(names.map((k) => [k, grouped[k]])) as Record<
          keyof typeof counts,
          SQL.Aliased<number>
        >),
        cancelled: grouped.cancelled,
        rank: sql<number>`row_number() OVER (ORDER BY ${grouped.trips} DESC, ${companies.name},
          ${grouped.transporterId})`.as('per_rank'),
      })
      .from(grouped)
      .innerJoin(companies, eq(companies.id, grouped.transporterId)),
  );
  const pooled = (combine: (column: SQLWrapper) => SQL) =>
    Object.fromEntries(names.map((k) => [k, combine(per[k])])) as unknown as QualityCounts;
  const inP = sql`${per.trips} > 0`;
  const slot = sql`least(${per.rank}, ${sql.raw(String(CHART_TOP + 1))})`;
  const shape = (
    kind: string,
    order: SQL,
    transporter: SQL,
    c: QualityCounts,
    extra: { cancelled: SQL; transporters: SQL },
  ) => ({
    kind: sql<string>`${sql.raw(`'${kind}'`)}`.as('kind'),
    position: sql<number>`${order}`.mapWith(Number).as('position'),
    transporter: sql<string | null>`${transporter}`.as('transporter'),
    ...aliasedFigures(qualityFigures(c)),
    cancelled: sql<number>`${extra.cancelled}`.mapWith(Number).as('cancelled'),
    transporters: sql<number>`${extra.transporters}`.mapWith(Number).as('transporters'),
  });
  const rows = db
    .select(
      shape(
        'row',
        sql`${per.rank}`,
        sql`${per.name}`,
        pooled((c) => sql`${c}`),
        {
          cancelled: sql`${per.cancelled}`,
          transporters: sql`1`,
        },
      ),
    )
    .from(per);
  const total = db
    .select(
      shape(
        'total',
        sql`0`,
        sql`NULL`,
        pooled((c) => sql`sum(${c})`),
        {
          cancelled: sql`sum(${per.cancelled})`,
          transporters: sql`count(*)`,
        },
      ),
    )
    .from(per);
  const chart = db
    .select(
      shape(
        'chart',
        slot,
        sql`CASE WHEN ${slot} <= ${sql.raw(String(CHART_TOP))} THEN min(${per.name}) ELSE 'Others' END`,
        pooled((c) => sql`sum(${c})`),
        { cancelled: sql`sum(${per.cancelled})`, transporters: sql`count(*)` },
      ),
    )
    .from(per)
    .where(inP)
    .groupBy(slot);
  // Every branch reads the CTE, so it heads the whole statement, above the union.
  const lines = rows.unionAll(total).unionAll(chart).as('kpi_lines');
  return db.with(per).select().from(lines).orderBy(lines.kind, lines.position);
}
