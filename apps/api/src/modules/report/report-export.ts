import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import {
  LAGOS_OFFSET_MS,
  lagosDateTimeText,
  lagosDayText,
  reportValueRaw,
  reportValueText,
  type ReportColumn,
  type ReportExportFormat,
  type ReportFigure,
  type ReportRow,
  type ReportValue,
  type ReportValueType,
} from '@freightlane/domain';
import { PDF_FONTS } from '../../lib/pdf-fonts';

/** A report as its exports write it: the figures above, then every row of its table, in batches. */
export interface ReportDocument {
  kind: string;
  title: string;
  companyName: string;
  from: string;
  to: string;
  columns: ReportColumn[];
  /** The columns the PDF carries when the table is too wide for a page; every column when missing. */
  pdfColumns?: ReportColumn[];
  summary: ReportFigure[];
  rows: AsyncIterable<ReportRow[]>;
}

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

/**
 * Rows a PDF holds at most. A PDF is for reading and printing: ten thousand rows are some 270 pages; the
 * CSV and XLSX of the same report hold every row, and the PDF says how many it left out.
 */
export const PDF_ROW_LIMIT = 10_000;

const CONTENT_TYPES: Record<ReportExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** The report as a file in `format`, written while its rows are read: no export holds the whole file. */
export function exportReport(document: ReportDocument, format: ReportExportFormat): ReportFile {
  const body =
    format === 'csv'
      ? Readable.from(csvChunks(document))
      : format === 'xlsx'
        ? xlsxStream(document)
        : pdfStream(document);
  return {
    fileName: `${document.kind}-report-${document.from}-to-${document.to}.${format}`,
    contentType: CONTENT_TYPES[format],
    body,
  };
}

// ---------------------------------------------------------------------------------------------------------
// CSV (RFC 4180), with a byte-order mark so spreadsheet programs read the naira sign and names as UTF-8.

/**
 * A field as RFC 4180 writes it. Text that a spreadsheet would run as a formula (=, +, -, @, a tab or a
 * carriage return first) is given a leading apostrophe, as OWASP advises against CSV injection.
 */
export function csvField(text: string, type: ReportValueType): string {
  const safe = type === 'text' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function* csvChunks(document: ReportDocument): AsyncGenerator<string> {
  const { columns } = document;
  yield `\uFEFF${columns.map((c) => csvField(c.label, 'text')).join(',')}\r\n`;
  for await (const batch of document.rows) {
    let chunk = '';
    for (const row of batch) {
      chunk += `${columns.map((c) => csvField(reportValueRaw(row[c.key] ?? null, c.type), c.type)).join(',')}\r\n`;
    }
    yield chunk;
  }
}

// ---------------------------------------------------------------------------------------------------------
// XLSX through exceljs's streaming writer: each row is written out as soon as it is committed.

const XLSX_FORMATS: Partial<Record<ReportValueType, string>> = {
  money: '"₦"#,##0.00',
  count: '#,##0',
  number: '#,##0.0',
  percent: '0.0"%"',
  hours: '0.0',
  days: '0',
  date: 'yyyy-mm-dd',
  month: 'mmm yyyy',
  datetime: 'yyyy-mm-dd hh:mm',
};

/**
 * A value as a spreadsheet cell: numbers as numbers (money in naira), dates as dates, a month as the date
 * of its first day (sorted as a date, shown "Dec 2026"). Excel has no time zones, so a date-time is
 * written as the Lagos wall clock.
 */
export function xlsxCell(value: ReportValue, type: ReportValueType): string | number | Date | null {
  if (value === null) return null;
  if (type === 'text') return String(value);
  if (type === 'date' || type === 'month') {
    const day = type === 'month' ? `${String(value).slice(0, 7)}-01` : String(value);
    const at = Date.parse(`${day}T00:00:00Z`);
    return Number.isNaN(at) ? String(value) : new Date(at);
  }
  if (type === 'datetime') {
    const at = Date.parse(String(value));
    return Number.isNaN(at) ? String(value) : new Date(at + LAGOS_OFFSET_MS);
  }
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return type === 'money' ? n / 100 : n;
}

function columnWidth(column: ReportColumn): number {
  const byType: Partial<Record<ReportValueType, number>> = {
    money: 18,
    datetime: 18,
    date: 12,
    month: 10,
    text: 24,
  };
  return Math.max(column.label.length + 2, byType[column.type] ?? 12);
}

function xlsxStream(document: ReportDocument): Readable {
  const out = new PassThrough();
  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    workbook.creator = 'Freightlane';
    const sheet = workbook.addWorksheet(document.title.slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = document.columns.map((c) => ({
      header: c.label,
      key: c.key,
      width: columnWidth(c),
      style: XLSX_FORMATS[c.type] ? { numFmt: XLSX_FORMATS[c.type] } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const batch of document.rows) {
      for (const row of batch) {
        sheet.addRow(document.columns.map((c) => xlsxCell(row[c.key] ?? null, c.type))).commit();
      }
    }
    sheet.commit();
    const summary = workbook.addWorksheet('Summary');
    summary.columns = [
      { header: 'Figure', key: 'label', width: 36 },
      { header: 'Value', key: 'value', width: 22 },
    ];
    summary.getRow(1).font = { bold: true };
    summary.addRow([document.title, document.companyName]).commit();
    const figures: ReportFigure[] = [
      { key: 'from', label: 'From', type: 'date', value: document.from },
      { key: 'to', label: 'To', type: 'date', value: document.to },
      ...document.summary,
    ];
    for (const figure of figures) {
      const row = summary.addRow([figure.label, xlsxCell(figure.value, figure.type)]);
      const format = XLSX_FORMATS[figure.type];
      if (format) row.getCell(2).numFmt = format;
      row.commit();
    }
    summary.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// PDF through pdfkit, page by page: the figures, then the table with its header on every page.

const MARGIN = 36;
const ROW_HEIGHT = 13;
const FONT_SIZE = 7.5;

/** How wide a column is drawn, relative to the others. */
/** The widest a column gets however long its texts: an address or a description is cut with an ellipsis. */
const PDF_MAX_COLUMN = 170;
/** The narrowest a header's share of a column's width: a long label is cut rather than widening the column. */
const PDF_HEADER_SHARE = 60;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The smallest the table's type gets to fit a wide table on the page, as a share of FONT_SIZE. */
const PDF_MIN_SCALE = 0.8;

/**
 * Column widths across the page and the table's font size, from what the first batch of rows needs: each
 * column as wide as its longest cell (within bounds). Spare width is shared out in proportion. A table a
 * little too wide is set in smaller type (down to PDF_MIN_SCALE); one still too wide then cuts its widest
 * text columns to one common width, so short ones (trip and order numbers) and every figure stay whole
 * while addresses and descriptions end in an ellipsis.
 */
function pdfLayout(pdf: PDFKit.PDFDocument, columns: ReportColumn[], sample: ReportRow[], width: number) {
  const measured = columns.map((c) => {
    pdf.font('body').fontSize(FONT_SIZE);
    let longest = 0;
    for (const row of sample) {
      longest = Math.max(longest, pdf.widthOfString(reportValueText(row[c.key] ?? null, c.type)));
    }
    pdf.font('bold');
    const header = Math.min(pdf.widthOfString(c.label), PDF_HEADER_SHARE);
    return Math.min(Math.max(longest, header) + 6, PDF_MAX_COLUMN);
  });
  const measuredTotal = sum(measured);
  if (measuredTotal <= width) {
    return { fontSize: FONT_SIZE, widths: measured.map((w) => (w * width) / measuredTotal) };
  }
  const scale = Math.max(width / measuredTotal, PDF_MIN_SCALE);
  const fontSize = FONT_SIZE * scale;
  const natural = measured.map((w) => w * scale);
  const total = sum(natural);
  if (total <= width) return { fontSize, widths: natural.map((w) => (w * width) / total) };
  const isText = columns.map((c) => c.type === 'text');
  const figures = sum(natural.filter((_, i) => !isText[i]));
  const texts = natural.filter((_, i) => isText[i]).sort((a, b) => a - b);
  let room = width - figures;
  let cap = 0;
  for (const [i, w] of texts.entries()) {
    const share = room / (texts.length - i);
    if (w > share) {
      cap = share;
      break;
    }
    room -= w;
  }
  if (texts.length === 0 || cap < 30) return { fontSize, widths: natural.map((w) => (w * width) / total) };
  return { fontSize, widths: natural.map((w, i) => (isText[i] ? Math.min(w, cap) : w)) };
}

function pdfStream(document: ReportDocument): Readable {
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: document.title },
  });
  pdf.registerFont('body', PDF_FONTS.condensed);
  pdf.registerFont('bold', PDF_FONTS.condensedBold);
  void (async () => {
    const width = pdf.page.width - 2 * MARGIN;
    pdf.font('bold').fontSize(14).text(document.title);
    pdf
      .font('body')
      .fontSize(9)
      .text(
        `${document.companyName} · ${lagosDayText(document.from)} to ${lagosDayText(document.to)} · made ${lagosDateTimeText(new Date())}`,
      );
    pdf.moveDown(0.6);
    for (const figure of document.summary) {
      pdf.font('body').fontSize(9).text(`${figure.label}: `, { continued: true });
      pdf.font('bold').text(reportValueText(figure.value, figure.type));
    }
    pdf.moveDown(0.6);

    const columns = document.pdfColumns ?? document.columns;
    const batches = document.rows[Symbol.asyncIterator]();
    // The first batch is read before the table starts: its cells decide the columns' widths.
    const first = await batches.next();
    const sample = first.done ? [] : first.value;
    const { fontSize, widths } = pdfLayout(pdf, columns, sample, width);
    const bottom = pdf.page.height - MARGIN - ROW_HEIGHT;
    const drawRow = (cells: string[], font: 'body' | 'bold') => {
      if (pdf.y > bottom) {
        pdf.addPage();
        drawRow(
          columns.map((c) => c.label),
          'bold',
        );
      }
      const y = pdf.y;
      let x = MARGIN;
      pdf.font(font).fontSize(fontSize);
      cells.forEach((cell, i) => {
        pdf.text(cell, x + 2, y + 3, {
          width: widths[i]! - 4,
          height: ROW_HEIGHT,
          lineBreak: false,
          ellipsis: true,
        });
        x += widths[i]!;
      });
      pdf
        .moveTo(MARGIN, y + ROW_HEIGHT)
        .lineTo(MARGIN + width, y + ROW_HEIGHT)
        .lineWidth(0.3)
        .strokeColor('#cccccc')
        .stroke();
      pdf.x = MARGIN;
      pdf.y = y + ROW_HEIGHT;
    };
    drawRow(
      columns.map((c) => c.label),
      'bold',
    );
    let written = 0;
    let left = 0;
    for (let next = first; !next.done; next = await batches.next()) {
      for (const row of next.value) {
        if (written >= PDF_ROW_LIMIT) {
          left++;
          continue;
        }
        drawRow(
          columns.map((c) => reportValueText(row[c.key] ?? null, c.type)),
          'body',
        );
        written++;
      }
    }
    if (written === 0) pdf.moveDown().font('body').fontSize(9).text('No rows in this range.', MARGIN);
    if (left > 0) {
      pdf
        .moveDown()
        .font('body')
        .fontSize(9)
        .text(`${left} more rows are in the CSV and XLSX exports of this report.`, MARGIN);
    }
    pdf.end();
  })().catch((error: unknown) => pdf.destroy(error as Error));
  return pdf;
}
