import { and, eq, gte, isNull, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { companies, tripDocuments, tripIssues, trips, tripStatusLogs } from '../../db/schema';
import type { ReportInput } from './report-definition';
import { lagosDateSql } from './report-sql.repository';

/** A number from the driver (numeric and bigint arrive as text), null kept as N/A. */
export function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** `round(100.0 × part / whole, 1)`, N/A over a zero whole (docs/reports.md 1.5). */
export function percentSql(part: SQLWrapper, whole: SQLWrapper): SQL<number | null> {
  return sql<number | null>`round(100.0 * (${part}) / nullif(${whole}, 0), 1)`.mapWith(nullableNumber);
}

/**
 * The step times of a trip (docs/reports.md 1.8) as one lateral aggregate over its live logs: an undone log
 * is never read, and the live-log unique index allows one live log per status, so `min` is that log. Join
 * it `ON true` to a query over `trips`; it runs once per trip of that query, through the logs' trip index.
 */
export function liveStepTimes(db: Executor) {
  const log = alias(tripStatusLogs, 'step_log');
  const at = (statuses: string) =>
    sql<Date | null>`min(${log.at}) FILTER (WHERE ${log.status} IN (${sql.raw(statuses)}))`.mapWith(log.at);
  return db
    .select({
      startedAt: at(`'STARTED'`).as('started_at'),
      arrivedPickupAt: at(`'AT_PICKUP_LOCATION', 'AT_WAREHOUSE_LOCATION'`).as('arrived_pickup_at'),
      loadedAt: at(`'LOADED'`).as('loaded_at'),
      arrivedDeliveryAt: at(`'AT_DELIVERY_LOCATION', 'AT_DROP_OFF_LOCATION'`).as('arrived_delivery_at'),
      deliveredAt: at(`'DELIVERED'`).as('delivered_at'),
      emptyDroppedAt: at(`'EMPTY_DROP_OFF'`).as('empty_dropped_at'),
    })
    .from(log)
    .where(and(eq(log.tripId, trips.id), isNull(log.undoneAt)))
    .as('steps');
}

export type StepTimes = ReturnType<typeof liveStepTimes>;

/** Which document kinds a trip holds (a kind is present with at least one row of it), and how many in all. */
export function documentKinds(db: Executor) {
  const document = alias(tripDocuments, 'trip_document');
  const has = (kind: string) =>
    sql<boolean>`coalesce(bool_or(${document.kind} = ${sql.raw(`'${kind}'`)}), false)`;
  return db
    .select({
      documents: sql<number>`count(*)`.mapWith(Number).as('document_count'),
      waybill: has('WAYBILL').as('has_waybill'),
      deliveryOrder: has('TERMINAL_DELIVERY_ORDER').as('has_delivery_order'),
      proofOfDelivery: has('PROOF_OF_DELIVERY').as('has_proof_of_delivery'),
      interchange: has('EQUIPMENT_INTERCHANGE_RECEIPT').as('has_interchange'),
    })
    .from(document)
    .where(eq(document.tripId, trips.id))
    .as('docs');
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
 * aggregated by the caller: the lateral reads run only for these trips. `now` decides what is late.
 */
export function measuredTrips(db: Executor, where: SQL | undefined, now: Date) {
  const steps = liveStepTimes(db);
  const docs = documentKinds(db);
  const today = lagosDateSql(now);
  const expected = expectedKinds(steps);
  const kinds = ['waybill', 'deliveryOrder', 'proofOfDelivery', 'interchange'] as const;
  const expectedCount = sql.join(
    kinds.map((k) => sql`(${expected[k]})::int`),
    sql` + `,
  );
  const presentCount = sql.join(
    kinds.map((k) => sql`(${expected[k]} AND ${docs[k]})::int`),
    sql` + `,
  );
  return db
    .select({
      transporterCompanyId: trips.transporterCompanyId,
      pickupDate: trips.pickupDate,
      cancelled: sql<boolean>`${trips.cancelledAt} IS NOT NULL`.as('is_cancelled'),
      delivered: sql<boolean>`${steps.deliveredAt} IS NOT NULL`.as('is_delivered'),
      pickup: pickupVerdictSql(steps, today).as('pickup_verdict'),
      delivery: deliveryVerdictSql(steps, today).as('delivery_verdict'),
      transitSeconds: measuredSecondsSql(steps.loadedAt, steps.deliveredAt).as('transit_seconds'),
      hasIssue:
        sql<boolean>`EXISTS (SELECT 1 FROM ${tripIssues} WHERE ${tripIssues.tripId} = ${trips.id})`.as(
          'has_issue',
        ),
      documentsExpected: sql<number>`${expectedCount}`.as('documents_expected'),
      documentsPresent: sql<number>`${presentCount}`.as('documents_present'),
    })
    .from(trips)
    .leftJoinLateral(steps, sql`true`)
    .leftJoinLateral(docs, sql`true`)
    .where(where)
    .as('measured');
}

export type MeasuredTrips = ReturnType<typeof measuredTrips>;

/**
 * The raw aggregates behind the quality figures (docs/reports.md 1.8) over the measured trips, leaving out
 * the cancelled ones: P never holds a cancelled trip. Sums and counts only, so groups of them pool into
 * larger ones (each transporter's into the whole, the rest into Others, each period's into the range).
 */
export function qualityCounts(m: MeasuredTrips) {
  const inP = sql`NOT ${m.cancelled}`;
  const count = (filter: SQL) => sql`count(*) FILTER (WHERE ${inP} AND ${filter})`;
  return {
    trips: sql`count(*) FILTER (WHERE ${inP})`,
    delivered: count(sql`${m.delivered}`),
    pickupOnTime: count(sql`${m.pickup} = 'ON_TIME'`),
    pickupJudged: count(sql`${m.pickup} IN ('ON_TIME', 'LATE')`),
    deliveryOnTime: count(sql`${m.delivery} = 'ON_TIME'`),
    deliveryJudged: count(sql`${m.delivery} IN ('ON_TIME', 'LATE')`),
    noTarget: count(sql`${m.delivery} = 'NO_TARGET'`),
    transitTotal: sql`coalesce(sum(${m.transitSeconds}) FILTER (WHERE ${inP}), 0)`,
    transitMeasured: count(sql`${m.transitSeconds} IS NOT NULL`),
    withIssue: count(sql`${m.hasIssue}`),
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
 * Every figure of the KPI report in one statement, so the trips of P are measured once per request (their
 * lateral reads are the cost): the customer's trips picked up in the range are measured and grouped per
 * transporter, and from those groups come the table's rows (`row`, in the table's order), the pooled
 * figures of the whole (`total`), and the chart's points (`chart`: the first ten by trips, then Others
 * recomputed over the rest).
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
  const per = db.$with('per_transporter').as(
    db
      .select({
        name: sql<string>`${companies.name}`.as('transporter_name'),
        ...(Object.fromEntries(names.map((k) => [k, counts[k].as(`per_${snake(k)}`)])) as Record<
          keyof typeof counts,
          SQL.Aliased<number>
        >),
        cancelled: sql<number>`count(*) FILTER (WHERE ${m.cancelled})`.as('per_cancelled'),
        rank: sql<number>`row_number() OVER (ORDER BY ${counts.trips} DESC, ${companies.name},
          ${m.transporterCompanyId})`.as('per_rank'),
      })
      .from(m)
      .innerJoin(companies, eq(companies.id, m.transporterCompanyId))
      .groupBy(m.transporterCompanyId, companies.name),
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
    .from(per)
    .where(inP);
  const total = db
    .select(
      shape(
        'total',
        sql`0`,
        sql`NULL`,
        pooled((c) => sql`sum(${c})`),
        {
          cancelled: sql`sum(${per.cancelled})`,
          transporters: sql`count(*) FILTER (WHERE ${inP})`,
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
