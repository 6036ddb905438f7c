import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  formatMoney,
  type ExpenseStatus,
  type TripAdvance,
  type TripExpense,
  type TripMoney,
} from '@freightlane/domain';
import {
  IconCash,
  IconCheck,
  IconDownload,
  IconGasStation,
  IconHelp,
  IconReceipt,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { DescriptionField } from '../../../components/description-field';
import { NoticeDialog } from '../../../components/notice-dialog';
import { useLabels } from '../../../i18n/labels/labels';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDownload } from '../../../lib/use-download';
import { downloadReceipt, useRemoveAdvance, useReviewExpense, useTripMoney } from '../api/trip-cash-api';
import { QueryError } from '../../../components/query-error';
import { useTripCashText } from '../text';
import { AdvanceDialog } from './advance-dialog';
import { ExpenseDialog } from './expense-dialog';
import { ReviewDialog, type ReviewDecision } from './review-dialog';
import { SettleDialog } from './settle-dialog';

export const EXPENSE_STATUS_COLORS: Record<ExpenseStatus, string> = {
  PENDING: 'orange',
  QUERIED: 'yellow',
  APPROVED: 'green',
  REJECTED: 'red',
};

/** What a trip's balance means, in words: who owes whom. */
export function balanceWords(
  t: ReturnType<typeof useTripCashText>,
  balanceKobo: number,
): { text: string; color: string } {
  if (balanceKobo > 0)
    return { text: t('card.owesDriver', { amount: formatMoney(balanceKobo) }), color: 'orange.9' };
  if (balanceKobo < 0)
    return { text: t('card.driverHolds', { amount: formatMoney(-balanceKobo) }), color: 'blue.9' };
  return { text: t('card.even'), color: 'dimmed' };
}

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <DescriptionField label={label}>
      <Text size="sm" fw={600} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </DescriptionField>
  );
}

function ProfitBlock({ profit }: { profit: TripMoney['profit'] }) {
  const t = useTripCashText();
  const rate = `${(profit.commissionBasisPoints / 100).toLocaleString('en-NG')}%`;
  const rows: [string, string, boolean?][] = [
    [t('profit.haulage'), formatMoney(profit.haulageKobo)],
    [
      profit.commissionSettled ? t('profit.commission', { rate }) : t('profit.commissionAtToday', { rate }),
      `−${formatMoney(profit.commissionKobo)}`,
    ],
    [t('profit.expenses'), `−${formatMoney(profit.approvedExpensesKobo)}`],
    [t('profit.profit'), formatMoney(profit.profitKobo), true],
  ];
  return (
    <Stack gap={4} component="section" aria-label={t('profit.title')}>
      <Text fw={600} size="sm">
        {t('profit.title')}
      </Text>
      {rows.map(([name, value, strong]) => (
        <Group key={name} justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
            {name}
          </Text>
          <Text
            size="sm"
            fw={strong ? 700 : 500}
            style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          >
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function DieselBlock({ diesel }: { diesel: NonNullable<TripMoney['diesel']> }) {
  const t = useTripCashText();
  const number = (n: number) => n.toLocaleString('en-NG');
  return (
    <Stack gap={4} component="section" aria-label={t('diesel.title')}>
      <Text fw={600} size="sm">
        {t('diesel.title')}
      </Text>
      <Text size="sm">{t('diesel.bought', { litres: number(diesel.litres) })}</Text>
      <Text size="sm">
        {diesel.distanceKm === null
          ? t('diesel.waitingForRoute')
          : diesel.litresPer100Km === null
            ? t('diesel.tooShort', { km: number(diesel.distanceKm) })
            : t('diesel.rate', { km: number(diesel.distanceKm), rate: number(diesel.litresPer100Km) })}
      </Text>
      <Text size="xs" c="dimmed">
        {diesel.truckMedianPer100Km === null
          ? t('diesel.noMedian')
          : t('diesel.median', { median: number(diesel.truckMedianPer100Km), trips: diesel.truckTrips })}
      </Text>
      {diesel.flagged ? (
        <Alert color="red" icon={<IconGasStation aria-hidden />} role="status" p="xs">
          <Text size="sm">{t('diesel.flagged')}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

function SettledNote({ money }: { money: TripMoney }) {
  const t = useTripCashText();
  const label = useLabels();
  const s = money.settlement!;
  const values = {
    who: s.settledBy,
    driver: s.driver.name,
    amount: formatMoney(Math.abs(s.paidKobo)),
    method: label('cashMethod', s.method),
    when: formatDateTime(s.settledAt),
  };
  const paid =
    s.paidKobo > 0
      ? t('settled.toDriver', values)
      : s.paidKobo < 0
        ? t('settled.fromDriver', values)
        : t('settled.nothing', values);
  return (
    <Alert color="green" icon={<IconCheck aria-hidden />} title={t('settled.title')} role="status">
      <Text size="sm">
        {paid}
        {s.carriedKobo > 0
          ? ` ${t('settled.carriedOwed', { amount: formatMoney(s.carriedKobo), driver: s.driver.name })}`
          : s.carriedKobo < 0
            ? ` ${t('settled.carriedHeld', { amount: formatMoney(-s.carriedKobo), driver: s.driver.name })}`
            : ''}
      </Text>
    </Alert>
  );
}

function AdvanceItem({
  tripId,
  advance,
  canChange,
}: {
  tripId: string;
  advance: TripAdvance;
  canChange: boolean;
}) {
  const t = useTripCashText();
  const label = useLabels();
  const remove = useRemoveAdvance(tripId);
  const [confirming, setConfirming] = useState(false);
  const method = label('cashMethod', advance.method);
  const amount = formatMoney(advance.amountKobo);
  async function confirm() {
    try {
      await remove.mutateAsync(advance.id);
      notifySuccess(t('advances.removed', { amount }));
    } catch (error) {
      notifyError(error);
    } finally {
      setConfirming(false);
    }
  }
  return (
    <Paper component="li" withBorder radius="sm" p="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {t('advances.item', { method, amount })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('advances.by', { who: advance.givenBy, when: formatDateTime(advance.givenAt) })}
            {advance.reference ? ` · ${t('advances.reference', { reference: advance.reference })}` : ''}
          </Text>
        </div>
        {canChange ? (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setConfirming(true)}
            aria-label={t('advances.removeLabel', { method, amount })}
          >
            {t('advances.remove')}
          </Button>
        ) : null}
      </Group>
      <NoticeDialog
        opened={confirming}
        title={t('advances.removeTitle')}
        buttons="yes-no"
        destructive
        confirming={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      >
        {t('advances.removeBody', { method, amount })}
      </NoticeDialog>
    </Paper>
  );
}

function ExpenseItem({
  tripId,
  expense,
  canChange,
  onReview,
}: {
  tripId: string;
  expense: TripExpense;
  canChange: boolean;
  onReview: (decision: Exclude<ReviewDecision, 'APPROVE'>) => void;
}) {
  const t = useTripCashText();
  const label = useLabels();
  const review = useReviewExpense(tripId);
  const { downloading, download } = useDownload();
  const kind = label('expenseKind', expense.kind);
  const amount = formatMoney(expense.amountKobo);
  async function approve() {
    try {
      await review.mutateAsync({ expenseId: expense.id, body: { decision: 'APPROVE' } });
      notifySuccess(t('expenses.approved', { kind, amount }));
    } catch (error) {
      notifyError(error);
    }
  }
  const who = expense.fromDriver ? `${expense.recordedBy}, ${t('expenses.fromPhone')}` : expense.recordedBy;
  return (
    <Paper component="li" withBorder radius="sm" p="sm" aria-label={t('expenses.item', { kind, amount })}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm" fw={600} style={{ minWidth: 0 }}>
          {t('expenses.item', { kind, amount })}
        </Text>
        <Badge
          variant="light"
          radius="sm"
          color={EXPENSE_STATUS_COLORS[expense.status]}
          style={{ flexShrink: 0 }}
        >
          {label('expenseStatus', expense.status)}
        </Badge>
      </Group>
      {expense.litres !== null && expense.pricePerLitreKobo !== null ? (
        <Text size="sm">
          {t('expenses.diesel', {
            litres: expense.litres.toLocaleString('en-NG'),
            price: formatMoney(expense.pricePerLitreKobo),
          })}
        </Text>
      ) : null}
      {expense.note ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {expense.note}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('expenses.recordedBy', { who, when: formatDateTime(expense.spentAt) })}
        {expense.place ? ` · ${t('expenses.place', { place: expense.place })}` : ''}
      </Text>
      {expense.reviewNote && expense.status !== 'APPROVED' ? (
        <Text
          size="sm"
          c={expense.status === 'REJECTED' ? 'red.8' : 'yellow.9'}
          style={{ overflowWrap: 'anywhere' }}
        >
          {expense.status === 'REJECTED'
            ? t('expenses.reason', { note: expense.reviewNote })
            : t('expenses.question', { note: expense.reviewNote })}
        </Text>
      ) : null}
      {expense.driverReply ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('expenses.reply', { note: expense.driverReply })}
        </Text>
      ) : null}
      {expense.reviewedBy && expense.reviewedAt ? (
        <Text size="xs" c="dimmed">
          {t('expenses.reviewedBy', {
            status: label('expenseStatus', expense.status),
            who: expense.reviewedBy,
            when: formatDateTime(expense.reviewedAt),
          })}
        </Text>
      ) : null}
      <Group gap="xs" mt="xs">
        {expense.receipt ? (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={downloading}
            onClick={() => void download((api) => downloadReceipt(api, expense))}
            aria-label={t('expenses.receiptLabel', { kind, amount })}
          >
            {t('expenses.receipt')}
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {t('expenses.noReceipt')}
          </Text>
        )}
        {canChange && expense.status !== 'APPROVED' ? (
          <Button
            size="compact-sm"
            variant="light"
            color="green"
            leftSection={<IconCheck size={14} aria-hidden />}
            loading={review.isPending}
            onClick={() => void approve()}
          >
            {t('expenses.approve')}
          </Button>
        ) : null}
        {canChange && expense.status !== 'QUERIED' ? (
          <Button
            size="compact-sm"
            variant="subtle"
            color="dark"
            leftSection={<IconHelp size={14} aria-hidden />}
            onClick={() => onReview('QUERY')}
          >
            {t('expenses.query')}
          </Button>
        ) : null}
        {canChange && expense.status !== 'REJECTED' ? (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => onReview('REJECT')}
          >
            {t('expenses.reject')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

type Dialog =
  | { kind: 'advance' }
  | { kind: 'expense' }
  | { kind: 'settle' }
  | { kind: 'review'; expense: TripExpense; decision: Exclude<ReviewDecision, 'APPROVE'> }
  | null;

function CashBody({ money }: { money: TripMoney }) {
  const t = useTripCashText();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const canChange = money.closedBecause === null;
  const canAdd = canChange && money.driver !== null;
  const balance = balanceWords(t, money.totals.balanceKobo);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {money.driver ? t('card.intro', { driver: money.driver.name }) : t('card.noDriver')}
      </Text>
      <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="sm" m={0}>
        <Figure label={t('card.advances')} value={formatMoney(money.totals.advancesKobo)} />
        <Figure label={t('card.approved')} value={formatMoney(money.totals.approvedKobo)} />
        <Figure
          label={t('card.waiting')}
          value={formatMoney(money.totals.waitingKobo)}
          color={money.totals.waitingKobo > 0 ? 'orange.9' : undefined}
        />
        <Figure label={t('card.balance')} value={balance.text} color={balance.color} />
      </SimpleGrid>
      {money.settlement ? <SettledNote money={money} /> : null}
      {canChange ? (
        <Group gap="xs">
          <Button
            size="sm"
            variant="light"
            leftSection={<IconCash size={16} aria-hidden />}
            disabled={!canAdd}
            onClick={() => setDialog({ kind: 'advance' })}
          >
            {t('card.giveAdvance')}
          </Button>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconReceipt size={16} aria-hidden />}
            disabled={!canAdd}
            onClick={() => setDialog({ kind: 'expense' })}
          >
            {t('card.recordExpense')}
          </Button>
          <Button
            size="sm"
            variant="default"
            disabled={money.settleBlockedBecause !== null}
            onClick={() => setDialog({ kind: 'settle' })}
          >
            {t('card.settle')}
          </Button>
        </Group>
      ) : null}
      {canChange && money.settleBlockedBecause ? (
        <Text size="xs" c="dimmed" mt={-8}>
          {t('card.settleBlocked', { reason: money.settleBlockedBecause })}
        </Text>
      ) : null}
      <Divider />
      <ProfitBlock profit={money.profit} />
      {money.diesel ? (
        <>
          <Divider />
          <DieselBlock diesel={money.diesel} />
        </>
      ) : null}
      <Divider />
      <Stack gap="xs" component="section" aria-label={t('advances.title')}>
        <Text fw={600} size="sm">
          {t('advances.title')}
        </Text>
        {money.advances.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('advances.none')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {money.advances.map((advance) => (
              <AdvanceItem key={advance.id} tripId={money.trip.id} advance={advance} canChange={canChange} />
            ))}
          </Stack>
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-label={t('expenses.title')}>
        <Text fw={600} size="sm">
          {t('expenses.title')}
        </Text>
        {money.expenses.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('expenses.none')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {money.expenses.map((expense) => (
              <ExpenseItem
                key={expense.id}
                tripId={money.trip.id}
                expense={expense}
                canChange={canChange}
                onReview={(decision) => setDialog({ kind: 'review', expense, decision })}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <AdvanceDialog money={money} opened={dialog?.kind === 'advance'} onClose={close} />
      <ExpenseDialog tripId={money.trip.id} opened={dialog?.kind === 'expense'} onClose={close} />
      <SettleDialog money={money} opened={dialog?.kind === 'settle'} onClose={close} />
      {dialog?.kind === 'review' ? (
        <ReviewDialog
          tripId={money.trip.id}
          expense={dialog.expense}
          decision={dialog.decision}
          opened
          onClose={close}
        />
      ) : null}
    </Stack>
  );
}

/**
 * The trip's cash for the transporter's side (admins read it): advances, expenses and their review, the
 * balance with the driver, the settlement and the trip's profit (decision 046).
 */
export function TripCashCard({ tripId }: { tripId: string }) {
  const t = useTripCashText();
  const money = useTripMoney(tripId);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="trip-cash-title"
      id="trip-cash"
    >
      <Title order={2} fz="lg" id="trip-cash-title" mb="sm">
        {t('card.title')}
      </Title>
      {money.isPending ? (
        <Stack gap="sm" role="status" aria-label={t('card.loading')}>
          <Skeleton h={60} />
          <Skeleton h={120} />
        </Stack>
      ) : money.isError ? (
        <QueryError error={money.error} title={t('card.failed')} onRetry={() => void money.refetch()} />
      ) : (
        <CashBody money={money.data} />
      )}
    </Card>
  );
}
