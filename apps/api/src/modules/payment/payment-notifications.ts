import { PAYMENT_METHOD_LABELS, formatMoney, lagosDayText, type PaymentMethod } from '@freightlane/domain';
import type { NotificationEvent } from '../notification';

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
  const amount = formatMoney(payment.amountKobo);
  const day = lagosDayText(payment.paidAt.toISOString());
  const how = `${PAYMENT_METHOD_LABELS[payment.method]}, reference ${payment.reference}`;
  const link = `/payments/${invoice.id}`;
  const customerTitle = `${invoice.invoiceNumber}: payment received`;
  const transporterTitle = `${invoice.invoiceNumber}: paid by the customer`;
  return [
    {
      kind: 'PAYMENT_RECEIVED',
      to: { companyIds: [invoice.customerCompanyId] },
      actorUserId,
      title: customerTitle,
      body: `We received ${amount} for trip ${invoice.tripNumber} on ${day} (${how}).`,
      link,
      key: `payment-received:${payment.paymentId}:customer`,
      email: {
        subject: customerTitle,
        paragraphs: [
          `We received your payment of ${amount} for invoice ${invoice.invoiceNumber} (trip ${invoice.tripNumber}) on ${day}.`,
          `Paid by: ${how}.`,
          'Thank you. The invoice page keeps this receipt.',
        ],
        actionLabel: 'See the invoice',
      },
    },
    {
      kind: 'PAYMENT_RECEIVED',
      to: { companyIds: [invoice.transporterCompanyId] },
      actorUserId,
      title: transporterTitle,
      body: `The customer paid invoice ${invoice.invoiceNumber} (${amount}). Your payout of ${formatMoney(payment.netKobo)} is being prepared.`,
      link,
      key: `payment-received:${payment.paymentId}:transporter`,
      email: {
        subject: transporterTitle,
        paragraphs: [
          `The customer has paid invoice ${invoice.invoiceNumber} of ${amount} for trip ${invoice.tripNumber}.`,
          `Your payout, after the platform's commission, is ${formatMoney(payment.netKobo)}. We will tell you when it is transferred.`,
        ],
        actionLabel: 'See the invoice',
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
  const amount = formatMoney(payout.netKobo);
  const title = `${payout.invoiceNumber}: payout of ${amount} sent`;
  return {
    kind: 'PAYOUT_PAID',
    to: { companyIds: [payout.transporterCompanyId] },
    actorUserId,
    title,
    body: `We transferred ${amount} for invoice ${payout.invoiceNumber} (reference ${payout.reference}).`,
    link: '/earnings',
    key: `payout-paid:${payout.id}`,
    email: {
      subject: title,
      paragraphs: [
        `We have transferred ${amount} to your company's account for trip ${payout.tripNumber} (invoice ${payout.invoiceNumber}).`,
        `Transfer reference: ${payout.reference}. It should show on your bank statement within a working day.`,
      ],
      actionLabel: 'See your earnings',
    },
  };
}
