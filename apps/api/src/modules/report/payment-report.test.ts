import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import {
  customerReportWorld,
  lagosDayOf,
  REPORT_FROM,
  REPORT_RANGE,
  REPORT_TO,
} from '../../test/report-world';
import { call, createTestApp, type TestApp } from '../../test/test-app';

const DAY = 24 * 60 * 60 * 1000;

describe('the payment report', () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof customerReportWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    world = await customerReportWorld(t);
    // One more payment, late: raised ten days ago, due five days ago, paid yesterday.
    const [pending] = (await world.invoicesOfCustomer()).filter(
      (r) => r.invoice.status === 'PENDING_PAYMENT' && r.invoice.dueAt.getTime() > Date.now(),
    );
    const now = Date.now();
    await t.ctx.db
      .update(invoices)
      .set({
        status: 'PAID',
        createdAt: new Date(now - 10 * DAY),
        dueAt: new Date(now - 5 * DAY),
        paidAt: new Date(now - DAY),
      })
      .where(eq(invoices.id, pending!.invoice.id));
  });
  afterAll(() => t?.close());

  const report = (token: string) =>
    call(t.app, 'GET', `/api/v1/reports/payment?${REPORT_RANGE}&size=100`, undefined, { token });

  it('lists the invoices paid in the range with the days each took, as the invoices themselves say', async () => {
    const res = await report(world.customer.accessToken);
    expect(res.status).toBe(200);
    const inRange = (at: Date) => lagosDayOf(at) >= REPORT_FROM && lagosDayOf(at) <= REPORT_TO;
    const all = await world.invoicesOfCustomer();
    const paid = all
      .filter((r) => r.invoice.status === 'PAID' && r.invoice.paidAt && inRange(r.invoice.paidAt))
      .sort(
        (x, y) =>
          x.invoice.paidAt!.getTime() - y.invoice.paidAt!.getTime() ||
          x.invoice.invoiceNumber.localeCompare(y.invoice.invoiceNumber),
      );
    const days = (r: (typeof paid)[number]) =>
      Math.round(
        (Date.parse(lagosDayOf(r.invoice.paidAt!)) - Date.parse(lagosDayOf(r.invoice.createdAt))) / DAY,
      );
    expect(paid).toHaveLength(3);
    expect(res.body.page.content).toEqual(
      paid.map((r) => ({
        paidAt: r.invoice.paidAt!.toISOString(),
        invoice: r.invoice.invoiceNumber,
        trip: r.tripNumber,
        order: r.orderNumber,
        transporter: r.transporter,
        amount: r.invoice.amountKobo,
        daysToPay: days(r),
        paidOnTime: r.invoice.paidAt! <= r.invoice.dueAt ? 'Yes' : 'No',
      })),
    );
    const figure = (key: string) => res.body.summary.find((f: { key: string }) => f.key === key).value;
    expect(figure('payments')).toBe(3);
    expect(figure('amount')).toBe(paid.reduce((s, r) => s + r.invoice.amountKobo, 0));
    expect(figure('averageDaysToPay')).toBe(
      Math.round((10 * paid.reduce((s, r) => s + days(r), 0)) / 3) / 10,
    );
    expect(figure('paidOnTime')).toBe(66.7);
    const dueUnpaid = all
      .filter((r) => r.invoice.status === 'PENDING_PAYMENT' && inRange(r.invoice.dueAt))
      .reduce((s, r) => s + r.invoice.amountKobo, 0);
    expect(figure('dueUnpaid')).toBe(dueUnpaid);
    expect(dueUnpaid).toBeGreaterThan(0);
    const charted = res.body.chart.points.reduce((s: number, p: { amount: number }) => s + p.amount, 0);
    expect(charted).toBe(figure('amount'));
  });

  it('shows another customer none of these payments, and no transporter the report', async () => {
    const other = await report(world.other.accessToken);
    expect(other.status).toBe(200);
    expect(other.body.page.totalElements).toBe(0);
    expect(other.body.summary.find((f: { key: string }) => f.key === 'paidOnTime').value).toBeNull();
    expect((await report(world.second.accessToken)).status).toBe(404);
  });

  it('refuses a malformed date, naming the field', async () => {
    const res = await call(t.app, 'GET', '/api/v1/reports/payment?from=2026-13-01', undefined, {
      token: world.customer.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'query.from', message: 'from must be a date written YYYY-MM-DD' },
    ]);
  });
});
