import { Badge } from '@mantine/core';
import type { InvoiceStatus } from '@freightlane/domain';
import { useLabels } from '../../../i18n/labels/labels';

const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  PENDING_PAYMENT: 'orange',
  OVERDUE: 'red',
  PAID: 'green',
  VOID: 'gray',
};

/** An invoice's status as the API shows it: OVERDUE once it is unpaid past its due date. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const label = useLabels();
  return (
    <Badge variant="light" color={INVOICE_STATUS_COLORS[status]} radius="sm">
      {label('invoiceStatus', status)}
    </Badge>
  );
}
