import type {
  PageQuery,
  ReportChart,
  ReportColumn,
  ReportFigure,
  ReportKind,
  ReportRow,
} from '@freightlane/domain';
import type { Executor } from '../../db/client';
import type { ReportWindow } from './report-window';

/** Whose figures a report reads: the caller's company. */
export interface ReportScope {
  companyId: string;
}

/** What a report reads: its company's rows in its window, through one database handle. */
export interface ReportInput {
  db: Executor;
  scope: ReportScope;
  window: ReportWindow;
}

/**
 * One report kind (docs/reports.md): its table's columns, and the statements that read its figures, its
 * chart, a page of its table and, for exports, every row in batches. Every figure is computed in the
 * database; a definition only names and maps.
 */
export interface ReportDefinition {
  kind: ReportKind;
  columns: ReportColumn[];
  /** The columns of the PDF, when the table is wider than an A4 page; every column when missing. */
  pdfColumns?: ReportColumn[];
  overview(input: ReportInput): Promise<{ summary: ReportFigure[]; chart: ReportChart }>;
  page(input: ReportInput, page: PageQuery): Promise<{ rows: ReportRow[]; total: number }>;
  /** Every row in the default sort, a batch at a time. */
  rows(input: ReportInput): AsyncIterable<ReportRow[]>;
}

/**
 * The row count of a report's table from a page read with `count(*) OVER ()`; a page past the end has no
 * row to carry it, so the first page is asked for it.
 */
export async function totalOfPage(
  definition: Pick<ReportDefinition, 'page'>,
  input: ReportInput,
  rows: readonly { total: number }[],
  page: number,
): Promise<number> {
  if (rows.length > 0) return rows[0]!.total;
  return page === 0 ? 0 : (await definition.page(input, { page: 0, size: 1 })).total;
}

/** Rows a batch of an export holds. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * Every row of a report whose table is small enough to page by offset (rows grouped by period, company
 * or lane: a few thousand at most over two years), read a batch at a time.
 */
export async function* rowsByPages(
  definition: Pick<ReportDefinition, 'page'>,
  input: ReportInput,
): AsyncGenerator<ReportRow[]> {
  for (let page = 0; ; page++) {
    const { rows } = await definition.page(input, { page, size: EXPORT_BATCH_ROWS });
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
  }
}
