import { formatMoney, lagosDateTimeText } from '@freightlane/domain';
import { renderEmail } from '../../lib/mail-layout';

export interface NewBidMail {
  firstName: string;
  orderNumber: string;
  transporterName: string;
  amountKobo: number;
  trucksAvailable: number;
  perUnit: 'container' | 'truck load';
  biddingClosesAt: Date;
  url: string;
}

export function newBidEmail(mail: NewBidMail) {
  const trucks = `${mail.trucksAvailable} ${mail.trucksAvailable === 1 ? 'truck' : 'trucks'}`;
  return renderEmail({
    subject: `New bid on ${mail.orderNumber}`,
    greeting: `Hello ${mail.firstName},`,
    paragraphs: [
      `${mail.transporterName} bid ${formatMoney(mail.amountKobo)} per ${mail.perUnit} on your order ${mail.orderNumber}, with ${trucks} available.`,
      `Bidding closes ${lagosDateTimeText(mail.biddingClosesAt)} (Lagos time). You can compare all bids and award the order from its page.`,
    ],
    action: { label: 'See the bids', url: mail.url },
  });
}
