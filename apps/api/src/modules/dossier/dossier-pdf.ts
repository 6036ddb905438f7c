import PDFDocument from 'pdfkit';
import {
  CARGO_TYPE_LABELS,
  CONTAINER_SIZE_LABELS,
  EXPENSE_KIND_LABELS,
  EXPENSE_STATUS_LABELS,
  TRIP_DOCUMENT_KIND_LABELS,
  TRIP_ISSUE_TYPE_LABELS,
  TRIP_RECORD_PROBLEM_TEXT,
  TRIP_STATUS_LABELS,
  formatMoney,
  lagosDateTimeText,
  lgaCentre,
  lgaCentres,
  type LocationView,
  type TripDetail,
  type TripMoney,
  type TripRecordCheck,
  type TripRoute,
} from '@freightlane/domain';
import { NIGERIA_STATES, outlineRings } from '@freightlane/domain/nigeria-states';
import { PDF_FONTS } from '../../lib/pdf-fonts';

const MARGIN = 42;
const GREEN = '#1b7a43';
const GREY = '#6b7280';

/** What the dossier shows: the trip as the reader's company sees it, its route, record and cash. */
export interface DossierInput {
  detail: TripDetail;
  route: TripRoute;
  record: TripRecordCheck;
  documentHashes: Map<string, string | null>;
  /** The transporter's cash on the trip; null in the customer's dossier (never shown to the customer). */
  cash: TripMoney | null;
  /** Where anyone can check the record again: the trip's public tracking page. */
  checkUrl: string;
  generatedAt: Date;
}

const when = (at: string | null | undefined) => lagosDateTimeText(at ?? null) ?? '—';

/** Where a trip's place is on the map: its LGA's centre (a terminal's or an address's). */
function lgaOf(place: LocationView): Spot | null {
  const where = place.terminal ?? place.address;
  return where?.lga && where.state ? lgaCentre(where.state, where.lga) : null;
}

function placeText(place: LocationView): string {
  if (place.terminal) return `${place.terminal.name}, ${place.terminal.port}`;
  const a = place.address;
  return a ? [a.street, a.lga, a.state].filter(Boolean).join(', ') : '—';
}

/** Cities named on the map when they fall inside it. */
const MAP_CITIES: { name: string; latitude: number; longitude: number }[] = [
  { name: 'Lagos', latitude: 6.455, longitude: 3.394 },
  { name: 'Ibadan', latitude: 7.378, longitude: 3.947 },
  { name: 'Abeokuta', latitude: 7.155, longitude: 3.345 },
  { name: 'Benin City', latitude: 6.335, longitude: 5.627 },
  { name: 'Port Harcourt', latitude: 4.816, longitude: 7.05 },
  { name: 'Aba', latitude: 5.107, longitude: 7.367 },
  { name: 'Enugu', latitude: 6.441, longitude: 7.499 },
  { name: 'Onitsha', latitude: 6.145, longitude: 6.788 },
  { name: 'Lokoja', latitude: 7.802, longitude: 6.743 },
  { name: 'Ilorin', latitude: 8.497, longitude: 4.542 },
  { name: 'Abuja', latitude: 9.058, longitude: 7.489 },
  { name: 'Kaduna', latitude: 10.523, longitude: 7.438 },
  { name: 'Kano', latitude: 12.0, longitude: 8.517 },
];

type Spot = { latitude: number; longitude: number };

/** The narrowest the map gets, in degrees of latitude (about 33 km): a trip across Lagos fills it. */
const MIN_SPAN = 0.3;
/** Below this many degrees across, the LGAs are named; above it, the main cities. */
const LGA_NAMES_BELOW = 1.6;

/**
 * The route on a map of the states' outlines (Natural Earth, as the trip page's map draws them without
 * tiles): the states named, and the LGAs on a city trip or the main cities on a long one; the truck's
 * positions joined in green, where it set off (circle) and where the route ends (square).
 */
function drawMap(pdf: PDFKit.PDFDocument, route: TripRoute, places: (Spot & { name: string })[]) {
  const width = pdf.page.width - 2 * MARGIN;
  const height = 250;
  const top = pdf.y;
  const points = route.positions.map((p) => ({ latitude: p.latitude, longitude: p.longitude }));
  const all: Spot[] = [...points, ...places];
  pdf.rect(MARGIN, top, width, height).fillAndStroke('#e6edf2', '#d1d5db');
  if (all.length === 0) {
    pdf
      .fillColor(GREY)
      .fontSize(9)
      .text('No position was recorded for this trip.', MARGIN + 12, top + 12);
    pdf.y = top + height + 12;
    return;
  }
  // A box around the route with a margin, at least MIN_SPAN high, shaped like the frame.
  const lat = all.map((p) => p.latitude);
  const lon = all.map((p) => p.longitude);
  const midLat = (Math.min(...lat) + Math.max(...lat)) / 2;
  const midLon = (Math.min(...lon) + Math.max(...lon)) / 2;
  const cos = Math.cos((midLat * Math.PI) / 180);
  let spanLon = Math.max((Math.max(...lon) - Math.min(...lon)) * 1.3, (MIN_SPAN * width) / (height * cos));
  let spanLat = Math.max((Math.max(...lat) - Math.min(...lat)) * 1.3, MIN_SPAN);
  if (spanLon * cos * height > spanLat * width) spanLat = (spanLon * cos * height) / width;
  else spanLon = (spanLat * width) / (height * cos);
  const x = (p: { longitude: number }) => MARGIN + ((p.longitude - (midLon - spanLon / 2)) / spanLon) * width;
  const y = (p: { latitude: number }) =>
    top + height - ((p.latitude - (midLat - spanLat / 2)) / spanLat) * height;
  const inside = (p: Spot) =>
    x(p) > MARGIN + 2 && x(p) < MARGIN + width - 2 && y(p) > top + 2 && y(p) < top + height - 2;

  pdf.save();
  pdf.rect(MARGIN, top, width, height).clip();
  // The land: each state filled white and outlined; what lies outside them (the sea, the neighbours) stays grey.
  for (const state of NIGERIA_STATES.features) {
    for (const ring of outlineRings(state)) {
      pdf.moveTo(x({ longitude: ring[0]![0] }), y({ latitude: ring[0]![1] }));
      for (const [lo, la] of ring.slice(1)) pdf.lineTo(x({ longitude: lo }), y({ latitude: la }));
      pdf.closePath();
    }
    pdf.lineWidth(0.6).fillAndStroke('#ffffff', '#aab4be');
  }
  const names = new LabelPlacer();
  const label = (text: string, at: Spot, size: number, colour: string, dot: boolean) => {
    if (!inside(at)) return;
    pdf.font('body').fontSize(size);
    const w = pdf.widthOfString(text);
    const box = { left: x(at) + (dot ? 4 : -w / 2), top: y(at) - size / 2 - 1, width: w, height: size + 2 };
    const taken = dot ? { ...box, left: x(at) - 2, width: w + 6 } : box;
    const fits =
      box.left > MARGIN + 2 &&
      box.left + box.width < MARGIN + width - 2 &&
      box.top > top + 2 &&
      box.top + box.height < top + height - 2;
    if (!fits || !names.place(taken)) return;
    if (dot) pdf.fillColor(colour).circle(x(at), y(at), 1.4).fill();
    pdf.fillColor(colour).text(text, box.left, box.top, { lineBreak: false });
  };
  // The route's own ends and the trip's places first, so no other name covers them.
  for (const p of [points[0], points.at(-1)]) {
    if (p) names.place({ left: x(p) - 6, top: y(p) - 6, width: 12, height: 12 });
  }
  for (const place of places) {
    pdf.lineWidth(1.4).circle(x(place), y(place), 5).fillAndStroke('#ffffff', '#111827');
    names.place({ left: x(place) - 6, top: y(place) - 6, width: 12, height: 12 });
    pdf.font('bold').fontSize(7.5);
    const w = pdf.widthOfString(place.name);
    for (const box of [
      { left: x(place) + 8, top: y(place) - 5, width: w, height: 10 },
      { left: x(place) - 8 - w, top: y(place) - 5, width: w, height: 10 },
      { left: x(place) - w / 2, top: y(place) + 7, width: w, height: 10 },
    ]) {
      if (!names.place(box)) continue;
      pdf.fillColor('#111827').text(place.name, box.left, box.top, { lineBreak: false });
      break;
    }
  }
  for (const state of NIGERIA_STATES.features) {
    const [la, lo] = state.properties.label;
    label(state.properties.name.toUpperCase(), { latitude: la, longitude: lo }, 7, '#9aa5b1', false);
  }
  if (spanLat < LGA_NAMES_BELOW) {
    for (const c of lgaCentres()) label(c.lga, c, 6.5, GREY, true);
  } else {
    for (const city of MAP_CITIES) label(city.name, city, 7, GREY, true);
  }
  if (points.length > 1) {
    pdf.moveTo(x(points[0]!), y(points[0]!));
    for (const p of points.slice(1)) pdf.lineTo(x(p), y(p));
    pdf.lineWidth(2.2).strokeColor(GREEN).stroke();
  }
  const start = points[0];
  const end = points.at(-1);
  pdf.lineWidth(1);
  if (start && end) {
    pdf.circle(x(start), y(start), 4).fillAndStroke(GREEN, '#ffffff');
    pdf.rect(x(end) - 4, y(end) - 4, 8, 8).fillAndStroke('#111827', '#ffffff');
  }
  pdf.restore();
  pdf
    .fillColor(GREY)
    .fontSize(7.5)
    .text(
      `${
        points.length === 0
          ? 'No position was recorded for this trip'
          : `${points.length} positions${route.truckRegistrationNumber ? ` of ${route.truckRegistrationNumber}` : ''}; green circle: set off, square: last position`
      }; Pickup and Delivery at their LGAs. State outlines: Natural Earth.`,
      MARGIN,
      top + height + 4,
    );
  pdf.y = top + height + 18;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The map's names, each kept only where it overlaps none placed before it. */
class LabelPlacer {
  private readonly boxes: Box[] = [];

  place(box: Box): boolean {
    const clash = this.boxes.some(
      (b) =>
        box.left < b.left + b.width &&
        b.left < box.left + box.width &&
        box.top < b.top + b.height &&
        b.top < box.top + box.height,
    );
    if (!clash) this.boxes.push(box);
    return !clash;
  }
}

/** The delivery dossier as a PDF (decision 049): what a consignee's or insurer's dispute needs, in one file. */
export function renderDossier(input: DossierInput): Promise<Buffer> {
  const { detail, route, record, cash } = input;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Delivery dossier ${detail.tripNumber}`, Author: 'Freightlane' },
  });
  pdf.registerFont('body', PDF_FONTS.condensed);
  pdf.registerFont('bold', PDF_FONTS.condensedBold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const heading = (text: string) => {
    if (pdf.y > pdf.page.height - 120) pdf.addPage();
    pdf.moveDown(0.6).font('bold').fontSize(12).fillColor(GREEN).text(text, MARGIN);
    pdf.moveDown(0.2).font('body').fontSize(9).fillColor('#111827');
  };
  const line = (label: string, value: string) => {
    // From the margin: a list's items leave the cursor indented.
    pdf.font('bold').text(`${label}: `, MARGIN, pdf.y, { continued: true }).font('body').text(value);
  };
  const item = (text: string, detailText?: string) => {
    pdf
      .font('body')
      .fontSize(9)
      .fillColor('#111827')
      .text(`• ${text}`, MARGIN + 6);
    if (detailText)
      pdf
        .fontSize(8)
        .fillColor(GREY)
        .text(detailText, MARGIN + 16);
    pdf.fillColor('#111827').fontSize(9);
  };

  pdf.font('bold').fontSize(18).fillColor('#111827').text(`Delivery dossier ${detail.tripNumber}`);
  pdf
    .font('body')
    .fontSize(9)
    .fillColor(GREY)
    .text(`Made by Freightlane on ${when(input.generatedAt.toISOString())}, Lagos time.`);
  const verdict = record.intact
    ? 'Record intact, checked now'
    : record.broken?.problem === 'UNRECORDED'
      ? TRIP_RECORD_PROBLEM_TEXT.UNRECORDED
      : `Record broken${record.broken?.link ? ` at link ${record.broken.link}` : ''}: ${TRIP_RECORD_PROBLEM_TEXT[record.broken!.problem]}`;
  pdf
    .moveDown(0.4)
    .font('bold')
    .fontSize(11)
    .fillColor(record.intact ? GREEN : '#b42318')
    .text(verdict);

  heading('Parties');
  line('Customer', detail.customerName);
  line('Transporter', detail.transporterName);
  line(
    'Order',
    `${detail.orderNumber} (client ${detail.clientName || '—'}, reference ${detail.reference || '—'})`,
  );

  heading('Cargo and route');
  const c = detail.consignment;
  line('Cargo', CARGO_TYPE_LABELS[detail.cargoType]);
  if (c.containerNumber) {
    line(
      'Container',
      `${c.containerNumber}${c.containerSize ? `, ${CONTAINER_SIZE_LABELS[c.containerSize]}` : ''}`,
    );
  }
  if (c.description) line('Goods', `${c.description}${c.weightTonnes ? `, ${c.weightTonnes} t` : ''}`);
  line('Pickup', `${placeText(detail.pickup)}, on ${detail.pickupDate}`);
  line('Delivery', placeText(detail.recipient));
  line(
    'Truck and driver',
    [detail.resources.truck?.registrationNumber, detail.resources.driver?.name].filter(Boolean).join(', ') ||
      '—',
  );
  pdf.moveDown(0.5);
  const places = [
    { name: 'Pickup', at: lgaOf(detail.pickup) },
    { name: 'Delivery', at: lgaOf(detail.recipient) },
  ].flatMap((p) => (p.at ? [{ name: p.name, ...p.at }] : []));
  drawMap(pdf, route, places);

  heading('Timeline');
  for (const log of detail.tripStatusLogs) {
    const place = log.location ? `, ${log.location.lga}, ${log.location.state}` : '';
    item(
      `${when(log.timeStamp)}: ${TRIP_STATUS_LABELS[log.tripStatus]}`,
      `By ${log.changedBy}${place}${log.note ? `. ${log.note}` : ''}`,
    );
  }
  if (detail.tripStatusLogs.length === 0) item('No step was recorded.');

  heading('Handover');
  const delivered = detail.tripStatusLogs.find((l) => l.tripStatus === 'DELIVERED');
  if (!delivered) item('Not delivered yet.');
  else if (delivered.handoverOverrideReason) {
    item(
      `Delivered ${when(delivered.timeStamp)} without the code, recorded by ${delivered.changedBy}`,
      `Reason: ${delivered.handoverOverrideReason}`,
    );
  } else {
    item(
      `Delivered ${when(delivered.timeStamp)}: the consignee gave the six-digit handover code, confirmed by Freightlane.`,
      `Recorded by ${delivered.changedBy}`,
    );
  }

  heading('Documents');
  for (const d of detail.documents) {
    const hash = input.documentHashes.get(d.id);
    item(
      `${TRIP_DOCUMENT_KIND_LABELS[d.kind]}: ${d.fileName}, uploaded ${when(d.uploadedAt)} by ${d.uploadedBy}`,
      `SHA-256 ${hash ?? 'not kept (stored before hashes were kept)'}`,
    );
  }
  if (detail.documents.length === 0) item('No document.');

  heading('Issues');
  for (const i of detail.issues) {
    const ended = i.resolvedAt
      ? `resolved ${when(i.resolvedAt)}${i.resolvedBy ? ` by ${i.resolvedBy}` : ''}`
      : 'still open';
    item(
      `${TRIP_ISSUE_TYPE_LABELS[i.issueType]}, opened ${when(i.openingTimeStamp)} by ${i.openedBy}: ${ended}`,
      i.description,
    );
  }
  if (detail.issues.length === 0) item('No issue.');

  heading('Charges');
  line('Haulage', formatMoney(detail.amountKobo));
  if (detail.invoice) {
    line(
      'Invoice',
      `${detail.invoice.invoiceNumber}, ${formatMoney(detail.invoice.amountKobo)}, ${detail.invoice.status === 'PAID' ? 'paid' : detail.invoice.status === 'VOID' ? 'void' : `due ${when(detail.invoice.dueAt)}`}`,
    );
  }
  if (cash) {
    heading('Expenses on the road (the transporter’s own)');
    for (const e of cash.expenses) {
      item(
        `${EXPENSE_KIND_LABELS[e.kind]}: ${formatMoney(e.amountKobo)}, ${EXPENSE_STATUS_LABELS[e.status]}`,
        `Spent ${when(e.spentAt)}${e.receipt ? `; receipt SHA-256 ${e.receipt.sha256}` : '; no receipt'}`,
      );
    }
    if (cash.expenses.length === 0) item('No expense.');
    pdf.moveDown(0.3);
    line('Advances', formatMoney(cash.totals.advancesKobo));
    line('Approved expenses', formatMoney(cash.totals.approvedKobo));
    line('Profit', formatMoney(cash.profit.profitKobo));
  }

  heading('The record');
  line('Links', String(record.links));
  line('Chain head (SHA-256)', record.head ?? '—');
  line('Checked', `${when(record.checkedAt)}, ${verdict.toLowerCase()}`);
  pdf
    .moveDown(0.3)
    .text(
      'Every step, document, issue, note and expense of this trip is chained, in the order written, by SHA-256. Check it again on the trip’s tracking page, which says "Record intact, checked now" while the chain still ends in the head above:',
      MARGIN,
    );
  pdf.fillColor(GREEN).text(input.checkUrl, { link: input.checkUrl, underline: true }).fillColor('#111827');
  pdf.end();
  return done;
}
