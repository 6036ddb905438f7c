import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatMoney, percentText, type Earning } from '@freightlane/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Money } from '../../../components/marketplace-badges';
import { formatDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { TableFrame } from '../../../components/table-frame';
import { PayoutStatusBadge } from '../../invoices';
import { useEarningsText } from '../text';

/**
 * Paid trips with what the customer paid, the commission and the net. A transporter reads its own
 * earnings; the back office reads every transporter's payouts, names the transporter and marks a pending
 * payout paid.
 */
export type PayoutListProps =
  | { earnings: Earning[]; audience: 'transporter' }
  | { earnings: Earning[]; audience: 'admin'; onMarkPaid: MarkPaid };

type MarkPaid = (earning: Earning) => void;

/** As a table on a wide screen, as one card per paid trip on a phone; the back office's wider table waits for md. */
export function PayoutList(props: PayoutListProps) {
  const isDesktop = useBreakpoint(props.audience === 'admin' ? 'md' : 'sm');
  return isDesktop ? (
    <Card withBorder radius="md" padding={0}>
      <PayoutTable {...props} />
    </Card>
  ) : (
    <PayoutCards {...props} />
  );
}

function InvoiceLink({ earning, bold }: { earning: Earning; bold: boolean }) {
  return (
    <Anchor component={Link} to={PATHS.invoice(earning.invoiceId)} fw={bold ? 600 : undefined} size="sm">
      {earning.invoiceNumber}
    </Anchor>
  );
}

function TripLink({ earning, block = false }: { earning: Earning; block?: boolean }) {
  return (
    <Anchor component={Link} to={PATHS.trip(earning.trip.id)} size="sm" display={block ? 'block' : undefined}>
      {earning.trip.tripNumber}
    </Anchor>
  );
}

/**
 * The payout's state, and once paid out, the day and the transfer's reference; until then, for the back
 * office, "Mark paid".
 */
function PayoutState({ earning, onMarkPaid }: { earning: Earning; onMarkPaid: MarkPaid | undefined }) {
  const t = useEarningsText();
  const { payout } = earning;
  return (
    <Stack gap={onMarkPaid ? 4 : 2} align="flex-start">
      <PayoutStatusBadge status={payout.status} />
      {payout.status === 'PAID' ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[formatDate(payout.paidOutAt), payout.reference].filter(Boolean).join(' · ')}
        </Text>
      ) : onMarkPaid ? (
        <Button
          size="xs"
          variant="light"
          onClick={() => onMarkPaid(earning)}
          aria-label={t('payoutList.markPaidLabel', {
            amount: formatMoney(payout.netKobo),
            transporter: earning.transporterName,
          })}
        >
          {t('payoutList.markPaid')}
        </Button>
      ) : null}
    </Stack>
  );
}

function commissionRate(earning: Earning): string {
  return percentText(earning.payout.commissionBasisPoints);
}

function PayoutTable(props: PayoutListProps) {
  const t = useEarningsText();
  const admin = props.audience === 'admin';
  const onMarkPaid = admin ? props.onMarkPaid : undefined;
  const right = { textAlign: 'right' } as const;
  return (
    // Eight columns: dense, like every table of eight or more (DENSE_FROM_COLUMNS).
    <TableFrame label={t(`payoutList.label.${props.audience}`)} dense>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">
            {admin ? t('payoutList.column.transporter') : t('payoutList.column.trip')}
          </Table.Th>
          <Table.Th scope="col">
            {admin ? t('payoutList.column.tripAndInvoice') : t('payoutList.column.invoice')}
          </Table.Th>
          <Table.Th scope="col">{t('payoutList.column.customer')}</Table.Th>
          <Table.Th scope="col">{t('payoutList.column.paidOn')}</Table.Th>
          <Table.Th scope="col" style={right}>
            {t('payoutList.column.paid')}
          </Table.Th>
          <Table.Th scope="col" style={right}>
            {t('payoutList.column.commission')}
          </Table.Th>
          <Table.Th scope="col" style={right}>
            {admin ? t('payoutList.column.netToPayOut') : t('payoutList.column.net')}
          </Table.Th>
          <Table.Th scope="col">{t('payoutList.column.payout')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.earnings.map((earning) => (
          <Table.Tr key={earning.payout.id}>
            {admin ? (
              <>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {earning.transporterName}
                  </Text>
                </Table.Td>
                <Table.Td data-keep>
                  <TripLink earning={earning} block />
                  <InvoiceLink earning={earning} bold={false} />
                </Table.Td>
              </>
            ) : (
              <>
                <Table.Td data-keep>
                  <TripLink earning={earning} />
                </Table.Td>
                <Table.Td data-keep>
                  <InvoiceLink earning={earning} bold />
                </Table.Td>
              </>
            )}
            <Table.Td>
              <Text size="sm">{earning.customerName}</Text>
            </Table.Td>
            <Table.Td data-keep>
              <Text size="sm">{formatDate(earning.paidAt)}</Text>
            </Table.Td>
            <Table.Td style={right} data-keep>
              <Money kobo={earning.payout.paidKobo} size="sm" />
            </Table.Td>
            <Table.Td style={right} data-keep>
              <Money kobo={earning.payout.commissionKobo} size="sm" />
              <Text size="xs" c="dimmed">
                {commissionRate(earning)}
              </Text>
            </Table.Td>
            <Table.Td style={right} data-keep>
              <Money kobo={earning.payout.netKobo} size="sm" fw={700} />
            </Table.Td>
            <Table.Td>
              <PayoutState earning={earning} onMarkPaid={onMarkPaid} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableFrame>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text
        size="sm"
        component="dd"
        m={0}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {children}
      </Text>
    </div>
  );
}

/** The card's heading: the back office names the transporter, a transporter sees its trip first. */
function CardHeading({ earning, admin }: { earning: Earning; admin: boolean }) {
  const t = useEarningsText();
  const paid = t('payoutList.card.paid', {
    customer: earning.customerName,
    date: formatDate(earning.paidAt),
  });
  if (admin)
    return (
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={700} size="sm">
          {earning.transporterName}
        </Text>
        <Text size="xs" c="dimmed">
          {t('payoutList.card.trip', { tripNumber: earning.trip.tripNumber, paid })}
        </Text>
      </Stack>
    );
  return (
    <Stack gap={0}>
      <TripLink earning={earning} />
      <Text size="xs" c="dimmed">
        {paid}
      </Text>
    </Stack>
  );
}

function PayoutCards(props: PayoutListProps) {
  const t = useEarningsText();
  const admin = props.audience === 'admin';
  const onMarkPaid = admin ? props.onMarkPaid : undefined;
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label={t(`payoutList.label.${props.audience}`)}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {props.earnings.map((earning) => (
        <Card key={earning.payout.id} withBorder radius="md" padding="md" component="li">
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6}>
            <CardHeading earning={earning} admin={admin} />
            <PayoutState earning={earning} onMarkPaid={onMarkPaid} />
          </Group>
          <SimpleGrid component="dl" cols={{ base: 2, xs: 3 }} spacing="xs" m={0}>
            <Figure label={t('payoutList.column.paid')}>{formatMoney(earning.payout.paidKobo)}</Figure>
            <Figure label={t('payoutList.card.commission', { rate: commissionRate(earning) })}>
              {formatMoney(earning.payout.commissionKobo)}
            </Figure>
            <Figure label={t('payoutList.column.net')}>
              <Text component="span" size="sm" fw={700}>
                {formatMoney(earning.payout.netKobo)}
              </Text>
            </Figure>
          </SimpleGrid>
          <Text size="xs" mt={6}>
            {t('payoutList.card.invoice')} <InvoiceLink earning={earning} bold={!admin} />
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
