import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ReportColumn, ReportRow } from '@freightlane/domain';
import { pdfPages } from '../../test/pdf-text';
import { csvField, exportReport, PDF_ROW_LIMIT, type ReportDocument } from './report-export';

const columns: ReportColumn[] = [
  { key: 'trip', label: 'Trip', type: 'text' },
  { key: 'client', label: 'Client', type: 'text' },
  { key: 'amount', label: 'Amount (NGN)', type: 'money' },
  { key: 'onTime', label: 'On time (%)', type: 'percent' },
  { key: 'pickup', label: 'Pickup date', type: 'date' },
  { key: 'delivered', label: 'Delivered', type: 'datetime' },
];

function documentOf(rows: ReportRow[], batchSize = 2): ReportDocument {
  return {
    kind: 'master',
    title: 'Master report',
    companyName: 'Lekki Foods Ltd',
    from: '2026-11-01',
    to: '2026-11-30',
    columns,
    summary: [
      { key: 'spend', label: 'Spend', type: 'money', value: 250_000_050 },
      { key: 'trips', label: 'Trips', type: 'count', value: rows.length },
    ],
    rows: (async function* () {
      for (let i = 0; i < rows.length; i += batchSize) yield rows.slice(i, i + batchSize);
    })(),
  };
}

const rows: ReportRow[] = [
  {
    trip: 'TRP-2026-000001',
    client: 'Dangote, "Apapa"',
    amount: 125_000_050,
    onTime: 87.46,
    pickup: '2026-11-03',
    delivered: '2026-11-04T13:05:00.000Z',
  },
  {
    trip: 'TRP-2026-000002',
    client: '=HYPERLINK("x")',
    amount: null,
    onTime: null,
    pickup: null,
    delivered: null,
  },
  {
    trip: 'TRP-2026-000003',
    client: 'Ọ̀yọ́ Traders',
    amount: 125_000_000,
    onTime: 100,
    pickup: '2026-11-30',
    delivered: null,
  },
];

describe('report exports', () => {
  it('writes CSV that spreadsheets read as written, and never runs a typed formula', async () => {
    const file = exportReport(documentOf(rows), 'csv');
    expect(file.fileName).toBe('master-report-2026-11-01-to-2026-11-30.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    const text = (await buffer(file.body)).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Trip,Client,Amount (NGN),On time (%),Pickup date,Delivered',
      'TRP-2026-000001,"Dangote, ""Apapa""",1250000.50,87.5,2026-11-03,2026-11-04T14:05:00+01:00',
      `TRP-2026-000002,"'=HYPERLINK(""x"")",,,,`,
      'TRP-2026-000003,Ọ̀yọ́ Traders,1250000.00,100.0,2026-11-30,',
      '',
    ]);
    expect(csvField('-5', 'money')).toBe('-5');
    expect(csvField('-5 trucks', 'text')).toBe("'-5 trucks");
  });

  it('writes XLSX with numbers as numbers, money in naira and dates as dates, and a summary sheet', async () => {
    const file = exportReport(documentOf(rows), 'xlsx');
    const workbook = new ExcelJS.Workbook();
    const bytes = await buffer(file.body);
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ExcelJS.Buffer,
    );
    const sheet = workbook.getWorksheet('Master report')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...columns.map((c) => c.label)]);
    const first = sheet.getRow(2);
    expect(first.getCell(2).value).toBe('Dangote, "Apapa"');
    expect(first.getCell(3).value).toBe(1250000.5);
    expect(first.getCell(3).numFmt).toBe('"₦"#,##0.00');
    expect(first.getCell(4).value).toBe(87.46);
    expect(first.getCell(5).value).toEqual(new Date('2026-11-03T00:00:00Z'));
    // Spreadsheets have no time zones: the Lagos wall clock, 14:05.
    expect(first.getCell(6).value).toEqual(new Date('2026-11-04T14:05:00Z'));
    expect(sheet.getRow(3).getCell(3).value).toBeNull();
    expect(sheet.rowCount).toBe(4);
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getRow(3).getCell(2).value).toEqual(new Date('2026-11-01T00:00:00Z'));
    expect(summary.getRow(3).getCell(2).numFmt).toBe('yyyy-mm-dd');
    expect(summary.getRow(5).values).toEqual([undefined, 'Spend', 2500000.5]);
    expect(summary.getRow(5).getCell(2).numFmt).toBe('"₦"#,##0.00');
  });

  it('writes a PDF with the figures and the table as the page shows them', async () => {
    const file = exportReport(documentOf(rows), 'pdf');
    expect(file.contentType).toBe('application/pdf');
    const [page] = await pdfPages(await buffer(file.body));
    expect(page).toContain('Master report');
    expect(page).toContain('Lekki Foods Ltd');
    expect(page).toContain('₦2,500,000.50');
    expect(page).toContain('TRP-2026-000003');
    expect(page).toContain('₦1,250,000.50');
    expect(page).toContain('87.5%');
    expect(page).toContain('N/A');
  });

  it('writes a month as YYYY-MM in CSV, a month-formatted date in XLSX and "Dec 2026" in the PDF', async () => {
    const monthly = (): ReportDocument => ({
      ...documentOf([]),
      columns: [
        { key: 'period', label: 'Period', type: 'month' },
        { key: 'spend', label: 'Spend (NGN)', type: 'money' },
      ],
      rows: (async function* () {
        yield [{ period: '2026-12', spend: 100 }];
      })(),
    });
    const csv = (await buffer(exportReport(monthly(), 'csv').body)).toString('utf8');
    expect(csv.slice(1).split('\r\n')[1]).toBe('2026-12,1.00');

    const bytes = await buffer(exportReport(monthly(), 'xlsx').body);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ExcelJS.Buffer,
    );
    const cell = workbook.getWorksheet('Master report')!.getRow(2).getCell(1);
    expect(cell.value).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(cell.numFmt).toBe('mmm yyyy');

    const [page] = await pdfPages(await buffer(exportReport(monthly(), 'pdf').body));
    expect(page).toContain('Dec 2026');
    expect(page).not.toContain('2026-12');
  });

  it('stops a PDF after its row limit and says how many rows the other exports hold', async () => {
    const many = Array.from({ length: PDF_ROW_LIMIT + 3 }, (_, i) => ({ trip: `T${i}`, amount: i }));
    const pages = await pdfPages(await buffer(exportReport(documentOf(many, 1000), 'pdf').body));
    expect(pages.length).toBeGreaterThan(100);
    expect(pages.at(-1)).toContain('3 more rows are in the CSV and XLSX exports of this report.');
    expect(pages.join(' ')).not.toContain(`T${PDF_ROW_LIMIT}`);
  }, 60_000);
});
