import { formatMoney } from '@freightlane/domain';
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

const lagosDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export function newBidEmail(mail: NewBidMail) {
  const trucks = `${mail.trucksAvailable} ${mail.trucksAvailable === 1 ? 'truck' : 'trucks'}`;
  return renderEmail({
    subject: `New bid on ${mail.orderNumber}`,
    greeting: `Hello ${mail.firstName},`,
    paragraphs: [
      `${mail.transporterName} bid ${formatMoney(mail.amountKobo)} per ${mail.perUnit} on your order ${mail.orderNumber}, with ${trucks} available.`,
      `Bidding closes ${lagosDateTime.format(mail.biddingClosesAt)} (Lagos time). You can compare all bids and award the order from its page.`,
    ],
    action: { label: 'See the bids', url: mail.url },
  });
}
