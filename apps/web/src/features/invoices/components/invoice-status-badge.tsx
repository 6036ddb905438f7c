import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@freightlane/domain';

const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  PENDING_PAYMENT: 'orange',
  OVERDUE: 'red',
  PAID: 'green',
  VOID: 'gray',
};

/** An invoice's status as the API shows it: OVERDUE once it is unpaid past its due date. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant="light" color={INVOICE_STATUS_COLORS[status]} radius="sm">
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
