import {
  reportKindsFor,
  REPORT_TITLES,
  toPage,
  type ReportExportQuery,
  type ReportKind,
  type ReportQuery,
  type ReportResponse,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';
import { findCompany } from '../../queries/company.repository';
import { columnsOf, reportInput, type ReportDefinition, type ReportInput } from './report-definition';
import { exportReport, type ReportFile } from './report-export';
import { reportWindow } from './report-window';
import { activeTripReport } from './active-trip-report.service';
import { callUpReport } from './call-up-report.service';
import { cargoMovementReport } from './cargo-movement-report.service';
import { costReport } from './cost-report.service';
import { deliveryReport } from './delivery-report.service';
import { driverBalanceReport } from './driver-balance-report.service';
import { driverReport } from './driver-report.service';
import { driverStatusReport } from './driver-status-report.service';
import { executiveReport } from './executive-report.service';
import { expenseReport } from './expense-report.service';
import { financialReport } from './financial-report.service';
import { fleetReport } from './fleet-report.service';
import { invoiceReport } from './invoice-report.service';
import { kpiReport } from './kpi-report.service';
import { loadoutReport } from './loadout-report.service';
import { masterReport } from './master-report.service';
import { operationReport } from './operation-report.service';
import { paymentReport } from './payment-report.service';
import { performanceReport } from './performance-report.service';
import { salesReport } from './sales-report.service';
import { scheduleReport } from './schedule-report.service';
import { tripProfitReport } from './trip-profit-report.service';
import { truckReport } from './truck-report.service';
import { vehicleReport } from './vehicle-report.service';

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
  'trip-profit': tripProfitReport,
  expense: expenseReport,
  'driver-balance': driverBalanceReport,
  'call-up': callUpReport,
};

/**
 * The report `kind` as `principal` may read it, scoped to their company; 404 for a kind of the other side
 * (and for its export), so a kind the caller may not read looks like one that does not exist.
 */
export function reportAccess(principal: Principal, kind: ReportKind): ReportDefinition {
  if (!reportKindsFor(principal.role).includes(kind)) throw notFound('Report');
  return DEFINITIONS[kind];
}

function inputOf(db: Db, principal: Principal, range: { from: string; to: string }): ReportInput {
  return reportInput(db, { companyId: principal.companyId }, reportWindow(range));
}

export async function readReport(
  ctx: AppContext,
  principal: Principal,
  kind: ReportKind,
  query: ReportQuery,
): Promise<ReportResponse> {
  const definition = reportAccess(principal, kind);
  // From the read replica when it holds the company's every change (plugins/replica-reads.ts).
  const { summary, chart, rows, total, input } = await ctx.replica.read(principal.companyId, async (db) => {
    const input = inputOf(db, principal, query);
    return { ...(await definition.overview(input)), ...(await definition.page(input, query)), input };
  });
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
  const db = await ctx.replica.dbFor(principal.companyId);
  const input = inputOf(db, principal, query);
  const [company, { summary }] = [
    await findCompany(db, principal.companyId),
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
