import { Anchor, Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import type { InvoiceStatus, TripDetail } from '@freightlane/domain';
import { Link } from 'react-router';
import { Money } from '../../../components/marketplace-badges';
import { PATHS } from '../../../lib/paths';
import { formatDate } from '../../../lib/format';
import { DescriptionField } from '../../../components/description-field';
import { useLabels } from '../../../i18n/labels/labels';
import { useTripComponentsText } from './text';

const STATUS_COLORS: Record<InvoiceStatus, string> = {
  PENDING_PAYMENT: 'orange',
  OVERDUE: 'red',
  PAID: 'green',
  VOID: 'gray',
};

/** The invoice raised for the trip, once there is one, with a way to its page. */
export function TripInvoiceCard({
  invoice,
  isCustomer,
}: {
  invoice: NonNullable<TripDetail['invoice']>;
  isCustomer: boolean;
}) {
  const t = useTripComponentsText();
  const label = useLabels();
  const awaiting = invoice.chargesAwaitingAnswer;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="invoice-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="invoice-title">
          {t('invoice.title')}
        </Title>
        <Badge variant="light" radius="sm" color={STATUS_COLORS[invoice.status]}>
          {label('invoiceStatus', invoice.status)}
        </Badge>
      </Group>
      <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="sm" m={0}>
        <DescriptionField label={t('invoice.number')}>
          <Anchor component={Link} to={PATHS.invoice(invoice.id)} size="sm">
            {invoice.invoiceNumber}
          </Anchor>
        </DescriptionField>
        <DescriptionField label={t('invoice.amount')}>
          <Money kobo={invoice.amountKobo} size="sm" />
        </DescriptionField>
        <DescriptionField label={t('invoice.due')}>{formatDate(invoice.dueAt)}</DescriptionField>
      </SimpleGrid>
      {/* Charges waiting for the customer's answer hold the payment back until answered (decision 019). */}
      {isCustomer && awaiting > 0 ? (
        <Text size="sm" mt="sm" c="orange.9" fw={600}>
          <Anchor component={Link} to={PATHS.invoice(invoice.id)} inherit c="orange.9">
            {t('invoice.chargesToAnswer', { count: awaiting })}
          </Anchor>
        </Text>
      ) : null}
    </Card>
  );
}
