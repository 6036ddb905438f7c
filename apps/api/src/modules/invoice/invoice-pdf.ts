import PDFDocument from 'pdfkit';
import {
  CARGO_TYPE_LABELS,
  CHARGE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  formatMoney,
  lagosDayText,
  percentText,
  type CargoType,
  type InvoiceDetail,
} from '@freightlane/domain';
import { PDF_FONTS } from '../../lib/pdf-fonts';

// The invoice as a PDF (docs/decisions/019-money.md): both companies, the trip and what it carried, the
// haulage, each accepted charge, the subtotal, VAT with its rate and the total, the due date and status,
// and for a paid invoice the payment's reference and day. Every figure comes from the invoice page's own
// answer, so the PDF and the page cannot disagree.

const MARGIN = 48;
const AMOUNT_WIDTH = 130;
const GREY = '#555555';

const day = (text: string | null) => lagosDayText(text) ?? 'N/A';

export function invoicePdf(detail: InvoiceDetail): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Invoice ${detail.invoiceNumber}`, Author: detail.transporter.name },
  });
  const chunks: Buffer[] = [];
  const written = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('body', PDF_FONTS.regular);
  pdf.registerFont('bold', PDF_FONTS.bold);
  const width = pdf.page.width - 2 * MARGIN;

  pdf.font('bold').fontSize(20).fillColor('black').text(`Invoice ${detail.invoiceNumber}`);
  pdf
    .font('body')
    .fontSize(10)
    .fillColor(GREY)
    .text(
      `${INVOICE_STATUS_LABELS[detail.status]} · issued ${day(detail.createdAt)} · due ${day(detail.dueAt)}`,
    );
  pdf.moveDown(1.2);

  // The supplier (the transporter) and the customer side by side.
  const partiesTop = pdf.y;
  const half = (width - 24) / 2;
  const party = (title: string, who: InvoiceDetail['customer'], x: number) => {
    pdf.font('bold').fontSize(9).fillColor(GREY).text(title.toUpperCase(), x, partiesTop, { width: half });
    pdf.font('bold').fontSize(11).fillColor('black').text(who.name, x, pdf.y, { width: half });
    pdf.font('body').fontSize(10).text(who.address, x, pdf.y, { width: half });
    pdf.text(who.email ?? 'N/A', x, pdf.y, { width: half });
    return pdf.y;
  };
  const fromBottom = party('From', detail.transporter, MARGIN);
  const toBottom = party('Bill to', detail.customer, MARGIN + half + 24);
  pdf.x = MARGIN;
  pdf.y = Math.max(fromBottom, toBottom);
  pdf.moveDown(1.2);

  pdf.font('bold').fontSize(9).fillColor(GREY).text('TRIP', MARGIN, pdf.y, { width });
  pdf
    .font('bold')
    .fontSize(11)
    .fillColor('black')
    .text(`${detail.trip.tripNumber} · order ${detail.orderNumber}`, { width });
  pdf
    .font('body')
    .fontSize(10)
    .text(
      `${CARGO_TYPE_LABELS[detail.cargoType as CargoType] ?? detail.cargoType} · pickup ${day(detail.pickupDate)}`,
      { width },
    )
    .text(`From ${detail.pickup} to ${detail.recipient}`, { width });
  for (const line of detail.cargo) pdf.text(line, { width });
  pdf.moveDown(1.2);

  // The figures: a label on the left, its amount right-aligned on the same line.
  const labelWidth = width - AMOUNT_WIDTH - 12;
  const line = (label: string, amountKobo: number, font: 'body' | 'bold' = 'body') => {
    const top = pdf.y;
    pdf.font(font).fontSize(10).fillColor('black');
    pdf.text(label, MARGIN, top, { width: labelWidth });
    const bottom = pdf.y;
    pdf.text(formatMoney(amountKobo), MARGIN + width - AMOUNT_WIDTH, top, {
      width: AMOUNT_WIDTH,
      align: 'right',
    });
    pdf.x = MARGIN;
    pdf.y = Math.max(bottom, pdf.y) + 4;
  };
  const rule = () => {
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(MARGIN + width, pdf.y)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();
    pdf.y += 6;
  };
  pdf.font('bold').fontSize(9).fillColor(GREY).text('AMOUNTS', MARGIN, pdf.y, { width });
  pdf.moveDown(0.3);
  rule();
  line(`Haulage, trip ${detail.trip.tripNumber}`, detail.haulageKobo);
  for (const charge of detail.charges.filter((c) => c.status === 'ACCEPTED')) {
    line(`${CHARGE_KIND_LABELS[charge.kind]}: ${charge.reason}`, charge.amountKobo);
  }
  rule();
  line('Subtotal', detail.subtotalKobo);
  line(`VAT (${percentText(detail.vatBasisPoints)})`, detail.vatKobo);
  rule();
  line('Total', detail.amountKobo, 'bold');
  pdf.moveDown(1);

  pdf.font('body').fontSize(10).fillColor('black');
  const paid = detail.payments.find((p) => p.status === 'SUCCEEDED');
  if (detail.status === 'PAID' && paid) {
    pdf.text(
      `Paid ${day(paid.paidAt ?? detail.paidAt)} by ${PAYMENT_METHOD_LABELS[paid.method].toLowerCase()}, reference ${paid.reference}.`,
      { width },
    );
  } else if (detail.status === 'PAID') {
    pdf.text(`Paid ${day(detail.paidAt)}.`, { width });
  } else if (detail.status === 'VOID') {
    pdf.text('This invoice is void: nothing is owed on it.', { width });
  } else {
    pdf.text(`Please pay ${formatMoney(detail.amountKobo)} by ${day(detail.dueAt)}.`, { width });
  }
  const open = detail.charges.filter((c) => c.status === 'PROPOSED' || c.status === 'DISPUTED');
  if (open.length > 0) {
    pdf
      .moveDown(0.5)
      .fillColor(GREY)
      .text(
        `Not included: ${open.length} charge${open.length === 1 ? '' : 's'} not accepted (${open
          .map(
            (c) =>
              `${formatMoney(c.amountKobo)} ${c.status === 'PROPOSED' ? 'awaiting an answer' : 'disputed'}`,
          )
          .join(', ')}).`,
        { width },
      );
  }
  pdf.end();
  return written;
}
