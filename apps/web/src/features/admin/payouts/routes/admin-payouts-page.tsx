import { Stack } from '@mantine/core';
import type { Earning, PayoutStatus } from '@freightlane/domain';
import { IconCash } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyList } from '../../../../components/empty-list';
import { ListPagination } from '../../../../components/list-pagination';
import { ListSearchInput } from '../../../../components/list-search-input';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { tabFrom, ListTabs } from '../../../../components/list-tabs';
import { PageHeader } from '../../../../components/page-header';
import { QueryList } from '../../../../components/query-list';
import { useListParams, useListSearch } from '../../../../components/use-list-params';
import { useBreakpoint } from '../../../../lib/use-breakpoint';
import { usePageTitle } from '../../../../lib/use-page-title';
import { PayoutList } from '../../../earnings';
import { useAdminPayouts } from '../api/admin-payouts-api';
import { MarkPayoutPaidDialog } from '../components/mark-payout-paid-dialog';

const TABS = [
  { value: 'all', label: 'All payouts', status: undefined },
  { value: 'pending', label: 'Pending', status: 'PENDING' },
  { value: 'paid', label: 'Paid', status: 'PAID' },
] as const satisfies readonly { value: string; label: string; status: PayoutStatus | undefined }[];
type Tab = (typeof TABS)[number]['value'];

const EMPTY_TEXT: Record<Tab, string> = {
  all: 'No payouts yet. A payout is raised for the transporter each time a customer pays an invoice.',
  pending: 'No payout is waiting. Every paid invoice has been paid out to its transporter.',
  paid: 'No payout has been marked paid yet.',
};

/** /admin/payouts: what the platform owes transporters for paid invoices, pending first, and marking them paid. */
export function AdminPayoutsPage() {
  usePageTitle('Payouts');
  const list = useListParams();
  const tab = tabFrom(TABS, list.params.get('tab'));
  const { search, setSearch, settled } = useListSearch(list);
  const payouts = useAdminPayouts({ status: tab.status, q: settled || undefined, page: list.page });
  const isDesktop = useBreakpoint('md');
  const [marking, setMarking] = useState<Earning | null>(null);

  return (
    <>
      <PageHeader
        title="Payouts"
        description="What each transporter is owed for its paid invoices, less the commission. Mark a payout paid once the transfer is made."
      />
      <Stack gap="lg">
        <ListTabs
          tabs={TABS}
          tab={tab}
          list={list}
          aside={
            <ListSearchInput
              label="Search payouts"
              placeholder="Company, trip or invoice number"
              value={search}
              onChange={setSearch}
              width={300}
            />
          }
        >
          <QueryList
            query={payouts}
            skeleton={<ListSkeleton label="Loading payouts" height={isDesktop ? 56 : 170} />}
            failure="Could not load the payouts"
            empty={
              <EmptyList icon={IconCash}>
                {settled
                  ? `No payout matches “${settled}”. Try a company’s name, a trip or an invoice number.`
                  : EMPTY_TEXT[tab.value]}
              </EmptyList>
            }
          >
            {(rows) => <PayoutList earnings={rows} audience="admin" onMarkPaid={setMarking} />}
          </QueryList>
        </ListTabs>
        {payouts.data ? (
          <ListPagination page={payouts.data} noun={['payout', 'payouts']} onChange={list.setPage} />
        ) : null}
      </Stack>
      {marking ? <MarkPayoutPaidDialog earning={marking} opened onClose={() => setMarking(null)} /> : null}
    </>
  );
}
