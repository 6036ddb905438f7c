import {
  CUSTOMER_REPORT_KINDS,
  REPORT_TITLES,
  toPage,
  TRANSPORTER_REPORT_KINDS,
  type ReportExportQuery,
  type ReportKind,
  type ReportQuery,
  type ReportResponse,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import { findCompany } from '../../queries/company.repository';
import { columnsOf, reportInput, type ReportDefinition, type ReportInput } from './report-definition';
import { exportReport, type ReportFile } from './report-export';
import { reportWindow } from './report-window';
import { activeTripReport } from './active-trip-report';
import { cargoMovementReport } from './cargo-movement-report';
import { costReport } from './cost-report';
import { deliveryReport } from './delivery-report';
import { driverReport } from './driver-report';
import { driverStatusReport } from './driver-status-report';
import { executiveReport } from './executive-report';
import { financialReport } from './financial-report';
import { fleetReport } from './fleet-report';
import { invoiceReport } from './invoice-report';
import { kpiReport } from './kpi-report';
import { loadoutReport } from './loadout-report';
import { masterReport } from './master-report';
import { operationReport } from './operation-report';
import { paymentReport } from './payment-report';
import { performanceReport } from './performance-report';
import { salesReport } from './sales-report';
import { scheduleReport } from './schedule-report';
import { truckReport } from './truck-report';
import { vehicleReport } from './vehicle-report';

const DEFINITIONS: Record<ReportKind, ReportDefinition> = {
  financial: financialReport,
  executive: executiveReport,
  operation: operationReport,
  master: masterReport,
  delivery: deliveryReport,
  loadout: loadoutReport,
  kpi: kpiReport,
  cost: costReport,
  invoice: invoiceReport,
  payment: paymentReport,
  sales: salesReport,
  'cargo-movement': cargoMovementReport,
  fleet: fleetReport,
  vehicle: vehicleReport,
  driver: driverReport,
  schedule: scheduleReport,
  truck: truckReport,
  'driver-status': driverStatusReport,
  'active-trip': activeTripReport,
  performance: performanceReport,
};

/** The kinds each role reads: a company's own books, so admins read none (docs/reports.md 1.1). */
function kindsOf(principal: Principal): readonly ReportKind[] {
  if (principal.role === 'role_customer') return CUSTOMER_REPORT_KINDS;
  if (principal.role === 'role_transporter' || principal.role === 'role_fleet_manager') {
    return TRANSPORTER_REPORT_KINDS;
  }
  return [];
}

/**
 * The report `kind` as `principal` may read it, scoped to their company; 404 for a kind of the other side
 * (and for its export), so a kind the caller may not read looks like one that does not exist.
 */
export function reportAccess(principal: Principal, kind: ReportKind): ReportDefinition {
  if (!kindsOf(principal).includes(kind)) throw notFound('Report');
  return DEFINITIONS[kind];
}

function inputOf(ctx: AppContext, principal: Principal, range: { from: string; to: string }): ReportInput {
  return reportInput(ctx.db, { companyId: principal.companyId }, reportWindow(range));
}

export async function readReport(
  ctx: AppContext,
  principal: Principal,
  kind: ReportKind,
  query: ReportQuery,
): Promise<ReportResponse> {
  const definition = reportAccess(principal, kind);
  const input = inputOf(ctx, principal, query);
  const { summary, chart } = await definition.overview(input);
  const { rows, total } = await definition.page(input, query);
  return {
    kind,
    title: REPORT_TITLES[kind],
    from: query.from,
    to: query.to,
    summary,
    chart,
    columns: columnsOf(definition, input.window),
    page: toPage(rows, total, query),
  };
}

/** The whole report as a CSV, XLSX or PDF file, written while its rows are read. */
export async function exportReportFor(
  ctx: AppContext,
  principal: Principal,
  kind: ReportKind,
  query: ReportExportQuery,
): Promise<ReportFile> {
  const definition = reportAccess(principal, kind);
  const input = inputOf(ctx, principal, query);
  const [company, { summary }] = [
    await findCompany(ctx.db, principal.companyId),
    await definition.overview(input),
  ];
  return exportReport(
    {
      kind,
      title: REPORT_TITLES[kind],
      companyName: company?.name ?? '',
      from: query.from,
      to: query.to,
      columns: columnsOf(definition, input.window),
      pdfColumns: definition.pdfColumns,
      summary,
      rows: definition.rows(input),
    },
    query.format,
  );
}
