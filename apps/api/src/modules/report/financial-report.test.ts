import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARGO_TYPE_LABELS, formatMoney, type CargoType } from '@freightlane/domain';
import { invoices } from '../../db/schema';
import { signedInAccount } from '../../test/accounts';
import { pdfPages } from '../../test/pdf-text';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import type { Account } from '../../test/trip-world';
import {
  customerReportWorld,
  lagosDayOf,
  REPORT_FROM,
  REPORT_RANGE,
  REPORT_TO,
} from '../../test/report-world';

const FROM = REPORT_FROM;
const TO = REPORT_TO;
const RANGE = REPORT_RANGE;
const lagosDay = lagosDayOf;

describe('the financial report', () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof customerReportWorld>>;
  let customer: Account;
  let other: Account;
  let first: Account;
  beforeAll(async () => {
    t = await createTestApp();
    world = await customerReportWorld(t);
    ({ customer, other, first } = world);
  });
  afterAll(() => t?.close());

  /** The figures computed another way: every invoice of the customer read as rows and summed here. */
  async function expected() {
    const rows = await world.invoicesOfCustomer();
    const inRange = rows.filter(
      (r) => lagosDay(r.invoice.createdAt) >= FROM && lagosDay(r.invoice.createdAt) <= TO,
    );
    const now = Date.now();
    const sum = (list: typeof inRange, keep: (i: (typeof rows)[number]['invoice']) => boolean) =>
      list.filter((r) => keep(r.invoice)).reduce((s, r) => s + r.invoice.amountKobo, 0);
    const figures = (list: typeof inRange) => ({
      invoices: list.length,
      voidedInvoices: list.filter((r) => r.invoice.status === 'VOID').length,
      spend: sum(list, (i) => i.status !== 'VOID'),
      paid: sum(list, (i) => i.status === 'PAID'),
      outstanding: sum(list, (i) => i.status === 'PENDING_PAYMENT'),
      overdue: sum(list, (i) => i.status === 'PENDING_PAYMENT' && i.dueAt.getTime() < now),
      voided: sum(list, (i) => i.status === 'VOID'),
    });
    const groups = new Map<string, typeof inRange>();
    for (const r of inRange) {
      const key = [
        lagosDay(r.invoice.createdAt),
        r.transporter,
        CARGO_TYPE_LABELS[r.cargoType as CargoType],
      ].join('|');
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    return {
      totals: figures(inRange),
      rows: [...groups].map(([key, list]) => {
        const [period, transporter, cargoType] = key.split('|');
        return { period, transporter, cargoType, ...figures(list) };
      }),
    };
  }

  it('equals the invoices counted one by one: rows, figures and chart', async () => {
    const res = await call(t.app, 'GET', `/api/v1/reports/financial?${RANGE}&size=100`, undefined, {
      token: customer.accessToken,
    });
    expect(res.status).toBe(200);
    const want = await expected();
    expect(want.rows.length).toBeGreaterThanOrEqual(3);
    const key = (r: { period?: unknown; transporter?: unknown; cargoType?: unknown }) =>
      `${r.period}|${r.transporter}|${r.cargoType}`;
    const got = [...res.body.page.content].sort((x, y) => key(x).localeCompare(key(y)));
    const wanted = [...want.rows].sort((x, y) => key(x).localeCompare(key(y)));
    expect(got).toEqual(
      wanted.map((w) => ({
        ...w,
        paidShare: w.spend === 0 ? null : Math.round((1000 * w.paid) / w.spend) / 10,
      })),
    );
    expect(res.body.page.totalElements).toBe(want.rows.length);
    // Thirty days are grouped by day: the period column holds dates, shown as "21 Nov 2026".
    expect(res.body.columns[0]).toEqual({ key: 'period', label: 'Period', type: 'date' });
    const figure = (k: string) => res.body.summary.find((f: { key: string }) => f.key === k)?.value;
    expect(figure('spend')).toBe(want.totals.spend);
    expect(figure('paid')).toBe(want.totals.paid);
    expect(figure('outstanding')).toBe(want.totals.outstanding);
    expect(figure('overdue')).toBe(want.totals.overdue);
    expect(figure('voided')).toBe(want.totals.voided);
    // A voided invoice stays in the books: counted among the invoices, and among the voided ones.
    expect(figure('invoices')).toBe(want.totals.invoices);
    expect(figure('voidedInvoices')).toBe(want.totals.voidedInvoices);
    expect(figure('voidedInvoices')).toBeGreaterThan(0);
    expect(figure('averagePerTrip')).toBe(
      Math.round(want.totals.spend / (want.totals.invoices - want.totals.voidedInvoices)),
    );
    expect(figure('overdue')).toBeGreaterThan(0);
    expect(figure('paid')).toBeGreaterThan(0);
    // The chart has every day of the range, and its bars add up to the paid and outstanding figures.
    expect(res.body.chart.points).toHaveLength(30);
    const chartSum = (k: string) =>
      res.body.chart.points.reduce((s: number, p: Record<string, number>) => s + p[k]!, 0);
    expect(chartSum('paid')).toBe(want.totals.paid);
    expect(chartSum('outstanding')).toBe(want.totals.outstanding);
  });

  it('pages its table in a stable order', async () => {
    const all = await call(t.app, 'GET', `/api/v1/reports/financial?${RANGE}&size=100`, undefined, {
      token: customer.accessToken,
    });
    const pages = [];
    for (let page = 0; page < all.body.page.totalElements; page++) {
      const res = await call(
        t.app,
        'GET',
        `/api/v1/reports/financial?${RANGE}&size=1&page=${page}`,
        undefined,
        {
          token: customer.accessToken,
        },
      );
      pages.push(...res.body.page.content);
    }
    expect(pages).toEqual(all.body.page.content);
  });

  it('shows a company only its own invoices, and no other role the report', async () => {
    const res = await call(t.app, 'GET', `/api/v1/reports/financial?${RANGE}`, undefined, {
      token: other.accessToken,
    });
    expect(res.status).toBe(200);
    const otherInvoices = await t.ctx.db
      .select()
      .from(invoices)
      .where(inArray(invoices.customerCompanyId, [other.company.id]));
    expect(res.body.summary.find((f: { key: string }) => f.key === 'spend').value).toBe(
      otherInvoices.reduce((s, i) => s + i.amountKobo, 0),
    );
    const admin = await signedInAccount(t, 'ADMIN');
    for (const token of [first.accessToken, admin.accessToken]) {
      for (const url of [
        `/api/v1/reports/financial?${RANGE}`,
        `/api/v1/reports/financial/export?format=csv&${RANGE}`,
      ]) {
        const refused = await call(t.app, 'GET', url, undefined, { token });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe('Report not found');
      }
    }
    expect((await call(t.app, 'GET', `/api/v1/reports/financial?${RANGE}`)).status).toBe(401);
  });

  it('refuses a range it cannot read, naming the field', async () => {
    const cases: [string, string, string][] = [
      [`from=${TO}&to=${FROM}`, 'query.to', 'to must not be before from'],
      ['from=2024-01-01&to=2026-01-02', 'query.to', 'A report covers at most 2 years (731 days)'],
      ['from=2026-02-30&to=2026-03-02', 'query.from', 'from must be a date written YYYY-MM-DD'],
      ['from=2026-01-01&to=01/02/2026', 'query.to', 'to must be a date written YYYY-MM-DD'],
    ];
    for (const [query, field, message] of cases) {
      for (const url of [
        `/api/v1/reports/financial?${query}`,
        `/api/v1/reports/financial/export?format=xlsx&${query}`,
      ]) {
        const res = await call(t.app, 'GET', url, undefined, { token: customer.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ field, message }]);
      }
    }
    const unknown = await call(t.app, 'GET', `/api/v1/reports/profit?${RANGE}`, undefined, {
      token: customer.accessToken,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe('params.kind');
    const format = await call(
      t.app,
      'GET',
      `/api/v1/reports/financial/export?format=docx&${RANGE}`,
      undefined,
      {
        token: customer.accessToken,
      },
    );
    expect(format.body.errors[0].field).toBe('query.format');
  });

  it('exports the same table as CSV, XLSX and PDF', async () => {
    const page = await call(t.app, 'GET', `/api/v1/reports/financial?${RANGE}&size=100`, undefined, {
      token: customer.accessToken,
    });
    const download = (format: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/reports/financial/export?format=${format}&${RANGE}`,
        headers: { authorization: `Bearer ${customer.accessToken}` },
      });
    const csv = await download('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`financial-report-${FROM}-to-${TO}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Period,Transporter,Cargo type,Invoices,Voided invoices,Spend (NGN),Paid (NGN),Outstanding (NGN),Overdue (NGN),Voided (NGN),Paid share (%)',
    );
    expect(lines).toHaveLength(page.body.page.totalElements + 1);

    const xlsx = await download('xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload.buffer.slice(xlsx.rawPayload.byteOffset) as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Financial report')!;
    expect(sheet.rowCount).toBe(page.body.page.totalElements + 1);
    const spendColumn = 6;
    let spend = 0;
    sheet.eachRow((row, n) => {
      if (n > 1) spend += Math.round(Number(row.getCell(spendColumn).value) * 100);
    });
    const totalSpend = page.body.summary.find((f: { key: string }) => f.key === 'spend').value;
    expect(spend).toBe(totalSpend);

    const pdf = await download('pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('Financial report');
    expect(text).toContain(formatMoney(totalSpend));
    expect(text).toContain(customer.company.name);
  });
});
