import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARGO_TYPE_LABELS,
  CARGO_TYPES,
  CONTAINER_SIZE_LABELS,
  formatMoney,
  INVOICE_STATUS_LABELS,
  locationText,
  TRIP_STATUS_LABELS,
  TRUCK_TYPE_LABELS,
} from '@freightlane/domain';
import { signedInAccount } from '../../test/accounts';
import {
  customerTripsWorld,
  REPORT_FROM,
  REPORT_RANGE,
  REPORT_TO,
  tripFacts,
  type CustomerTripRow,
  type CustomerTripsWorld,
} from '../../test/customer-trips-world';
import { pdfPages } from '../../test/pdf-text';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { reportInput } from './report-definition';
import { reportWindow } from './report-window';
import { masterPdfColumns } from './master-report.service';
import { masterRows, type MasterKey } from './master-report.repository';

const VERDICTS = { ON_TIME: 'On time', LATE: 'Late', PENDING: 'Pending', NO_TARGET: 'No target' } as const;
const hours = (h: number | null) => (h === null ? null : Math.round(h * 10) / 10);
const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;
const name = (p: { firstName: string | null; lastName: string | null } | null) =>
  p?.firstName ? `${p.firstName} ${p.lastName}` : null;

/** A master row computed another way: from the trip's own rows, judged in JS (docs/reports.md 2.4, 1.8). */
function expectedRow(r: CustomerTripRow, now: Date) {
  const f = tripFacts(r, now);
  const { trip, consignment: c, invoice } = r;
  const location = trip.currentLocation;
  return {
    trip: trip.tripNumber,
    order: r.order.orderNumber,
    clientName: r.order.clientName,
    reference: r.order.reference || null,
    cargoType: CARGO_TYPE_LABELS[trip.cargoType],
    cargo: c?.containerNumber || c?.description || null,
    containerSize: c?.containerSize ? CONTAINER_SIZE_LABELS[c.containerSize] : null,
    liner: r.liner,
    deliveryOrderValidTo: c?.deliveryOrderValidityDate ?? null,
    quantity: c?.quantity ?? null,
    weight: c?.weightKg == null ? null : Math.round(c.weightKg / 100) / 10,
    truckTypeWanted: c?.truckType ? TRUCK_TYPE_LABELS[c.truckType] : null,
    pickup: locationText({ terminal: r.pickupTerminal, address: trip.pickupAddress }),
    delivery: locationText({ terminal: r.recipientTerminal, address: trip.recipientAddress }),
    pickupDate: trip.pickupDate,
    expectedDelivery: trip.expectedDeliveryDate,
    transporter: r.transporter,
    truck: r.truck,
    driver: name(r.driver),
    motorBoy: name(r.motorBoy),
    amount: trip.amountKobo,
    invoice: invoice?.invoiceNumber ?? null,
    invoiceStatus: !invoice
      ? null
      : invoice.status === 'PENDING_PAYMENT' && invoice.dueAt < now
        ? 'Overdue'
        : INVOICE_STATUS_LABELS[invoice.status],
    status: f.cancelled
      ? 'Cancelled'
      : trip.latestStatus
        ? TRIP_STATUS_LABELS[trip.latestStatus]
        : 'Awaiting start',
    started: iso(f.startedAt),
    atPickup: iso(f.arrivedPickupAt),
    loaded: iso(f.loadedAt),
    atDelivery: iso(f.arrivedDeliveryAt),
    delivered: iso(f.deliveredAt),
    emptyDroppedOff: iso(f.emptyDroppedAt),
    transit: hours(f.transitHours),
    waitAtLoadout: hours(f.waitAtLoadoutHours),
    onTimePickup: f.cancelled && !f.arrivedPickupAt ? null : VERDICTS[f.pickup],
    onTimeDelivery: f.cancelled && !f.deliveredAt ? null : VERDICTS[f.delivery],
    issues: r.issues.length,
    openIssues: r.issues.filter((i) => i.status === 'OPEN').length,
    documents: r.documents.length,
    proofOfDelivery: r.documents.some((d) => d.kind === 'PROOF_OF_DELIVERY') ? 'Yes' : 'No',
    lastLocation: location
      ? [location.description, location.lga, location.state].filter((p) => p).join(', ')
      : null,
    cancelledAt: iso(trip.cancelledAt),
    cancellationReason: trip.cancellationReason,
    awardedAt: trip.createdAt.toISOString(),
  };
}

describe('the master report', () => {
  let t: TestApp;
  let world: CustomerTripsWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await customerTripsWorld(t);
  });
  afterAll(() => t?.close());

  const report = (token: string, query = `${REPORT_RANGE}&size=100`) =>
    call(t.app, 'GET', `/api/v1/reports/master?${query}`, undefined, { token });
  const figure = (body: Record<string, any>, key: string) =>
    body.summary.find((f: { key: string }) => f.key === key)?.value;
  const download = (format: string, token = world.customer.accessToken) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/master/export?format=${format}&${REPORT_RANGE}`,
      headers: { authorization: `Bearer ${token}` },
    });

  /** The customer's trips picked up in the range, in the table's order. */
  async function tripsInRange() {
    return (await world.readTrips())
      .filter((r) => r.trip.pickupDate >= REPORT_FROM && r.trip.pickupDate <= REPORT_TO)
      .sort(
        (x, y) =>
          x.trip.pickupDate.localeCompare(y.trip.pickupDate) ||
          x.trip.tripNumber.localeCompare(y.trip.tripNumber),
      );
  }

  it('lists every trip picked up in the range with every field, as its own rows say', async () => {
    const res = await report(world.customer.accessToken);
    expect(res.status).toBe(200);
    const now = new Date();
    const rows = await tripsInRange();
    const want = rows.map((r) => expectedRow(r, now));
    expect(res.body.columns.map((c: { key: string }) => c.key)).toEqual(Object.keys(want[0]!));
    expect(res.body.page.content).toEqual(want);
    expect(res.body.page.totalElements).toBe(want.length);

    // The world's edges came out as docs/reports.md says.
    const { a1, a2, a3, b1, c1, d1, e1, x1 } = world.trips;
    const row = (id: string) => {
      const found = rows.findIndex((r) => r.trip.id === id);
      return found === -1 ? undefined : res.body.page.content[found];
    };
    expect(row(e1)).toBeUndefined();
    expect(row(x1)).toBeUndefined();
    expect(row(a1)).toMatchObject({ onTimePickup: 'On time', onTimeDelivery: 'Late', transit: 45.5 });
    expect(row(a1)).toMatchObject({
      invoiceStatus: 'Paid',
      status: 'Empty Dropped Off',
      issues: 1,
      openIssues: 0,
    });
    expect(row(a2)).toMatchObject({ onTimePickup: 'Late', onTimeDelivery: 'Late', delivered: null });
    expect(row(a2)).toMatchObject({
      invoiceStatus: 'Overdue',
      status: 'At Delivery Location',
      waitAtLoadout: 5,
    });
    expect(row(a3)).toMatchObject({ status: 'Cancelled', onTimePickup: null, invoiceStatus: 'Void' });
    expect(row(b1)).toMatchObject({
      waitAtLoadout: null,
      onTimeDelivery: 'No target',
      proofOfDelivery: 'Yes',
    });
    expect(row(c1)).toMatchObject({ weight: 27.4, cargo: '=Bagged cement, 600 bags', containerSize: null });
    expect(row(d1)).toMatchObject({
      lastLocation: 'Sango toll gate, Ado-Odo/Ota, Ogun',
      onTimeDelivery: 'Pending',
    });

    const live = rows.filter((r) => r.trip.cancelledAt === null);
    expect(figure(res.body, 'trips')).toBe(rows.length);
    expect(figure(res.body, 'completed')).toBe(rows.filter((r) => r.trip.completed).length);
    expect(figure(res.body, 'cancelled')).toBe(rows.length - live.length);
    // Every row, cancelled or not, is a container or a truck load: the two add up to the trips.
    expect(figure(res.body, 'containers')).toBe(
      rows.filter((r) => r.trip.cargoType !== 'GENERAL_CARGO').length,
    );
    expect(figure(res.body, 'truckLoads')).toBe(
      rows.filter((r) => r.trip.cargoType === 'GENERAL_CARGO').length,
    );
    expect(figure(res.body, 'amount')).toBe(live.reduce((s, r) => s + r.trip.amountKobo, 0));

    expect(res.body.chart).toMatchObject({ kind: 'stacked-bar', valueType: 'count', labelKey: 'period' });
    expect(res.body.chart.points).toHaveLength(30);
    for (const point of res.body.chart.points) {
      for (const cargoType of CARGO_TYPES) {
        expect([point.period, cargoType, point[cargoType]]).toEqual([
          point.period,
          cargoType,
          rows.filter((r) => r.trip.pickupDate === point.period && r.trip.cargoType === cargoType).length,
        ]);
      }
    }
  });

  it('pages its table in a stable order, and reads the export batches by keyset the same way', async () => {
    const all = (await report(world.customer.accessToken)).body.page.content;
    const paged = [];
    for (let page = 0; page * 3 < all.length; page++) {
      const res = await report(world.customer.accessToken, `${REPORT_RANGE}&size=3&page=${page}`);
      expect(res.body.page.totalElements).toBe(all.length);
      paged.push(...res.body.page.content);
    }
    expect(paged).toEqual(all);
    const past = await report(world.customer.accessToken, `${REPORT_RANGE}&size=3&page=50`);
    expect(past.body.page).toMatchObject({ content: [], totalElements: all.length });

    const input = reportInput(
      t.ctx.db,
      { companyId: world.customer.company.id },
      reportWindow({ from: REPORT_FROM, to: REPORT_TO }),
    );
    const keyed: string[] = [];
    let after: MasterKey | null = null;
    for (;;) {
      const batch = await masterRows(input, { limit: 2, after });
      keyed.push(...batch.map((r) => r.tripNumber));
      if (batch.length < 2) break;
      after = { pickupDate: batch[1]!.pickupDate, tripNumber: batch[1]!.tripNumber };
    }
    expect(keyed).toEqual(all.map((r: { trip: string }) => r.trip));
  });

  it('shows another customer none of these trips, and neither a transporter nor an admin the report', async () => {
    const res = await report(world.other.accessToken);
    expect(res.status).toBe(200);
    const mine = new Set((await world.readTrips()).map((r) => r.trip.tripNumber));
    expect(res.body.page.content).toHaveLength(1);
    expect(res.body.page.content.some((r: { trip: string }) => mine.has(r.trip))).toBe(false);
    const admin = await signedInAccount(t, 'ADMIN');
    for (const token of [world.second.accessToken, admin.accessToken]) {
      expect((await report(token)).status).toBe(404);
      const refused = await download('xlsx', token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Report not found');
    }
  });

  it('refuses a range it cannot read, naming the field', async () => {
    const cases: [string, string][] = [
      [`from=${REPORT_TO}&to=${REPORT_FROM}`, 'query.to'],
      ['from=2024-01-01&to=2026-01-02', 'query.to'],
      ['from=2026-1-5&to=2026-01-20', 'query.from'],
    ];
    for (const [query, field] of cases) {
      for (const url of [
        `/api/v1/reports/master?${query}`,
        `/api/v1/reports/master/export?format=csv&${query}`,
      ]) {
        const res = await call(t.app, 'GET', url, undefined, { token: world.customer.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe(field);
      }
    }
  });

  it('exports every column as CSV and XLSX, and its PDF columns as a PDF', async () => {
    const page = (await report(world.customer.accessToken)).body;
    const csv = await download('csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`master-report-${REPORT_FROM}-to-${REPORT_TO}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(page.page.totalElements + 1);
    expect(lines[0]).toContain('Trip,Order,Client name,Reference,Cargo type,Container / cargo');
    expect(lines[0]).toContain('Amount (NGN)');
    // A description typed by a user is never run as a formula by a spreadsheet.
    expect(csv.body).toContain(`'=Bagged cement`);

    const xlsx = await download('xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload.buffer.slice(xlsx.rawPayload.byteOffset) as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Master report')!;
    expect(sheet.rowCount).toBe(page.page.totalElements + 1);
    const tripColumn = 1;
    const amountColumn = page.columns.findIndex((c: { key: string }) => c.key === 'amount') + 1;
    const tripsInSheet: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) tripsInSheet.push(row.getCell(tripColumn).value);
    });
    expect(tripsInSheet).toEqual(page.page.content.map((r: { trip: string }) => r.trip));
    expect(sheet.getRow(2).getCell(amountColumn).value).toBe(page.page.content[0].amount / 100);

    const pdf = await download('pdf');
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('Master report');
    expect(text).toContain(world.customer.company.name);
    expect(text).toContain(formatMoney(figure(page, 'amount')));

    // The PDF carries the columns marked PDF, so every trip number and amount fits its cell whole.
    const narrow = text;
    expect(text).toContain('Client name');
    expect(text).toContain('Transporter');
    expect(text).not.toContain('Wait at loadout');
    expect(masterPdfColumns.map((c) => c.label)).toEqual([
      'Trip',
      'Order',
      'Client name',
      'Cargo type',
      'Container / cargo',
      'Pickup',
      'Delivery',
      'Pickup date',
      'Transporter',
      'Truck',
      'Amount (NGN)',
      'Status',
    ]);
    for (const row of page.page.content) {
      expect(narrow).toContain(row.trip);
      expect(narrow).toContain(formatMoney(row.amount));
    }
    expect(narrow).toContain('Cancelled');
  });
});
