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
  lgaCentres,
  type LocationView,
  type TripDetail,
  type TripMoney,
  type TripRecordCheck,
  type TripRoute,
} from '@freightlane/domain';
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

/**
 * The route on a map drawn from the country's LGA centres (a grey dot each, so the states' shapes show),
 * the main cities named, the truck's positions joined in green, where it set off (circle) and where the
 * route ends (square).
 */
function drawMap(pdf: PDFKit.PDFDocument, route: TripRoute, ends: { latitude: number; longitude: number }[]) {
  const width = pdf.page.width - 2 * MARGIN;
  const height = 250;
  const top = pdf.y;
  const points = route.positions.map((p) => ({ latitude: p.latitude, longitude: p.longitude }));
  const all = [...points, ...ends];
  pdf.rect(MARGIN, top, width, height).fillAndStroke('#f4f7f5', '#d1d5db');
  if (all.length === 0) {
    pdf
      .fillColor(GREY)
      .fontSize(9)
      .text('No position was recorded for this trip.', MARGIN + 12, top + 12);
    pdf.y = top + height + 12;
    return;
  }
  // A box around the route, at least 1.2 degrees across, shaped like the frame.
  const lat = all.map((p) => p.latitude);
  const lon = all.map((p) => p.longitude);
  const midLat = (Math.min(...lat) + Math.max(...lat)) / 2;
  const midLon = (Math.min(...lon) + Math.max(...lon)) / 2;
  const cos = Math.cos((midLat * Math.PI) / 180);
  let spanLon = Math.max((Math.max(...lon) - Math.min(...lon)) * 1.3, 1.2);
  let spanLat = Math.max((Math.max(...lat) - Math.min(...lat)) * 1.3, 1.2 * cos);
  if (spanLon * cos * height > spanLat * width) spanLat = (spanLon * cos * height) / width;
  else spanLon = (spanLat * width) / (height * cos);
  const x = (p: { longitude: number }) => MARGIN + ((p.longitude - (midLon - spanLon / 2)) / spanLon) * width;
  const y = (p: { latitude: number }) =>
    top + height - ((p.latitude - (midLat - spanLat / 2)) / spanLat) * height;
  const inside = (p: { latitude: number; longitude: number }) =>
    x(p) > MARGIN + 2 && x(p) < MARGIN + width - 2 && y(p) > top + 2 && y(p) < top + height - 2;

  pdf.save();
  pdf.rect(MARGIN, top, width, height).clip();
  pdf.fillColor('#c5ccd3');
  for (const c of lgaCentres()) if (inside(c)) pdf.circle(x(c), y(c), 1.2).fill();
  pdf.fillColor(GREY).fontSize(7);
  for (const city of MAP_CITIES) {
    if (!inside(city)) continue;
    pdf.circle(x(city), y(city), 2).fill();
    pdf.text(city.name, x(city) + 4, y(city) - 4, { lineBreak: false });
  }
  if (points.length > 1) {
    pdf.moveTo(x(points[0]!), y(points[0]!));
    for (const p of points.slice(1)) pdf.lineTo(x(p), y(p));
    pdf.lineWidth(2.2).strokeColor(GREEN).stroke();
  }
  const start = points[0] ?? ends[0]!;
  const end = points.at(-1) ?? ends.at(-1)!;
  pdf.circle(x(start), y(start), 4).fillAndStroke(GREEN, '#ffffff');
  pdf.rect(x(end) - 4, y(end) - 4, 8, 8).fillAndStroke('#111827', '#ffffff');
  pdf.restore();
  pdf
    .fillColor(GREY)
    .fontSize(7.5)
    .text(
      `${route.positions.length} positions${route.truckRegistrationNumber ? ` of ${route.truckRegistrationNumber}` : ''}; circle: set off, square: last position.`,
      MARGIN,
      top + height + 4,
    );
  pdf.y = top + height + 18;
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
    pdf.font('bold').text(`${label}: `, { continued: true }).font('body').text(value);
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
  drawMap(pdf, route, []);

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
    line('Advances', formatMoney(cash.totals.advancesKobo));
    line('Approved expenses', formatMoney(cash.totals.approvedKobo));
    line('Profit', formatMoney(cash.profit.profitKobo));
  }

  heading('The record');
  line('Links', String(record.links));
  line('Chain head (SHA-256)', record.head ?? '—');
  line('Checked', `${when(record.checkedAt)}, ${verdict.toLowerCase()}`);
  pdf.text(
    `Every step, document, issue, note and expense of this trip is chained, in the order written, by SHA-256. Check it again at ${input.checkUrl} : the page says "Record intact, checked now" while the chain still ends in the head above.`,
  );
  pdf.end();
  return done;
}
