import type { ChargeKind } from '@freightlane/domain';
import { nairaValue, type NotificationEvent, type NotificationMessage } from '../notification';

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

/** The catalog's words for each change of a charge. */
const CHARGE_TEXTS = {
  PROPOSED: 'charge.proposed',
  REVISED: 'charge.revised',
  WITHDRAWN: 'charge.withdrawn',
  ACCEPTED: 'charge.accepted',
  DISPUTED: 'charge.disputed',
} as const satisfies Record<ChargeEvent, string>;

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
  const toCustomer = event === 'PROPOSED' || event === 'REVISED' || event === 'WITHDRAWN';
  const values = {
    invoiceNumber: invoice.invoiceNumber,
    tripNumber: invoice.tripNumber,
    transporterName: invoice.transporterName,
    customerName: invoice.customerName,
    chargeKind: charge.kind,
    amount: nairaValue(charge.amountKobo),
    total: nairaValue(invoice.amountKobo),
    reason: charge.reason,
    note: charge.disputeNote ?? '',
  };
  const title: NotificationMessage = { key: `${CHARGE_TEXTS[event]}.title`, values };
  const body: NotificationMessage = { key: `${CHARGE_TEXTS[event]}.body`, values };
  return {
    kind: 'INVOICE_CHARGE',
    to: { companyIds: [toCustomer ? invoice.customerCompanyId : invoice.transporterCompanyId] },
    actorUserId,
    title,
    body,
    link: invoiceLink(invoice.id),
    key: `invoice-charge:${charge.id}:${event.toLowerCase()}:${charge.updatedAt.getTime()}`,
    email: { subject: title, paragraphs: [body], actionLabel: { key: 'action.seeInvoice' } },
  };
}
