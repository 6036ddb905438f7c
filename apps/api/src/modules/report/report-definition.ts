import type {
  PageQuery,
  ReportChart,
  ReportColumn,
  ReportFigure,
  ReportKind,
  ReportRow,
} from '@freightlane/domain';
import type { Executor } from '../../db/client';
import type { ReportPeriod, ReportWindow } from './report-window';

/** Whose figures a report reads: the caller's company. */
export interface ReportScope {
  companyId: string;
}

/** What a report reads: its company's rows in its window, through one database handle. */
export interface ReportInput {
  db: Executor;
  scope: ReportScope;
  window: ReportWindow;
  /**
   * The statements this request has run, by name. A request reads the overview, then the page or the
   * export, with one input; a kind whose summary and table come from one statement runs it once.
   */
  reads: Map<string, Promise<unknown>>;
}

/** The input of one request for a report: its reads start empty. */
export function reportInput(db: Executor, scope: ReportScope, window: ReportWindow): ReportInput {
  return { db, scope, window, reads: new Map() };
}

/** `read(input)`, run once per request under `name`: a second call gets the first call's answer. */
export function readOnce<T>(
  input: ReportInput,
  name: string,
  read: (input: ReportInput) => Promise<T>,
): Promise<T> {
  let found = input.reads.get(name) as Promise<T> | undefined;
  if (!found) {
    found = read(input);
    input.reads.set(name, found);
  }
  return found;
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
  /** The columns over a given range, when their types depend on it (a column of periods: days or months). */
  columnsFor?(window: Pick<ReportWindow, 'period'>): ReportColumn[];
  overview(input: ReportInput): Promise<{ summary: ReportFigure[]; chart: ReportChart }>;
  page(input: ReportInput, page: PageQuery): Promise<{ rows: ReportRow[]; total: number }>;
  /** Every row in the default sort, a batch at a time. */
  rows(input: ReportInput): AsyncIterable<ReportRow[]>;
}

/** The columns a report shows over `window`. */
export function columnsOf(
  definition: Pick<ReportDefinition, 'columns' | 'columnsFor'>,
  window: Pick<ReportWindow, 'period'>,
): ReportColumn[] {
  return definition.columnsFor?.(window) ?? definition.columns;
}

/**
 * `columns` with their `period` column typed by the range's periods (docs/reports.md 1.4): Lagos days as
 * dates ("1 Dec 2026"), months as months ("Dec 2026"), so no period is ever shown as raw ISO text.
 */
export function withPeriodType(columns: ReportColumn[], period: ReportPeriod): ReportColumn[] {
  const type = period === 'day' ? 'date' : 'month';
  return columns.map((column) => (column.key === 'period' ? { ...column, type } : column));
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

/**
 * The columns named by `keys`, in that order: the columns of a PDF when the whole table does not fit an A4
 * page (CSV and XLSX keep every column).
 */
export function pickColumns(columns: ReportColumn[], keys: readonly string[]): ReportColumn[] {
  return keys.map((key) => {
    const column = columns.find((c) => c.key === key);
    if (!column) throw new Error(`No report column ${key}`);
    return column;
  });
}

/**
 * The page and export readers of a table small enough to be read whole (a row per lane, period, client or
 * kind: a few hundred at most), from the statement that builds it.
 */
export function readWhole(
  tableOf: (input: ReportInput) => Promise<ReportRow[]>,
): Pick<ReportDefinition, 'page' | 'rows'> {
  return {
    async page(input, { page, size }) {
      const rows = await tableOf(input);
      return { total: rows.length, rows: rows.slice(page * size, (page + 1) * size) };
    },
    async *rows(input) {
      const rows = await tableOf(input);
      if (rows.length > 0) yield rows;
    },
  };
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

/**
 * Every row of a table with one row per trip (or per event), a batch at a time by keyset on its default
 * sort: an offset would rescan every earlier row for each batch of a large export. The next batch is asked
 * for before this one is handed over, so the database reads it while the file writes this one (still one
 * statement at a time on the handle).
 */
export async function* keysetBatches<T, K>(
  read: (after: K | null, limit: number) => Promise<T[]>,
  keyOf: (last: T) => K,
  toRow: (row: T) => ReportRow,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<ReportRow[]> {
  const start = (after: K | null) => {
    const batch = read(after, batchRows);
    // Awaited below; a reader that stops early must not leave it rejecting unheard.
    batch.catch(() => undefined);
    return batch;
  };
  let next = start(null);
  for (;;) {
    const batch = await next;
    const full = batch.length === batchRows;
    if (full) next = start(keyOf(batch.at(-1)!));
    if (batch.length > 0) yield batch.map(toRow);
    if (!full) return;
  }
}
