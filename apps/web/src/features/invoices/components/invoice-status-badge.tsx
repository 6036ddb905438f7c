import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@freightlane/domain';

const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  PENDING_PAYMENT: 'orange',
  PAID: 'green',
  VOID: 'gray',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant="light" color={INVOICE_STATUS_COLORS[status]} radius="sm">
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
