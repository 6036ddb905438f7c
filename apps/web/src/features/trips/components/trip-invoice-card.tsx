import { Badge, Card, Group, SimpleGrid, Title } from '@mantine/core';
import type { TripDetail } from '@freightlane/domain';
import { Money } from '../../../components/marketplace-badges';
import { formatDate } from '../../../lib/format';
import { DescriptionField } from '../../../components/description-field';

const STATUS_COLORS: Record<string, string> = {
  PAID: 'green',
  OVERDUE: 'red',
  ISSUED: 'blue',
  PENDING: 'blue',
};

/** "OVERDUE" as "Overdue": invoice statuses come from billing and are shown as words. */
function statusWords(status: string): string {
  const words = status.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The invoice raised for the trip, once there is one. */
export function TripInvoiceCard({ invoice }: { invoice: NonNullable<TripDetail['invoice']> }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="invoice-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="invoice-title">
          Invoice
        </Title>
        <Badge variant="light" radius="sm" color={STATUS_COLORS[invoice.status.toUpperCase()] ?? 'gray'}>
          {statusWords(invoice.status)}
        </Badge>
      </Group>
      <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="sm" m={0}>
        <DescriptionField label="Invoice number">{invoice.invoiceNumber}</DescriptionField>
        <DescriptionField label="Amount">
          <Money kobo={invoice.amountKobo} size="sm" />
        </DescriptionField>
        <DescriptionField label="Due">{formatDate(invoice.dueAt)}</DescriptionField>
      </SimpleGrid>
    </Card>
  );
}
