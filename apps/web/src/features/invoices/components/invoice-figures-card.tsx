import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, percentText, type InvoiceCharge, type InvoiceDetail } from '@freightlane/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useActionError } from '../../../components/action-error';
import { Money } from '../../../components/marketplace-badges';
import { NoticeDialog } from '../../../components/notice-dialog';
import { useLabels } from '../../../i18n/labels/labels';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useAcceptCharge, useWithdrawCharge } from '../api/invoices-api';
import { useInvoicesText, type InvoicesText } from '../text';
import { ChargeFormDialog, DisputeChargeDialog } from './charge-dialogs';
import { ChargeStatusBadge } from './money-badges';

/** Who may do what to the charges of this invoice, as the caller's side and the invoice's state allow. */
export interface ChargeRights {
  /** The customer answers proposed charges (and may accept a disputed one after all). */
  answer: boolean;
  /** The transporter revises or withdraws its unanswered or disputed charges. */
  change: boolean;
  /** The caller is the customer: "your answer" rather than "the customer's". */
  forCustomer: boolean;
}

/** "15 h 20 min" */
function durationText(t: InvoicesText, total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return t('duration.minutes', { minutes });
  return minutes === 0 ? t('duration.hours', { hours }) : t('duration.hoursMinutes', { hours, minutes });
}

function waitingText(t: InvoicesText, waiting: NonNullable<InvoiceCharge['waiting']>): string {
  return t('charge.waiting', {
    duration: durationText(t, waiting.waitedMinutes),
    freeHours: waiting.freeHours,
    hours: waiting.chargeableHours,
    rate: formatMoney(waiting.rateKoboPerHour),
  });
}

/** Who proposed the charge and when, and once answered, who answered it and when. */
function historyText(t: InvoicesText, charge: InvoiceCharge): string {
  const date = formatDateTime(charge.createdAt);
  const proposed = charge.proposedBy
    ? t('charge.proposedBy', { name: charge.proposedBy, date })
    : t('charge.proposedByFreightlane', { date });
  if (!charge.answeredAt || charge.status === 'PROPOSED') return proposed;
  const on = formatDateTime(charge.answeredAt);
  const answered = charge.answeredBy
    ? t('charge.answeredBy', { name: charge.answeredBy, date: on })
    : t('charge.answered', { date: on });
  return `${proposed} · ${answered}`;
}

type Pending =
  { kind: 'accept' | 'withdraw' | 'dispute' | 'revise'; charge: InvoiceCharge } | { kind: 'propose' } | null;

function ChargeDetails({
  charge,
  rights,
  onAction,
}: {
  charge: InvoiceCharge;
  rights: ChargeRights;
  onAction: (p: Pending) => void;
}) {
  const t = useInvoicesText();
  const label = useLabels();
  const open = charge.status === 'PROPOSED' || charge.status === 'DISPUTED';
  return (
    <Stack gap={4} align="flex-start" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {label('chargeKind', charge.kind)}
        </Text>
        <ChargeStatusBadge status={charge.status} forCustomer={rights.forCustomer} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {charge.reason}
      </Text>
      {charge.waiting ? (
        <Text size="xs" c="dimmed">
          {waitingText(t, charge.waiting)}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {historyText(t, charge)}
      </Text>
      {charge.disputeNote && charge.status === 'DISPUTED' ? (
        <Text size="sm" c="red.9">
          <Text component="span" fw={600} size="sm">
            {rights.forCustomer ? t('charge.yourNote') : t('charge.customerNote')}
          </Text>{' '}
          {charge.disputeNote}
        </Text>
      ) : null}
      {open && (rights.answer || rights.change) ? (
        <Group gap="xs" mt={4}>
          {rights.answer ? (
            <Button size="xs" onClick={() => onAction({ kind: 'accept', charge })}>
              {t('charge.accept')}
            </Button>
          ) : null}
          {rights.answer && charge.status === 'PROPOSED' ? (
            <Button size="xs" variant="default" onClick={() => onAction({ kind: 'dispute', charge })}>
              {t('charge.dispute')}
            </Button>
          ) : null}
          {rights.change ? (
            <>
              <Button size="xs" variant="default" onClick={() => onAction({ kind: 'revise', charge })}>
                {t('charge.revise')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => onAction({ kind: 'withdraw', charge })}
              >
                {t('charge.withdraw')}
              </Button>
            </>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

function AmountCell({ kobo, counted, strong = false }: { kobo: number; counted: boolean; strong?: boolean }) {
  const t = useInvoicesText();
  return (
    <Table.Td style={{ textAlign: 'right', verticalAlign: 'top', whiteSpace: 'nowrap' }}>
      <Money
        kobo={kobo}
        size="sm"
        fw={strong ? 700 : undefined}
        c={counted ? undefined : 'dimmed'}
        td={counted ? undefined : 'line-through'}
      />
      {counted ? null : (
        <Text size="xs" c="dimmed">
          {t('figures.notInTotal')}
        </Text>
      )}
    </Table.Td>
  );
}

/**
 * The invoice's figures: the haulage, each charge with its status (only accepted ones count), the
 * subtotal, VAT at the invoice's own rate and the total, with each side's actions on the charges.
 */
export function InvoiceFiguresCard({ invoice, rights }: { invoice: InvoiceDetail; rights: ChargeRights }) {
  const t = useInvoicesText();
  const [pending, setPending] = useState<Pending>(null);
  const accept = useAcceptCharge(invoice.id);
  const withdraw = useWithdrawCharge(invoice.id);
  const showActionError = useActionError();
  const canPropose = invoice.actions.includes('PROPOSE_CHARGE');
  const close = () => setPending(null);
  const paidWithDispute =
    invoice.status === 'PAID' && invoice.charges.some((charge) => charge.status === 'DISPUTED');

  async function confirm(kind: 'accept' | 'withdraw', charge: InvoiceCharge) {
    try {
      if (kind === 'accept') {
        await accept.mutateAsync(charge.id);
        notifySuccess(t('figures.accepted', { amount: formatMoney(charge.amountKobo) }));
      } else {
        await withdraw.mutateAsync(charge.id);
        notifySuccess(t('figures.withdrawn'));
      }
    } catch (error) {
      showActionError(error);
    } finally {
      close();
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="figures-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="figures-title">
          {t('figures.title')}
        </Title>
        {canPropose ? (
          <Button
            variant="light"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setPending({ kind: 'propose' })}
          >
            {t('figures.addCharge')}
          </Button>
        ) : null}
      </Group>
      <Stack gap="sm">
        {/* Fixed columns: on a phone the amounts keep their width and the charges' words wrap beside them. */}
        <Table
          layout="fixed"
          verticalSpacing="sm"
          aria-label={t('figures.title')}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('figures.item')}</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right', width: 136 }}>
                {t('figures.amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                {t('figures.haulage')}
              </Table.Th>
              <AmountCell kobo={invoice.haulageKobo} counted />
            </Table.Tr>
            {invoice.charges.map((charge) => (
              <Table.Tr key={charge.id}>
                <Table.Td>
                  <ChargeDetails charge={charge} rights={rights} onAction={setPending} />
                </Table.Td>
                <AmountCell kobo={charge.amountKobo} counted={charge.status === 'ACCEPTED'} />
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">{t('figures.subtotal')}</Table.Th>
              <AmountCell kobo={invoice.subtotalKobo} counted />
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                {t('figures.vat', { rate: percentText(invoice.vatBasisPoints) })}
              </Table.Th>
              <AmountCell kobo={invoice.vatKobo} counted />
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('figures.total')}</Table.Th>
              <AmountCell kobo={invoice.amountKobo} counted strong />
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {paidWithDispute ? (
          <Alert color="orange" title={t('figures.paidWithDispute.title')}>
            {t('figures.paidWithDispute.text')}
          </Alert>
        ) : null}
      </Stack>

      <ChargeFormDialog
        invoiceId={invoice.id}
        charge={pending?.kind === 'revise' ? pending.charge : null}
        opened={pending?.kind === 'propose' || pending?.kind === 'revise'}
        onClose={close}
      />
      {pending?.kind === 'dispute' ? (
        <DisputeChargeDialog invoiceId={invoice.id} charge={pending.charge} opened onClose={close} />
      ) : null}
      <NoticeDialog
        opened={pending?.kind === 'accept'}
        title={t('figures.acceptDialog.title')}
        buttons="yes-no"
        onClose={close}
        confirming={accept.isPending}
        onConfirm={() => pending?.kind === 'accept' && void confirm('accept', pending.charge)}
      >
        {pending?.kind === 'accept'
          ? t('figures.acceptDialog.text', { amount: formatMoney(pending.charge.amountKobo) })
          : null}
      </NoticeDialog>
      <NoticeDialog
        opened={pending?.kind === 'withdraw'}
        title={t('figures.withdrawDialog.title')}
        buttons="yes-no"
        destructive
        onClose={close}
        confirming={withdraw.isPending}
        onConfirm={() => pending?.kind === 'withdraw' && void confirm('withdraw', pending.charge)}
      >
        {t('figures.withdrawDialog.text')}
      </NoticeDialog>
    </Card>
  );
}
