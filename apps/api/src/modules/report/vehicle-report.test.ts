import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_MS,
  EXPIRY_STATUS_LABELS,
  expiringWithin,
  lagosDateInDays,
  lagosToday,
  TRUCK_DOCUMENT_KINDS,
  TRUCK_DOCUMENT_LABELS,
} from '@freightlane/domain';
import { signedInAccount } from '../../test/accounts';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import {
  daysFromTo,
  RANGE,
  RANGE_FROM as FROM,
  RANGE_TO as TO,
  transporterReportWorld,
  type TransporterReportWorld,
} from '../../test/transporter-report-world';

const NEXT_FROM = lagosDateInDays(0);
const NEXT_TO = lagosDateInDays(30);

describe('the vehicle report', () => {
  let t: TestApp;
  let world: TransporterReportWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await transporterReportWorld(t);
  }, 120_000);
  afterAll(() => t?.close());

  const read = (token: string, from: string, to: string) =>
    call(t.app, 'GET', `/api/v1/reports/vehicle?from=${from}&to=${to}&size=100`, undefined, { token });

  /** The rows and figures computed another way: each active truck's documents read and judged by the domain. */
  async function expected(companyId: string, from: string, to: string) {
    const now = new Date();
    const trucks = (await world.trucksOf(companyId)).filter((truck) => truck.active);
    const tripRows = await world.tripsOf(companyId);
    const documents = trucks.flatMap((truck) =>
      TRUCK_DOCUMENT_KINDS.map((kind, order) => {
        const expiresOn = truck.documents[kind]?.expiresOn ?? null;
        return {
          truck,
          order,
          expiresOn,
          state: expiringWithin(expiresOn, 30, now),
          row: {
            truck: truck.registrationNumber,
            makeModel: `${truck.make} ${truck.model}`,
            document: TRUCK_DOCUMENT_LABELS[kind],
            number: truck.documents[kind]?.number ?? null,
            expiresOn,
            state: EXPIRY_STATUS_LABELS[expiringWithin(expiresOn, 30, now)],
            daysLeft:
              expiresOn === null
                ? null
                : Math.round((Date.parse(expiresOn) - Date.parse(lagosToday(now))) / DAY_MS),
            onTrip: tripRows.some(
              (r) => r.trip.truckId === truck.id && !r.trip.completed && !r.trip.cancelledAt,
            )
              ? 'Yes'
              : 'No',
          },
        };
      }),
    );
    const inRange = (d: (typeof documents)[number]) =>
      d.expiresOn !== null && d.expiresOn >= from && d.expiresOn <= to;
    // Whatever needs seeing to now (missing, expired, expiring), and whatever falls due in the range.
    const rows = documents.filter((d) => d.state !== 'VALID' || inRange(d));
    const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    rows.sort(
      (a, b) =>
        Number(a.expiresOn !== null) - Number(b.expiresOn !== null) ||
        compare(a.expiresOn ?? '', b.expiresOn ?? '') ||
        compare(a.truck.registrationNumber, b.truck.registrationNumber) ||
        a.order - b.order,
    );
    const count = (state: string) => documents.filter((d) => d.state === state).length;
    return {
      rows: rows.map((d) => d.row),
      summary: {
        trucks: trucks.length,
        expired: count('EXPIRED'),
        expiring: count('EXPIRING'),
        missing: count('MISSING'),
        allValid: trucks.filter((truck) =>
          documents.filter((d) => d.truck.id === truck.id).every((d) => d.state === 'VALID'),
        ).length,
        dueInRange: documents.filter(inRange).length,
      },
      chart: (day: boolean) =>
        [...new Set(daysFromTo(from, to).map((d) => (day ? d : d.slice(0, 7))))].map((period) => ({
          period,
          ...Object.fromEntries(
            TRUCK_DOCUMENT_KINDS.map((kind, order) => [
              kind,
              documents.filter((d) => d.order === order && inRange(d) && d.expiresOn!.startsWith(period))
                .length,
            ]),
          ),
        })),
    };
  }

  const figures = (body: Record<string, any>) =>
    Object.fromEntries((body.summary as { key: string; value: unknown }[]).map((f) => [f.key, f.value]));

  it('lists the documents to see to now and those falling due in the range, as the domain judges them', async () => {
    for (const [from, to, size] of [
      [FROM, TO, 7],
      [NEXT_FROM, NEXT_TO, 7],
    ] as const) {
      const res = await read(world.owner.accessToken, from, to);
      expect(res.status).toBe(200);
      const want = await expected(world.owner.company.id, from, to);
      expect(res.body.page.content).toEqual(want.rows);
      expect(res.body.page.totalElements).toBe(size);
      expect(figures(res.body)).toEqual(want.summary);
      expect(res.body.chart.points).toEqual(want.chart(true));
    }
    const past = await read(world.owner.accessToken, FROM, TO);
    // TA4's licence expired three days ago too, but TA4 is inactive. TA3's insurance expired before the
    // range and is still expired: a row, as the documents expiring within 30 days (after the range) are.
    const { TA1, TA3, TA5 } = world.trucks;
    const plates = [TA1.registrationNumber, TA5.registrationNumber].sort();
    expect(
      past.body.page.content.map((r: { truck: string; document: string }) => [r.truck, r.document]),
    ).toEqual([
      [plates[0], 'Hackney permit'],
      [plates[1], 'Hackney permit'],
      [TA3.registrationNumber, 'Insurance'],
      [TA1.registrationNumber, 'Vehicle licence'],
      [TA1.registrationNumber, 'Road worthiness'],
      [TA5.registrationNumber, 'Road worthiness'],
      [TA3.registrationNumber, 'Hackney permit'],
    ]);
    expect(past.body.page.content[3]).toMatchObject({
      number: 'VL-100001',
      state: 'Expired',
      daysLeft: -5,
      onTrip: 'Yes',
    });
    expect(figures(past.body)).toEqual({
      trucks: 4,
      expired: 2,
      expiring: 3,
      missing: 2,
      allValid: 1,
      dueInRange: 1,
    });
  });

  it('groups a long range by month and shows the fleet manager what the owner sees', async () => {
    const from = lagosDateInDays(-100);
    const to = lagosDateInDays(365);
    const res = await read(world.owner.accessToken, from, to);
    const want = await expected(world.owner.company.id, from, to);
    expect(res.body.page.content).toEqual(want.rows);
    expect(res.body.chart.points).toEqual(want.chart(false));
    const manager = await read(world.fleetManager.accessToken, from, to);
    expect(manager.status).toBe(200);
    expect(manager.body).toEqual(res.body);
  });

  it('shows another transporter only its own trucks, and customers and admins no report', async () => {
    const res = await read(world.other.accessToken, FROM, TO);
    expect(res.status).toBe(200);
    expect(res.body.page.content).toEqual((await expected(world.other.company.id, FROM, TO)).rows);
    expect(new Set(res.body.page.content.map((r: { truck: string }) => r.truck))).toEqual(
      new Set([world.trucks.TB1.registrationNumber]),
    );
    expect(figures(res.body)).toMatchObject({ trucks: 1, missing: 2, expired: 1, expiring: 1 });
    const admin = await signedInAccount(t, 'ADMIN');
    for (const token of [world.customer.accessToken, admin.accessToken]) {
      for (const url of [
        `/api/v1/reports/vehicle?${RANGE}`,
        `/api/v1/reports/vehicle/export?format=xlsx&${RANGE}`,
      ]) {
        const refused = await call(t.app, 'GET', url, undefined, { token });
        expect(refused.status).toBe(404);
        expect(refused.body.message).toBe('Report not found');
      }
    }
  });

  it('refuses a range it cannot read, naming the field', async () => {
    for (const [query, field] of [
      [`from=${TO}&to=${FROM}`, 'query.to'],
      ['from=2026-13-01&to=2026-12-02', 'query.from'],
      [`from=${FROM}&to=2026-1-5`, 'query.to'],
    ] as const) {
      for (const url of [
        `/api/v1/reports/vehicle?${query}`,
        `/api/v1/reports/vehicle/export?format=xlsx&${query}`,
      ]) {
        const res = await call(t.app, 'GET', url, undefined, { token: world.owner.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe(field);
      }
    }
  });

  it('exports the documents as XLSX', async () => {
    const page = await read(world.owner.accessToken, NEXT_FROM, NEXT_TO);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/vehicle/export?format=xlsx&from=${NEXT_FROM}&to=${NEXT_TO}`,
      headers: { authorization: `Bearer ${world.owner.accessToken}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`vehicle-report-${NEXT_FROM}-to-${NEXT_TO}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload.buffer.slice(xlsx.rawPayload.byteOffset) as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Vehicle report')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(columnsOf(page.body));
    expect(rows.slice(1).map((r) => [r[0], r[2]])).toEqual(
      page.body.page.content.map((r: { truck: string; document: string }) => [r.truck, r.document]),
    );
    // A missing document leaves its date and days empty; a dated one is a date cell and a whole number.
    expect(rows[1]![4]).toBeUndefined();
    const dated = rows.find((r) => r[4] instanceof Date)!;
    expect(dated[6]).toBe(
      page.body.page.content.find((r: { expiresOn: string | null }) => r.expiresOn !== null).daysLeft,
    );
  });
});

function columnsOf(body: Record<string, any>) {
  return (body.columns as { label: string }[]).map((c) => c.label);
}
