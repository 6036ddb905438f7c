import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARGO_TYPE_LABELS, lagosDateInDays, type CargoType } from '@freightlane/domain';
import { pdfPages } from '../../test/pdf-text';
import {
  customerReportWorld,
  lagosDayOf,
  REPORT_FROM,
  REPORT_RANGE,
  REPORT_TO,
} from '../../test/report-world';
import { call, createTestApp, type TestApp } from '../../test/test-app';

describe('the invoice report', () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof customerReportWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    world = await customerReportWorld(t);
  });
  afterAll(() => t?.close());

  const report = (token: string, query = REPORT_RANGE) =>
    call(t.app, 'GET', `/api/v1/reports/invoice?${query}&size=100`, undefined, { token });

  it('lists every invoice raised in the range with its status now, as the invoices themselves say', async () => {
    const res = await report(world.customer.accessToken);
    expect(res.status).toBe(200);
    const now = Date.now();
    const today = lagosDateInDays(0);
    const statusOf = (i: { status: string; dueAt: Date }) =>
      i.status === 'PAID'
        ? 'Paid'
        : i.status === 'VOID'
          ? 'Void'
          : i.dueAt.getTime() < now
            ? 'Overdue'
            : 'Pending';
    const want = (await world.invoicesOfCustomer())
      .filter(
        (r) => lagosDayOf(r.invoice.createdAt) >= REPORT_FROM && lagosDayOf(r.invoice.createdAt) <= REPORT_TO,
      )
      .sort(
        (x, y) =>
          x.invoice.createdAt.getTime() - y.invoice.createdAt.getTime() ||
          x.invoice.invoiceNumber.localeCompare(y.invoice.invoiceNumber),
      )
      .map((r) => ({
        invoice: r.invoice.invoiceNumber,
        issued: r.invoice.createdAt.toISOString(),
        due: lagosDayOf(r.invoice.dueAt),
        status: statusOf(r.invoice),
        trip: r.tripNumber,
        order: r.orderNumber,
        clientName: r.clientName,
        transporter: r.transporter,
        cargoType: CARGO_TYPE_LABELS[r.cargoType as CargoType],
        cargo: r.containerNumber,
        amount: r.invoice.amountKobo,
        paidAt: r.invoice.paidAt?.toISOString() ?? null,
        daysOverdue:
          statusOf(r.invoice) === 'Overdue'
            ? Math.round((Date.parse(today) - Date.parse(lagosDayOf(r.invoice.dueAt))) / 86_400_000)
            : null,
      }));
    expect(want.map((w) => w.status).sort()).toEqual(['Overdue', 'Paid', 'Paid', 'Pending', 'Void']);
    expect(res.body.page.content).toEqual(want);
    expect(res.body.page.content.find((r: { status: string }) => r.status === 'Overdue').daysOverdue).toBe(3);

    const figure = (key: string) => res.body.summary.find((f: { key: string }) => f.key === key).value;
    const amount = (status: string) =>
      want.filter((w) => w.status === status).reduce((s, w) => s + w.amount, 0);
    expect(figure('invoices')).toBe(want.length);
    expect(figure('invoiced')).toBe(
      want.filter((w) => w.status !== 'Void').reduce((s, w) => s + w.amount, 0),
    );
    for (const [key, status] of [
      ['pending', 'Pending'],
      ['overdue', 'Overdue'],
      ['paid', 'Paid'],
      ['voided', 'Void'],
    ] as const) {
      expect(figure(key)).toBe(amount(status));
      expect(res.body.chart.points.find((p: { status: string }) => p.status === status).amount).toBe(
        amount(status),
      );
    }
  });

  it('shows another customer none of these invoices, and no transporter the report', async () => {
    const other = await report(world.other.accessToken);
    const mine = new Set((await world.invoicesOfCustomer()).map((r) => r.invoice.invoiceNumber));
    expect(other.body.page.content.length).toBe(1);
    expect(other.body.page.content.some((r: { invoice: string }) => mine.has(r.invoice))).toBe(false);
    const refused = await report(world.first.accessToken);
    expect(refused.status).toBe(404);
    const download = await call(
      t.app,
      'GET',
      `/api/v1/reports/invoice/export?format=pdf&${REPORT_RANGE}`,
      undefined,
      {
        token: world.first.accessToken,
      },
    );
    expect(download.status).toBe(404);
  });

  it('refuses a range over two years or ending before it starts, naming the field', async () => {
    for (const query of ['from=2024-01-01&to=2026-01-02', `from=${REPORT_TO}&to=${REPORT_FROM}`]) {
      const res = await report(world.customer.accessToken, query);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('query.to');
    }
  });

  it('exports a PDF with the invoices as the page shows them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/invoice/export?format=pdf&${REPORT_RANGE}`,
      headers: { authorization: `Bearer ${world.customer.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    const text = (await pdfPages(res.rawPayload)).join(' ');
    const page = await report(world.customer.accessToken);
    for (const row of page.body.page.content) expect(text).toContain(row.invoice);
    expect(text).toContain('Overdue');
  });
});
