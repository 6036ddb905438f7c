import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  CUSTOMER_REPORT_KINDS,
  REPORT_TITLES,
  reportValueText,
  TRANSPORTER_REPORT_KINDS,
  type ReportKind,
  type ReportResponse,
} from '@freightlane/domain';
import {
  apiCall,
  apiToken,
  expectNoSeriousAxeViolations,
  lagosDateInput,
  settle,
  signedInPage,
  snap,
} from './support';
import { pdfPages } from '../../apps/api/src/test/pdf-text';

const PHONE = 375;

/**
 * The records of an RFC 4180 CSV (after its byte-order mark), each a list of fields: a quoted field may
 * hold commas, doubled quotes and line breaks (a note typed on two lines stays one record).
 */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

/** Clicks a download button and answers the saved file's name and bytes. */
async function download(page: Page, name: string): Promise<{ fileName: string; bytes: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${name}` }).click(),
  ]);
  return { fileName: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

/** What the page shows of the report now: its figures and its rows (or that it has none). */
async function shown(page: Page): Promise<string> {
  const rows = page.getByRole('table').or(page.getByText('No rows in this range'));
  await expect(rows.first()).toBeVisible();
  return `${await page.getByLabel('Summary').innerText()}\n${await rows.first().innerText()}`;
}

const SIDES: { email: string; kinds: readonly ReportKind[] }[] = [
  { email: 'customer@example.com', kinds: CUSTOMER_REPORT_KINDS },
  { email: 'transporter@example.com', kinds: TRANSPORTER_REPORT_KINDS },
];

for (const { email, kinds } of SIDES) {
  test.describe(`the reports of ${email}`, () => {
    let page: Page;
    test.beforeAll(async ({ browser }: { browser: Browser }) => {
      page = await signedInPage(browser, email);
    });
    test.afterAll(async () => page?.context().close());

    for (const kind of kinds) {
      const title = REPORT_TITLES[kind];
      test(`${title}: a range changes the chart and the table, and the CSV, Excel and PDF files hold the rows`, async ({
        request,
      }) => {
        // A range, the chart, the table and three downloads each read back: up to two minutes when the
        // machine is busy with the other part of the journeys.
        test.setTimeout(180_000);
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto('/reports');
        await page.getByRole('link', { name: new RegExp(title) }).click();
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByRole('figure')).toBeVisible();
        const before = await shown(page);
        await settle(page);
        await snap(page, `report-${kind}`);
        await expectNoSeriousAxeViolations(page);

        // A month two years back: the demo's work is all recent, so the figures and rows change.
        const from = lagosDateInput(-700);
        const to = lagosDateInput(-671);
        await page.getByLabel('From').fill(from);
        await page.getByLabel('To').fill(to);
        await page.getByRole('button', { name: 'Show report' }).click();
        await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
        await expect.poll(() => shown(page)).not.toBe(before);

        await page.getByRole('textbox', { name: 'Range' }).click();
        await page.getByRole('option', { name: 'Last 30 days' }).click();
        await expect.poll(() => shown(page)).toBe(before);
        const url = new URL(page.url());
        const range = { from: url.searchParams.get('from')!, to: url.searchParams.get('to')! };
        const report = await apiCall<ReportResponse>(
          request,
          await apiToken(request, email),
          'GET',
          `/api/v1/reports/${kind}?from=${range.from}&to=${range.to}&size=100`,
        );
        const labels = report.columns.map((c) => c.label);
        const rows = report.page.totalElements;

        const csv = await download(page, 'CSV');
        expect(csv.fileName).toBe(`${kind}-report-${range.from}-to-${range.to}.csv`);
        const records = csvRecords(csv.bytes.toString('utf8'));
        expect(records[0]).toEqual(labels);
        expect(records.length - 1).toBe(rows);

        const xlsx = await download(page, 'Excel (XLSX)');
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
        const sheet = book.worksheets[0]!;
        expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(labels);
        expect(sheet.actualRowCount - 1).toBe(rows);
        expect(book.getWorksheet('Summary')).toBeDefined();

        const pdf = await download(page, 'PDF');
        const text = (await pdfPages(pdf.bytes)).join(' ');
        expect(text).toContain(title);
        for (const figure of report.summary) expect(text).toContain(figure.label);
        // The table is there too: its first row's first cell, as the screen shows it.
        const [firstColumn] = report.columns;
        const firstRow = report.page.content[0];
        if (firstColumn && firstRow) {
          expect(text).toContain(reportValueText(firstRow[firstColumn.key] ?? null, firstColumn.type));
        }

        await page.setViewportSize({ width: PHONE, height: 800 });
        await settle(page);
        await snap(page, `report-${kind}`);
      });
    }
  });
}
