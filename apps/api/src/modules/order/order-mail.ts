import { CARGO_TYPE_LABELS, formatMoney, unitLabel, type CargoType } from '@freightlane/domain';
import { renderEmail } from '../../lib/mail-layout';

interface MailOrder {
  orderNumber: string;
  cargoType: CargoType;
  customerName: string;
}

function units(cargoType: CargoType, count: number): string {
  return `${count} ${unitLabel(cargoType, count !== 1)}`;
}

export function orderCancelledEmail(firstName: string, order: MailOrder, reason: string, url: string) {
  return renderEmail({
    subject: `Order ${order.orderNumber} was cancelled`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `${order.customerName} has cancelled order ${order.orderNumber} (${CARGO_TYPE_LABELS[order.cargoType]}), which you bid on. Your bid is closed and nothing is owed either way.`,
      `Reason given: ${reason}`,
    ],
    action: { label: 'Find other jobs', url },
  });
}

export function bidWonEmail(
  firstName: string,
  order: MailOrder,
  award: { tripNumbers: string[]; amountKobo: number },
  url: string,
) {
  const count = award.tripNumbers.length;
  const total = award.amountKobo * count;
  return renderEmail({
    subject: `You won ${units(order.cargoType, count)} on order ${order.orderNumber}`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `${order.customerName} has chosen your bid on order ${order.orderNumber} (${CARGO_TYPE_LABELS[order.cargoType]}) for ${units(order.cargoType, count)}.`,
      `Trips: ${award.tripNumbers.join(', ')}.`,
      `Price: ${formatMoney(award.amountKobo)} per ${unitLabel(order.cargoType)}, ${formatMoney(total)} in all.`,
      'Assign a truck, driver and motor boy to each trip before the pickup date.',
    ],
    action: { label: 'See your won trips', url },
  });
}

export function bidLostEmail(firstName: string, order: MailOrder, amountKobo: number, url: string) {
  return renderEmail({
    subject: `Order ${order.orderNumber} went to another transporter`,
    greeting: `Hello ${firstName},`,
    paragraphs: [
      `Thank you for bidding ${formatMoney(amountKobo)} on order ${order.orderNumber} (${CARGO_TYPE_LABELS[order.cargoType]}) for ${order.customerName}. Your bid was not chosen this time.`,
      'New orders are posted every day.',
    ],
    action: { label: 'Find other jobs', url },
  });
}
