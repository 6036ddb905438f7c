import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  CHARGE_KIND_LABELS,
  formatMoney,
  percentText,
  type InvoiceCharge,
  type InvoiceDetail,
} from '@freightlane/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useActionError } from '../../../components/action-error';
import { Money } from '../../../components/marketplace-badges';
import { NoticeDialog } from '../../../components/notice-dialog';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useAcceptCharge, useWithdrawCharge } from '../api/invoices-api';
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
function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

function waitingText(waiting: NonNullable<InvoiceCharge['waiting']>): string {
  const hours = waiting.chargeableHours === 1 ? '1 started hour' : `${waiting.chargeableHours} started hours`;
  return `Waited ${durationText(waiting.waitedMinutes)}, ${waiting.freeHours} free hours: ${hours} at ${formatMoney(waiting.rateKoboPerHour)} an hour.`;
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
  const open = charge.status === 'PROPOSED' || charge.status === 'DISPUTED';
  return (
    <Stack gap={4} align="flex-start" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {CHARGE_KIND_LABELS[charge.kind]}
        </Text>
        <ChargeStatusBadge status={charge.status} forCustomer={rights.forCustomer} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {charge.reason}
      </Text>
      {charge.waiting ? (
        <Text size="xs" c="dimmed">
          {waitingText(charge.waiting)}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        Proposed {charge.proposedBy ? `by ${charge.proposedBy}` : 'by Freightlane from the trip’s times'} on{' '}
        {formatDateTime(charge.createdAt)}
        {charge.answeredAt && charge.status !== 'PROPOSED'
          ? ` · answered${charge.answeredBy ? ` by ${charge.answeredBy}` : ''} on ${formatDateTime(charge.answeredAt)}`
          : ''}
      </Text>
      {charge.disputeNote && charge.status === 'DISPUTED' ? (
        <Text size="sm" c="red.9">
          <Text component="span" fw={600} size="sm">
            {rights.forCustomer ? 'Your note' : 'The customer’s note'}:
          </Text>{' '}
          {charge.disputeNote}
        </Text>
      ) : null}
      {open && (rights.answer || rights.change) ? (
        <Group gap="xs" mt={4}>
          {rights.answer ? (
            <Button size="xs" onClick={() => onAction({ kind: 'accept', charge })}>
              Accept
            </Button>
          ) : null}
          {rights.answer && charge.status === 'PROPOSED' ? (
            <Button size="xs" variant="default" onClick={() => onAction({ kind: 'dispute', charge })}>
              Dispute
            </Button>
          ) : null}
          {rights.change ? (
            <>
              <Button size="xs" variant="default" onClick={() => onAction({ kind: 'revise', charge })}>
                Revise
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => onAction({ kind: 'withdraw', charge })}
              >
                Withdraw
              </Button>
            </>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

function AmountCell({ kobo, counted, strong = false }: { kobo: number; counted: boolean; strong?: boolean }) {
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
          not in the total
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
        notifySuccess(
          `The charge of ${formatMoney(charge.amountKobo)} is accepted and added to the invoice.`,
        );
      } else {
        await withdraw.mutateAsync(charge.id);
        notifySuccess('The charge is withdrawn. The customer is told.');
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
          Amounts
        </Title>
        {canPropose ? (
          <Button
            variant="light"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setPending({ kind: 'propose' })}
          >
            Add a charge
          </Button>
        ) : null}
      </Group>
      <Stack gap="sm">
        {/* Fixed columns: on a phone the amounts keep their width and the charges' words wrap beside them. */}
        <Table
          layout="fixed"
          verticalSpacing="sm"
          aria-label="Amounts"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Item</Table.Th>
              <Table.Th scope="col" style={{ textAlign: 'right', width: 136 }}>
                Amount
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                Haulage
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
              <Table.Th scope="row">Subtotal</Table.Th>
              <AmountCell kobo={invoice.subtotalKobo} counted />
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                VAT {percentText(invoice.vatBasisPoints)}
              </Table.Th>
              <AmountCell kobo={invoice.vatKobo} counted />
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <AmountCell kobo={invoice.amountKobo} counted strong />
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {paidWithDispute ? (
          <Alert color="orange" title="A disputed charge stays outside this invoice">
            The invoice was paid while a charge was disputed. That charge is not part of what was paid: the
            two companies settle it between them.
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
        title="Accept this charge?"
        buttons="yes-no"
        onClose={close}
        confirming={accept.isPending}
        onConfirm={() => pending?.kind === 'accept' && void confirm('accept', pending.charge)}
      >
        {pending?.kind === 'accept'
          ? `${formatMoney(pending.charge.amountKobo)} is added to the invoice, with VAT on it.`
          : null}
      </NoticeDialog>
      <NoticeDialog
        opened={pending?.kind === 'withdraw'}
        title="Withdraw this charge?"
        buttons="yes-no"
        destructive
        onClose={close}
        confirming={withdraw.isPending}
        onConfirm={() => pending?.kind === 'withdraw' && void confirm('withdraw', pending.charge)}
      >
        The charge is dropped from the invoice for good and the customer is told. You can propose a new one
        while the invoice is unpaid.
      </NoticeDialog>
    </Card>
  );
}
