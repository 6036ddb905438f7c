import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney, percentText, type InvoiceDetail, type Payment, type Payout } from '@freightlane/domain';
import { IconBuildingBank, IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { DescriptionField } from '../../../components/description-field';
import { useActionError } from '../../../components/action-error';
import { Money } from '../../../components/marketplace-badges';
import { useLabels } from '../../../i18n/labels/labels';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCheckout } from '../api/invoices-api';
import { goToCheckout } from '../api/checkout-redirect';
import { useInvoicesText } from '../text';
import { BankTransferDialog } from './bank-transfer-dialog';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { PaymentStatusBadge, PayoutStatusBadge } from './money-badges';

const UNPAID = new Set(['PENDING_PAYMENT', 'OVERDUE']);

/** The customer's Pay button, or why it cannot be pressed yet. */
function PayAction({ invoice }: { invoice: InvoiceDetail }) {
  const t = useInvoicesText();
  const checkout = useCheckout(invoice.id);
  const showActionError = useActionError();
  const [leaving, setLeaving] = useState(false);
  const label = t('pay.button', { amount: formatMoney(invoice.amountKobo) });

  async function pay() {
    try {
      const { authorizationUrl } = await checkout.mutateAsync();
      // The page stays busy until the provider's checkout page has loaded in its place.
      setLeaving(true);
      goToCheckout(authorizationUrl);
    } catch (error) {
      showActionError(error);
    }
  }

  if (invoice.actions.includes('PAY')) {
    return (
      <Stack gap={4}>
        <Button
          size="md"
          leftSection={<IconCreditCard size={18} aria-hidden />}
          loading={checkout.isPending || leaving}
          onClick={() => void pay()}
        >
          {label}
        </Button>
        <Text size="xs" c="dimmed">
          {t('pay.how')}
        </Text>
      </Stack>
    );
  }
  if (UNPAID.has(invoice.status) && invoice.chargesAwaitingAnswer > 0) {
    return (
      <Stack gap={4}>
        <Button size="md" disabled aria-describedby="pay-blocked">
          {label}
        </Button>
        <Text size="sm" c="orange.9" id="pay-blocked">
          {t('pay.blocked', { count: invoice.chargesAwaitingAnswer })}
        </Text>
      </Stack>
    );
  }
  return null;
}

/**
 * Where the invoice stands: its status, total and due date, and the one thing to do now: the customer
 * pays, an admin records a bank transfer.
 */
export function PaymentStatusCard({ invoice, customer }: { invoice: InvoiceDetail; customer: boolean }) {
  const t = useInvoicesText();
  const [recording, setRecording] = useState(false);
  const overdue = invoice.status === 'OVERDUE';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payment-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="payment-title">
          {t('statusCard.title')}
        </Title>
        <InvoiceStatusBadge status={invoice.status} />
      </Group>
      <Stack gap="md">
        <div>
          <Text size="sm" c="dimmed">
            {t('statusCard.total')}
          </Text>
          <Money kobo={invoice.amountKobo} fw={700} fz={28} lh={1.2} />
        </div>
        <SimpleGrid component="dl" cols={2} spacing="sm" m={0}>
          <DescriptionField label={t('statusCard.due')}>
            <Text component="span" size="sm" c={overdue ? 'red.9' : undefined} fw={overdue ? 600 : undefined}>
              {overdue ? t('due.overdue', { date: formatDate(invoice.dueAt) }) : formatDate(invoice.dueAt)}
            </Text>
          </DescriptionField>
          <DescriptionField label={invoice.paidAt ? t('statusCard.paidOn') : t('statusCard.raisedOn')}>
            {formatDate(invoice.paidAt ?? invoice.createdAt)}
          </DescriptionField>
        </SimpleGrid>
        {invoice.status === 'VOID' ? (
          <Text size="sm" c="dimmed">
            {t('statusCard.void')}
          </Text>
        ) : null}
        {customer ? <PayAction invoice={invoice} /> : null}
        {invoice.actions.includes('RECORD_BANK_TRANSFER') ? (
          <Button
            variant="light"
            leftSection={<IconBuildingBank size={18} aria-hidden />}
            onClick={() => setRecording(true)}
          >
            {t('statusCard.recordTransfer')}
          </Button>
        ) : null}
      </Stack>
      <BankTransferDialog invoice={invoice} opened={recording} onClose={() => setRecording(false)} />
    </Card>
  );
}

function PaymentItem({ payment }: { payment: Payment }) {
  const t = useInvoicesText();
  const label = useLabels();
  const when = payment.paidAt
    ? t('history.paid', { date: formatDateTime(payment.paidAt) })
    : t('history.started', { date: formatDateTime(payment.createdAt) });
  return (
    <Stack gap={2} component="li">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {label('paymentMethod', payment.method)}
          </Text>
          <PaymentStatusBadge status={payment.status} />
        </Group>
        <Money kobo={payment.amountKobo} size="sm" fw={600} />
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('history.reference', { reference: payment.reference })}
        {payment.channel ? ` · ${payment.channel}` : ''} · {when}
      </Text>
      {payment.note ? (
        <Text size="xs" c={payment.status === 'FAILED' ? 'red.9' : 'dimmed'}>
          {payment.note}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Every payment made or started on the invoice, the latest first as the API lists them. */
export function PaymentsHistoryCard({ payments }: { payments: Payment[] }) {
  const t = useInvoicesText();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payments-title">
      <Title order={2} fz="lg" mb="sm" id="payments-title">
        {t('history.title')}
      </Title>
      {payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.none')}
        </Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {payments.map((payment) => (
            <PaymentItem key={payment.id} payment={payment} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The transporter's side of a paid invoice: the platform's commission and what it is paid out. */
export function PayoutCard({ payout }: { payout: Payout }) {
  const t = useInvoicesText();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payout-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="payout-title">
          {t('payoutCard.title')}
        </Title>
        <PayoutStatusBadge status={payout.status} />
      </Group>
      <SimpleGrid component="dl" cols={2} spacing="sm" m={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
        <DescriptionField label={t('payoutCard.paidByCustomer')}>
          {formatMoney(payout.paidKobo)}
        </DescriptionField>
        <DescriptionField
          label={t('payoutCard.commission', { rate: percentText(payout.commissionBasisPoints) })}
        >
          {formatMoney(payout.commissionKobo)}
        </DescriptionField>
        <DescriptionField label={t('payoutCard.net')}>
          <Text component="span" size="sm" fw={700}>
            {formatMoney(payout.netKobo)}
          </Text>
        </DescriptionField>
        <DescriptionField label={t('payoutCard.paidOut')}>
          {payout.paidOutAt
            ? [formatDate(payout.paidOutAt), payout.reference].filter(Boolean).join(' · ')
            : t('payoutCard.notYet')}
        </DescriptionField>
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="sm">
        {t('payoutCard.note')}
      </Text>
    </Card>
  );
}
