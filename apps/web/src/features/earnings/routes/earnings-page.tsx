import { Stack } from '@mantine/core';
import { formatMoney, type EarningSummary, type PayoutStatus } from '@freightlane/domain';
import { IconCoins } from '@tabler/icons-react';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { tabFrom, ListTabs } from '../../../components/list-tabs';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams } from '../../../components/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { MoneyTotals, type MoneyFigure } from '../../invoices';
import { useEarnings, useEarningSummary } from '../api/earnings-api';
import { PayoutList } from '../components/payout-list';

const TABS = [
  { value: 'all', label: 'All paid trips', status: undefined },
  { value: 'pending', label: 'Payout pending', status: 'PENDING' },
  { value: 'paid', label: 'Paid out', status: 'PAID' },
] as const satisfies readonly { value: string; label: string; status: PayoutStatus | undefined }[];
type Tab = (typeof TABS)[number]['value'];

const EMPTY_TEXT: Record<Tab, string> = {
  all: 'No paid trips yet. Once a customer pays a trip’s invoice, what you earn from it shows here.',
  pending: 'No payout pending. Everything your customers have paid has been paid out to you.',
  paid: 'Nothing paid out yet. Freightlane pays out each paid trip by bank transfer and shows the reference here.',
};

function summaryFigures(summary: EarningSummary): MoneyFigure[] {
  return [
    { label: 'Paid by customers', value: formatMoney(summary.paidByCustomersKobo), detail: 'VAT included' },
    { label: 'Commission', value: formatMoney(summary.commissionKobo) },
    { label: 'Net earnings', value: formatMoney(summary.netKobo) },
    { label: 'Payout pending', value: formatMoney(summary.pendingPayoutKobo) },
    { label: 'Paid out', value: formatMoney(summary.paidOutKobo) },
  ];
}

/** /earnings: a transporter's paid trips, what Freightlane keeps of each and what it pays out. */
export function EarningsPage() {
  usePageTitle('Earnings');
  const list = useListParams();
  const tab = tabFrom(TABS, list.params.get('tab'));
  const earnings = useEarnings({ status: tab.status, page: list.page });
  const summary = useEarningSummary();

  return (
    <>
      <PageHeader
        title="Earnings"
        description="Each paid trip: what the customer paid, Freightlane's commission on the amount before VAT, and what is paid out to you."
      />
      <Stack gap="lg">
        <MoneyTotals query={summary} count={5} figures={summaryFigures} />
        <ListTabs tabs={TABS} tab={tab} list={list}>
          <QueryList
            query={earnings}
            skeleton={<ListSkeleton label="Loading earnings" height={56} />}
            failure="Could not load the earnings"
            empty={<EmptyList icon={IconCoins}>{EMPTY_TEXT[tab.value]}</EmptyList>}
          >
            {(rows) => <PayoutList earnings={rows} audience="transporter" />}
          </QueryList>
        </ListTabs>
        {earnings.data ? (
          <ListPagination page={earnings.data} noun={['paid trip', 'paid trips']} onChange={list.setPage} />
        ) : null}
      </Stack>
    </>
  );
}
