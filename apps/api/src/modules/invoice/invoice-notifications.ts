import { CHARGE_KIND_LABELS, formatMoney, type ChargeKind } from '@freightlane/domain';
import type { NotificationEvent } from '../notification';

/** What happened to a charge, as the other side hears it. */
export type ChargeEvent = 'PROPOSED' | 'REVISED' | 'WITHDRAWN' | 'ACCEPTED' | 'DISPUTED';

export interface NotifiedCharge {
  id: string;
  kind: ChargeKind;
  amountKobo: number;
  reason: string;
  disputeNote: string | null;
  updatedAt: Date;
}

export interface NotifiedInvoice {
  id: string;
  invoiceNumber: string;
  tripNumber: string;
  customerCompanyId: string;
  transporterCompanyId: string;
  customerName: string;
  transporterName: string;
  /** What the customer pays after the change. */
  amountKobo: number;
}

/** The invoice's page in the web app. */
export const invoiceLink = (invoiceId: string) => `/payments/${invoiceId}`;

/**
 * INVOICE_CHARGE to the other side of a charge's change: the customer hears of a charge proposed (by the
 * transporter, or by the platform from the trip's times), revised or withdrawn; the transporter hears the
 * customer's answer.
 */
export function chargeNotification(
  invoice: NotifiedInvoice,
  charge: NotifiedCharge,
  event: ChargeEvent,
  actorUserId: string | null,
): NotificationEvent {
  const what = `${CHARGE_KIND_LABELS[charge.kind].toLowerCase()} of ${formatMoney(charge.amountKobo)}`;
  const onTrip = `on invoice ${invoice.invoiceNumber} (trip ${invoice.tripNumber})`;
  const toCustomer = event === 'PROPOSED' || event === 'REVISED' || event === 'WITHDRAWN';
  const { title, body } = ((): { title: string; body: string } => {
    switch (event) {
      case 'PROPOSED':
        return {
          title: `${invoice.invoiceNumber}: charge proposed by ${invoice.transporterName}`,
          body: `A ${what} ${onTrip}: ${charge.reason}. Accept or dispute it; the invoice cannot be paid until you answer.`,
        };
      case 'REVISED':
        return {
          title: `${invoice.invoiceNumber}: charge revised by ${invoice.transporterName}`,
          body: `The charge ${onTrip} is now a ${what}: ${charge.reason}. Accept or dispute it.`,
        };
      case 'WITHDRAWN':
        return {
          title: `${invoice.invoiceNumber}: charge withdrawn by ${invoice.transporterName}`,
          body: `The ${what} ${onTrip} is withdrawn and will not be billed.`,
        };
      case 'ACCEPTED':
        return {
          title: `${invoice.invoiceNumber}: charge accepted by ${invoice.customerName}`,
          body: `The ${what} ${onTrip} is accepted; the invoice is now ${formatMoney(invoice.amountKobo)} with VAT.`,
        };
      case 'DISPUTED':
        return {
          title: `${invoice.invoiceNumber}: charge disputed by ${invoice.customerName}`,
          body: `The ${what} ${onTrip} is disputed: “${charge.disputeNote ?? ''}”. Revise it or withdraw it.`,
        };
    }
  })();
  return {
    kind: 'INVOICE_CHARGE',
    to: { companyIds: [toCustomer ? invoice.customerCompanyId : invoice.transporterCompanyId] },
    actorUserId,
    title,
    body,
    link: invoiceLink(invoice.id),
    key: `invoice-charge:${charge.id}:${event.toLowerCase()}:${charge.updatedAt.getTime()}`,
    email: { subject: title, paragraphs: [body], actionLabel: 'See the invoice' },
  };
}
