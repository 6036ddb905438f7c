import type { PaymentMethod } from '@freightlane/domain';
import { dayValue, nairaValue, type NotificationEvent, type NotificationMessage } from '../notification';

export interface NotifiedPayment {
  paymentId: string;
  method: PaymentMethod;
  reference: string;
  amountKobo: number;
  paidAt: Date;
  invoice: {
    id: string;
    invoiceNumber: string;
    tripNumber: string;
    customerCompanyId: string;
    transporterCompanyId: string;
  };
  /** What the transporter will receive: the payment less the platform's commission. */
  netKobo: number;
}

/**
 * PAYMENT_RECEIVED to both companies of the invoice: the customer's receipt, and the transporter's news that
 * the trip is paid and its payout is on the way. `actorUserId` is the admin who recorded a bank transfer;
 * an online payment has none, so the customer who paid gets the receipt too.
 */
export function paymentReceivedNotifications(
  payment: NotifiedPayment,
  actorUserId: string | null,
): NotificationEvent[] {
  const { invoice } = payment;
  const values = {
    invoiceNumber: invoice.invoiceNumber,
    tripNumber: invoice.tripNumber,
    amount: nairaValue(payment.amountKobo),
    net: nairaValue(payment.netKobo),
    day: dayValue(payment.paidAt),
    method: payment.method,
    reference: payment.reference,
  };
  const link = `/payments/${invoice.id}`;
  const customerTitle: NotificationMessage = { key: 'paymentReceived.customer.title', values };
  const transporterTitle: NotificationMessage = { key: 'paymentReceived.transporter.title', values };
  return [
    {
      kind: 'PAYMENT_RECEIVED',
      to: { companyIds: [invoice.customerCompanyId] },
      actorUserId,
      title: customerTitle,
      body: { key: 'paymentReceived.customer.body', values },
      link,
      key: `payment-received:${payment.paymentId}:customer`,
      email: {
        subject: customerTitle,
        paragraphs: [
          { key: 'paymentReceived.customer.email.paragraph1', values },
          { key: 'paymentReceived.customer.email.paragraph2', values },
          { key: 'paymentReceived.customer.email.paragraph3' },
        ],
        actionLabel: { key: 'action.seeInvoice' },
      },
    },
    {
      kind: 'PAYMENT_RECEIVED',
      to: { companyIds: [invoice.transporterCompanyId] },
      actorUserId,
      title: transporterTitle,
      body: { key: 'paymentReceived.transporter.body', values },
      link,
      key: `payment-received:${payment.paymentId}:transporter`,
      email: {
        subject: transporterTitle,
        paragraphs: [
          { key: 'paymentReceived.transporter.email.paragraph1', values },
          { key: 'paymentReceived.transporter.email.paragraph2', values },
        ],
        actionLabel: { key: 'action.seeInvoice' },
      },
    },
  ];
}

/** PAYOUT_PAID to the transporter: the platform has transferred what it owes for a trip. */
export function payoutPaidNotification(
  payout: {
    id: string;
    netKobo: number;
    reference: string;
    transporterCompanyId: string;
    invoiceNumber: string;
    tripNumber: string;
  },
  actorUserId: string,
): NotificationEvent {
  const values = {
    invoiceNumber: payout.invoiceNumber,
    tripNumber: payout.tripNumber,
    amount: nairaValue(payout.netKobo),
    reference: payout.reference,
  };
  const title: NotificationMessage = { key: 'payoutPaid.title', values };
  return {
    kind: 'PAYOUT_PAID',
    to: { companyIds: [payout.transporterCompanyId] },
    actorUserId,
    title,
    body: { key: 'payoutPaid.body', values },
    link: '/earnings',
    key: `payout-paid:${payout.id}`,
    email: {
      subject: title,
      paragraphs: [
        { key: 'payoutPaid.email.paragraph1', values },
        { key: 'payoutPaid.email.paragraph2', values },
      ],
      actionLabel: { key: 'payoutPaid.email.action' },
    },
  };
}
