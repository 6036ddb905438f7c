import { Badge } from '@mantine/core';
import type { ChargeStatus, PaymentStatus, PayoutStatus } from '@freightlane/domain';
import { useLabels } from '../../../i18n/labels/labels';
import { useInvoicesText } from '../text';

const CHARGE_STATUS_COLORS: Record<ChargeStatus, string> = {
  PROPOSED: 'orange',
  ACCEPTED: 'green',
  DISPUTED: 'red',
  WITHDRAWN: 'gray',
};

/** A long label wraps inside its badge on a phone instead of pushing the amounts off the screen. */
const WRAPPING = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

/**
 * A charge's status. A proposed charge awaits the customer's answer: the customer reads "Awaiting your
 * answer", the transporter and admins "Awaiting the customer's answer".
 */
export function ChargeStatusBadge({ status, forCustomer }: { status: ChargeStatus; forCustomer: boolean }) {
  const t = useInvoicesText();
  const label = useLabels();
  return (
    <Badge variant="light" color={CHARGE_STATUS_COLORS[status]} radius="sm" tt="none" styles={WRAPPING}>
      {status === 'PROPOSED' && !forCustomer ? t('charge.awaitingCustomer') : label('chargeStatus', status)}
    </Badge>
  );
}

const PAYOUT_STATUS_COLORS: Record<PayoutStatus, string> = { PENDING: 'orange', PAID: 'green' };

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const label = useLabels();
  return (
    <Badge variant="light" color={PAYOUT_STATUS_COLORS[status]} radius="sm">
      {label('payoutStatus', status)}
    </Badge>
  );
}

const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  PENDING: 'gray',
  SUCCEEDED: 'green',
  FAILED: 'red',
};

/** A payment attempt: one still PENDING was started at the provider and never finished. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const t = useInvoicesText();
  return (
    <Badge variant="light" color={PAYMENT_STATUS_COLORS[status]} radius="sm">
      {t(`paymentStatus.${status}`)}
    </Badge>
  );
}
