import { z } from 'zod';
import { DAY_MS, lagosDateInDays } from '../lagos-time';
import type { Role } from '../roles';
import { pageOf, pageQuery } from './page';

// ---------------------------------------------------------------------------------------------------------
// Reports (docs/reports.md): GET /api/v1/reports/{kind}?from&to&page&size and
// GET /api/v1/reports/{kind}/export?format&from&to. Every kind answers the same shape (summary figures, a
// chart, and a table whose columns it names), so one page and one exporter serve all of them.

/** The spec's customer report kinds, as they appear in paths. */
export const CUSTOMER_REPORT_KINDS = [
  'financial',
  'executive',
  'operation',
  'master',
  'delivery',
  'loadout',
  'kpi',
  'cost',
  'invoice',
  'payment',
  'sales',
  'cargo-movement',
] as const;

/** The spec's transporter report kinds, as they appear in paths. */
export const TRANSPORTER_REPORT_KINDS = [
  'fleet',
  'vehicle',
  'driver',
  'schedule',
  'truck',
  'driver-status',
  'active-trip',
  'performance',
  'trip-profit',
  'expense',
  'driver-balance',
  'call-up',
] as const;

export type CustomerReportKind = (typeof CUSTOMER_REPORT_KINDS)[number];
export type TransporterReportKind = (typeof TRANSPORTER_REPORT_KINDS)[number];
export type ReportKind = CustomerReportKind | TransporterReportKind;

export const REPORT_KINDS: readonly ReportKind[] = [...CUSTOMER_REPORT_KINDS, ...TRANSPORTER_REPORT_KINDS];

/**
 * The report kinds a role reads, for the API's access check and the web's list alike: a company's own
 * books, so admins (and anyone without a role) read none (docs/reports.md 1.1).
 */
export function reportKindsFor(role: Role | null | undefined): readonly ReportKind[] {
  if (role === 'role_customer') return CUSTOMER_REPORT_KINDS;
  if (role === 'role_transporter' || role === 'role_fleet_manager') return TRANSPORTER_REPORT_KINDS;
  return [];
}

export const REPORT_TITLES: Record<ReportKind, string> = {
  financial: 'Financial report',
  executive: 'Executive report',
  operation: 'Operation report',
  master: 'Master report',
  delivery: 'Delivery report',
  loadout: 'Loadout report',
  kpi: 'KPI report',
  cost: 'Cost report',
  invoice: 'Invoice report',
  payment: 'Payment report',
  sales: 'Sales report',
  'cargo-movement': 'Cargo movement report',
  fleet: 'Fleet report',
  vehicle: 'Vehicle report',
  driver: 'Driver report',
  schedule: 'Schedule report',
  truck: 'Truck report',
  'driver-status': 'Driver status report',
  'active-trip': 'Active trip report',
  performance: 'Performance report',
  'trip-profit': 'Trip profit report',
  expense: 'Expense report',
  'driver-balance': 'Driver balance report',
  'call-up': 'Call-up report',
};

export function isReportKind(value: string): value is ReportKind {
  return (REPORT_KINDS as readonly string[]).includes(value);
}

/** The longest range a report covers: two years, a leap day included. */
export const MAX_REPORT_DAYS = 731;
/** The range a report opens on: the last 30 days, today included. */
export const DEFAULT_REPORT_DAYS = 30;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Days from `from` to `to`, both YYYY-MM-DD, counting both ends. */
export function reportRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** True for a real calendar date written YYYY-MM-DD (not 2026-02-30, not 2026-2-3). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

const lagosDateField = (name: 'from' | 'to', fallback: () => string) =>
  z
    .string({ error: `${name} must be a date written YYYY-MM-DD` })
    .refine(isCalendarDate, `${name} must be a date written YYYY-MM-DD`)
    .optional()
    .transform((v) => v ?? fallback());

const rangeShape = {
  from: lagosDateField('from', () => lagosDateInDays(-(DEFAULT_REPORT_DAYS - 1))),
  to: lagosDateField('to', () => lagosDateInDays(0)),
};

function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = reportRangeDays(range.from, range.to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  else if (days > MAX_REPORT_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'A report covers at most 2 years (731 days)' });
  }
}

/**
 * A report's range: Lagos calendar dates, both included. Without them, the last 30 days; `to` may not
 * come before `from`, and the range is at most two years.
 */
export const reportRange = z.object(rangeShape).superRefine(checkRange);
export type ReportRange = z.infer<typeof reportRange>;

/** A page of a report's table, with its range. */
export const reportQuery = z.object({ ...pageQuery.shape, ...rangeShape }).superRefine(checkRange);
export type ReportQuery = z.infer<typeof reportQuery>;

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

export const reportExportQuery = z
  .object({ format: z.enum(REPORT_EXPORT_FORMATS, { error: 'format is csv, xlsx or pdf' }), ...rangeShape })
  .superRefine(checkRange);
export type ReportExportQuery = z.infer<typeof reportExportQuery>;

export const reportKindParams = z.object({
  kind: z.enum(REPORT_KINDS as [ReportKind, ...ReportKind[]], { error: 'Unknown report kind' }),
});

/**
 * How a value is shown and exported: money in kobo (shown with the spec's money format), hours and
 * percentages with one decimal, dates as Lagos calendar dates, months as YYYY-MM (shown "Dec 2026"),
 * date-times as ISO 8601.
 */
export const REPORT_VALUE_TYPES = [
  'text',
  'count',
  'number',
  'money',
  'percent',
  'hours',
  'days',
  'date',
  'month',
  'datetime',
] as const;
export type ReportValueType = (typeof REPORT_VALUE_TYPES)[number];

export const reportValue = z.union([z.string(), z.number(), z.null()]);
export type ReportValue = z.infer<typeof reportValue>;

export const reportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(REPORT_VALUE_TYPES),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportFigureSchema = reportColumnSchema.extend({ value: reportValue });
export type ReportFigure = z.infer<typeof reportFigureSchema>;

export const REPORT_CHART_KINDS = ['bar', 'stacked-bar', 'line', 'donut'] as const;

export const reportChartSchema = z.object({
  kind: z.enum(REPORT_CHART_KINDS),
  title: z.string(),
  /** The key of each point's label (a period, a transporter, a status). */
  labelKey: z.string(),
  /** How the series' values are shown. */
  valueType: z.enum(REPORT_VALUE_TYPES),
  series: z.array(z.object({ key: z.string(), label: z.string() })),
  points: z.array(z.record(z.string(), reportValue)),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

export const reportRowSchema = z.record(z.string(), reportValue);
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportResponse = z.object({
  kind: z.enum(REPORT_KINDS as [ReportKind, ...ReportKind[]]),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  summary: z.array(reportFigureSchema),
  chart: reportChartSchema,
  columns: z.array(reportColumnSchema),
  page: pageOf(reportRowSchema),
});
export type ReportResponse = z.infer<typeof reportResponse>;
