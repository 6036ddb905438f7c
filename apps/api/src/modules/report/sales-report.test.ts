import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceAmounts } from '@freightlane/domain';
import {
  customerCostWorld,
  type CostWorldTrip,
  type CustomerCostWorld,
} from '../../test/customer-cost-world';
import { lagosDayOf, REPORT_FROM, REPORT_RANGE, REPORT_TO } from '../../test/report-world';
import { call, createTestApp, type TestApp } from '../../test/test-app';

type Trip = CostWorldTrip;

/** The report computed another way: the trips awarded in the range, not cancelled, grouped here by client. */
function expectedOf(rows: Trip[]) {
  const counted = rows.filter(
    (r) =>
      r.trip.cancelledAt === null &&
      lagosDayOf(r.trip.createdAt) >= REPORT_FROM &&
      lagosDayOf(r.trip.createdAt) <= REPORT_TO,
  );
  const clients = new Map<string, Trip[]>();
  for (const r of counted) {
    const key = r.clientName.trim().toLowerCase();
    clients.set(key, [...(clients.get(key) ?? []), r]);
  }
  const sum = (list: Trip[], amount: (r: Trip) => number) => list.reduce((s, r) => s + amount(r), 0);
  const haulageOf = (list: Trip[]) => sum(list, (r) => r.trip.amountKobo);
  const outstandingOf = (list: Trip[]) =>
    sum(list, (r) => (r.invoice.status === 'PENDING_PAYMENT' ? r.invoice.amountKobo : 0));
  const haulage = haulageOf(counted);
  const byClient = [...clients.values()]
    .map((list) => {
      const names = list.map((r) => r.clientName.trim()).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
      const awarded = list.map((r) => r.trip.createdAt.getTime()).sort((x, y) => x - y);
      const general = list.filter((r) => r.trip.cargoType === 'GENERAL_CARGO');
      return {
        clientName: names[0]!,
        orders: new Set(list.map((r) => r.trip.orderId)).size,
        trips: list.length,
        containers: list.length - general.length,
        truckLoads: general.length,
        tonnes: Math.round(sum(general, (r) => r.consignment.weightKg ?? 0) / 100) / 10,
        haulageCost: haulageOf(list),
        share: Math.round((1000 * haulageOf(list)) / haulage) / 10,
        outstanding: outstandingOf(list),
        firstAward: new Date(awarded[0]!).toISOString(),
        lastAward: new Date(awarded.at(-1)!).toISOString(),
      };
    })
    .sort((x, y) => y.haulageCost - x.haulageCost);
  const rest = byClient.slice(10);
  return {
    clients: clients.size,
    trips: counted.length,
    haulage,
    outstanding: outstandingOf(counted),
    averagePerClient: clients.size === 0 ? null : Math.round(haulage / clients.size),
    rows: byClient,
    chart: [
      ...byClient.slice(0, 10).map((c) => ({ client: c.clientName, haulageCost: c.haulageCost })),
      ...(rest.length > 0
        ? [{ client: 'Others', haulageCost: rest.reduce((s, c) => s + c.haulageCost, 0) }]
        : []),
    ],
  };
}

const figure = (body: Record<string, any>, key: string) =>
  body.summary.find((f: { key: string }) => f.key === key)?.value;

describe('the sales report', () => {
  let t: TestApp;
  let world: CustomerCostWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await customerCostWorld(t);
  }, 180_000);
  afterAll(() => t?.close());

  const report = (token: string, query = `${REPORT_RANGE}&size=100`) =>
    call(t.app, 'GET', `/api/v1/reports/sales?${query}`, undefined, { token });

  it('equals the trips billed one by one, per client name however it was typed', async () => {
    const res = await report(world.customer.accessToken);
    expect(res.status).toBe(200);
    const all = await world.tripsOf();
    const want = expectedOf(all);
    // Non-trivial: one client typed three ways, more than ten clients, trips the report leaves out.
    const dangote = want.rows.find((r) => r.clientName === 'DANGOTE FOODS LTD')!;
    expect(dangote.orders).toBe(3);
    expect(new Set(all.map((r) => r.clientName.trim().toLowerCase())).size).toBeGreaterThan(want.clients);
    expect(want.clients).toBeGreaterThan(10);
    // Some trips are paid: less is outstanding than the haulage with its VAT.
    expect(want.outstanding).toBeLessThan(invoiceAmounts(want.haulage).totalKobo);

    expect(res.body.columns.map((c: { key: string }) => c.key)).toEqual([
      'clientName',
      'orders',
      'trips',
      'containers',
      'truckLoads',
      'tonnes',
      'haulageCost',
      'share',
      'outstanding',
      'firstAward',
      'lastAward',
    ]);
    expect(res.body.page.content).toEqual(want.rows);
    expect(res.body.page.totalElements).toBe(want.clients);

    expect(res.body.summary.map((f: { key: string }) => f.key)).toEqual([
      'clients',
      'trips',
      'haulageCost',
      'outstanding',
      'averagePerClient',
    ]);
    expect(figure(res.body, 'clients')).toBe(want.clients);
    expect(figure(res.body, 'trips')).toBe(want.trips);
    expect(figure(res.body, 'haulageCost')).toBe(want.haulage);
    expect(figure(res.body, 'outstanding')).toBe(want.outstanding);
    expect(figure(res.body, 'averagePerClient')).toBe(want.averagePerClient);

    expect(res.body.chart).toMatchObject({ kind: 'donut', labelKey: 'client', valueType: 'money' });
    expect(res.body.chart.points).toEqual(want.chart);
    expect(res.body.chart.points.at(-1).client).toBe('Others');
  });

  it('pages its clients in one stable order', async () => {
    const all = await report(world.customer.accessToken);
    const paged = [];
    for (let page = 0; page * 4 < all.body.page.totalElements; page++) {
      const res = await report(world.customer.accessToken, `${REPORT_RANGE}&size=4&page=${page}`);
      paged.push(...res.body.page.content);
    }
    expect(paged).toEqual(all.body.page.content);
  });

  it('keeps one customer’s client apart from another’s of the same name; the other side and admins see nothing', async () => {
    const res = await report(world.otherCustomer.accessToken);
    expect(res.status).toBe(200);
    const want = expectedOf(await world.tripsOf(world.otherCustomer.company.id));
    expect(want.rows.map((r) => r.clientName)).toEqual(['Dangote Foods Ltd']);
    expect(res.body.page.content).toEqual(want.rows);
    expect(figure(res.body, 'haulageCost')).toBe(want.haulage);
    for (const token of [
      world.transporter.accessToken,
      world.fleetManager.accessToken,
      world.admin.accessToken,
    ]) {
      for (const url of [
        `/api/v1/reports/sales?${REPORT_RANGE}`,
        `/api/v1/reports/sales/export?format=xlsx&${REPORT_RANGE}`,
      ]) {
        const refused = await call(t.app, 'GET', url, undefined, { token });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe('Report not found');
      }
    }
  });

  it('answers zeros and N/A over a range without trips', async () => {
    const res = await report(world.customer.accessToken, 'from=2024-01-01&to=2024-01-31');
    expect(res.status).toBe(200);
    expect(
      Object.fromEntries(res.body.summary.map((f: { key: string; value: unknown }) => [f.key, f.value])),
    ).toEqual({
      clients: 0,
      trips: 0,
      haulageCost: 0,
      outstanding: 0,
      averagePerClient: null,
    });
    expect(res.body.chart.points).toEqual([]);
    expect(res.body.page).toMatchObject({ content: [], totalElements: 0 });
  });

  it('refuses a range it cannot read, naming the field', async () => {
    const cases: [string, string, string][] = [
      [`from=${REPORT_TO}&to=${REPORT_FROM}`, 'query.to', 'to must not be before from'],
      ['from=2024-01-01&to=2026-01-02', 'query.to', 'A report covers at most 2 years (731 days)'],
      ['from=24/11/2026&to=2026-11-30', 'query.from', 'from must be a date written YYYY-MM-DD'],
    ];
    for (const [query, field, message] of cases) {
      for (const url of [
        `/api/v1/reports/sales?${query}`,
        `/api/v1/reports/sales/export?format=xlsx&${query}`,
      ]) {
        const res = await call(t.app, 'GET', url, undefined, { token: world.customer.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ field, message }]);
      }
    }
  });

  it('exports its clients as XLSX, names and naira as the page shows them', async () => {
    const page = await report(world.customer.accessToken);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/sales/export?format=xlsx&${REPORT_RANGE}`,
      headers: { authorization: `Bearer ${world.customer.accessToken}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`sales-report-${REPORT_FROM}-to-${REPORT_TO}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload.buffer.slice(xlsx.rawPayload.byteOffset) as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Sales report')!;
    const cells: [string, number, number][] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) {
        expect(row.getCell(1).value).toBe('Client name');
        expect(row.getCell(7).value).toBe('Haulage cost (NGN)');
      } else {
        cells.push([
          String(row.getCell(1).value),
          Number(row.getCell(3).value),
          Number(row.getCell(7).value),
        ]);
      }
    });
    expect(cells).toEqual(
      page.body.page.content.map((r: Record<string, any>) => [r.clientName, r.trips, r.haulageCost / 100]),
    );
  });
});
