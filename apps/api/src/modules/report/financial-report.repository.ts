import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { CARGO_TYPES } from '@freightlane/domain';
import { companies, invoices } from '../../db/schema';
import type { ReportInput } from './report-definition';
import type { ReportPeriod } from './report-window';
import { lagosDateSql } from './report-sql.repository';

/** The invoices a financial report counts: the customer's, raised in the window. */
function inWindow({ scope, window }: ReportInput) {
  return and(
    eq(invoices.customerCompanyId, scope.companyId),
    gte(invoices.createdAt, window.fromAt),
    lt(invoices.createdAt, window.toAt),
  );
}

/**
 * The label of the report period (docs/reports.md 1.4) of a Lagos calendar date. The invoices are summed
 * per Lagos date first, a cheap cast per invoice, and only the few summed days get a text label.
 */
function periodOfDay(day: SQL, period: ReportPeriod): SQL<string> {
  const format = period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  return sql<string>`to_char((${day})::timestamp, ${sql.raw(`'${format}'`)})`;
}

/** The figures of `partialFigures`, under the names they have there. */
const FIGURE_NAMES = {
  invoices: 'invoices',
  voidedInvoices: 'voided_invoices',
  nonVoid: 'non_void',
  spend: 'spend',
  paid: 'paid',
  outstanding: 'outstanding',
  overdue: 'overdue',
  voided: 'voided',
} as const;

type FigureKey = keyof typeof FIGURE_NAMES;

const sumOf = (key: FigureKey) => sql<number>`coalesce(sum(${sql.identifier(FIGURE_NAMES[key])}), 0)::bigint`;

/**
 * The figures of a set of invoices (docs/reports.md 2.1), `now` deciding what is overdue, as counts and
 * sums that add up again over any grouping of the sets. A voided invoice stays in the books: it is counted
 * among the invoices and among the voided ones, and its amount is in Voided, never in Spend.
 */
function partialFigures(now: Date) {
  const amount = invoices.amountKobo;
  return {
    invoices: sql<number>`count(*)`.as('invoices'),
    voidedInvoices: sql<number>`count(*) FILTER (WHERE ${invoices.status} = 'VOID')`.as('voided_invoices'),
    nonVoid: sql<number>`count(*) FILTER (WHERE ${invoices.status} <> 'VOID')`.as('non_void'),
    spend: sql<number>`sum(${amount}) FILTER (WHERE ${invoices.status} <> 'VOID')`.as('spend'),
    paid: sql<number>`sum(${amount}) FILTER (WHERE ${invoices.status} = 'PAID')`.as('paid'),
    outstanding: sql<number>`sum(${amount}) FILTER (WHERE ${invoices.status} = 'PENDING_PAYMENT')`.as(
      'outstanding',
    ),
    overdue:
      sql<number>`sum(${amount}) FILTER (WHERE ${invoices.status} = 'PENDING_PAYMENT' AND ${invoices.dueAt} < ${now.toISOString()}::timestamptz)`.as(
        'overdue',
      ),
    voided: sql<number>`sum(${amount}) FILTER (WHERE ${invoices.status} = 'VOID')`.as('voided'),
  };
}

/** The partial figures summed again (0 over none), named as in `partialFigures`. */
const regroupedFigures = () =>
  Object.fromEntries(
    (Object.keys(FIGURE_NAMES) as FigureKey[]).map((key) => [key, sumOf(key).as(FIGURE_NAMES[key])]),
  ) as Record<FigureKey, SQL.Aliased<number>>;

/**
 * Every figure of the financial report in one statement over the invoices alone (an index-only scan of
 * the customer's invoices by creation time), so the range's invoices are read once per request. The
 * cargo type is the invoice's own copy of its trip's, so no trip is read. The invoices are summed per
 * Lagos date, transporter and cargo type, then per period with the grouping sets: the table's rows
 * (period, transporter, cargo type; `level` 0, in the table's order), the chart's periods (`level` 3,
 * only the periods with invoices; the caller fills the others) and the whole range (`level` 7). The
 * transporters' names join the few grouped rows.
 */
export async function financialFigures(input: ReportInput) {
  const day = lagosDateSql(invoices.createdAt);
  const perDay = input.db
    .select({
      day: sql<string>`${day}`.as('day'),
      transporterId: sql<string>`${invoices.transporterCompanyId}`.as('transporter_id'),
      cargoType: sql<string>`${invoices.cargoType}`.as('cargo_type'),
      ...partialFigures(input.window.now),
    })
    .from(invoices)
    .where(inWindow(input))
    .groupBy(day, invoices.transporterCompanyId, invoices.cargoType)
    .as('per_day');
  const period = periodOfDay(sql`${perDay.day}`, input.window.period);
  const grouped = input.db
    .select({
      level: sql<number>`grouping(${period}, ${perDay.transporterId}, ${perDay.cargoType})`.as('level'),
      period: sql<string | null>`${period}`.as('period'),
      transporterId: sql<string | null>`${perDay.transporterId}`.as('transporter_id'),
      cargoType: sql<string | null>`${perDay.cargoType}`.as('cargo_type'),
      ...regroupedFigures(),
    })
    .from(perDay)
    .groupBy(sql`GROUPING SETS ((${period}, ${perDay.transporterId}, ${perDay.cargoType}), (${period}), ())`)
    .as('grouped');
  const cargoOrder = sql`array_position(${sql.raw(`ARRAY[${CARGO_TYPES.map((c) => `'${c}'`).join(',')}]`)}, ${grouped.cargoType})`;
  const number = (column: unknown) => sql<number>`${column}`.mapWith(Number);
  return input.db
    .select({
      level: number(grouped.level),
      period: grouped.period,
      transporter: sql<string | null>`${companies.name}`,
      cargoType: grouped.cargoType,
      invoices: number(grouped.invoices),
      voidedInvoices: number(grouped.voidedInvoices),
      nonVoid: number(grouped.nonVoid),
      spend: number(grouped.spend),
      paid: number(grouped.paid),
      outstanding: number(grouped.outstanding),
      overdue: number(grouped.overdue),
      voided: number(grouped.voided),
    })
    .from(grouped)
    .leftJoin(companies, eq(companies.id, grouped.transporterId))
    .orderBy(
      asc(grouped.level),
      asc(grouped.period),
      desc(grouped.spend),
      asc(companies.name),
      asc(cargoOrder),
      asc(grouped.transporterId),
    );
}
