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
import { useEarningsText, type EarningsText } from '../text';

const TABS = [
  { value: 'all', status: undefined },
  { value: 'pending', status: 'PENDING' },
  { value: 'paid', status: 'PAID' },
] as const satisfies readonly { value: string; status: PayoutStatus | undefined }[];

/** The tabs with their names in the reader's language. */
function tabsOf(t: EarningsText) {
  const [first, ...rest] = TABS.map((tab) => ({ ...tab, label: t(`earningsPage.tab.${tab.value}`) }));
  return [first!, ...rest] as const;
}

function summaryFigures(t: EarningsText, summary: EarningSummary): MoneyFigure[] {
  return [
    {
      label: t('summary.paidByCustomers'),
      value: formatMoney(summary.paidByCustomersKobo),
      detail: t('summary.vatIncluded'),
    },
    { label: t('summary.commission'), value: formatMoney(summary.commissionKobo) },
    { label: t('summary.net'), value: formatMoney(summary.netKobo) },
    { label: t('summary.pending'), value: formatMoney(summary.pendingPayoutKobo) },
    { label: t('summary.paidOut'), value: formatMoney(summary.paidOutKobo) },
  ];
}

/** /earnings: a transporter's paid trips, what Freightlane keeps of each and what it pays out. */
export function EarningsPage() {
  const t = useEarningsText();
  usePageTitle(t('earningsPage.title'));
  const list = useListParams();
  const tabs = tabsOf(t);
  const tab = tabFrom(tabs, list.params.get('tab'));
  const earnings = useEarnings({ status: tab.status, page: list.page });
  const summary = useEarningSummary();

  return (
    <>
      <PageHeader title={t('earningsPage.title')} description={t('earningsPage.description')} />
      <Stack gap="lg">
        <MoneyTotals query={summary} count={5} figures={(totals) => summaryFigures(t, totals)} />
        <ListTabs tabs={tabs} tab={tab} list={list}>
          <QueryList
            query={earnings}
            skeleton={<ListSkeleton label={t('earningsPage.loading')} height={56} />}
            failure={t('earningsPage.failure')}
            empty={<EmptyList icon={IconCoins}>{t(`earningsPage.empty.${tab.value}`)}</EmptyList>}
          >
            {(rows) => <PayoutList earnings={rows} audience="transporter" />}
          </QueryList>
        </ListTabs>
        {earnings.data ? (
          <ListPagination
            page={earnings.data}
            noun={[t('earningsPage.nounOne'), t('earningsPage.nounMany')]}
            onChange={list.setPage}
          />
        ) : null}
      </Stack>
    </>
  );
}
