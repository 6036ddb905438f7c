import { Anchor, Badge, Stack, Text } from '@mantine/core';
import {
  formatMoney,
  type Invoice,
  type InvoiceStatus,
  type InvoiceSummary,
  type Role,
} from '@freightlane/domain';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useRole } from '../../../lib/session-context';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSearchInput } from '../../../components/list-search-input';
import { ListSkeleton } from '../../../components/list-skeleton';
import { tabFrom, ListTabs } from '../../../components/list-tabs';
import { Money } from '../../../components/marketplace-badges';
import { PageHeader } from '../../../components/page-header';
import { partiesFor, partyColumns, type Party } from '../../../components/parties';
import { QueryList } from '../../../components/query-list';
import { useListParams, useListSearch } from '../../../components/use-list-params';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useInvoices, useInvoiceSummary } from '../api/invoices-api';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';
import { MoneyTotals, type MoneyFigure } from '../components/money-figures';
import { useInvoicesText, type InvoicesText } from '../text';

const TABS = [
  { value: 'pending', status: 'PENDING_PAYMENT' },
  { value: 'overdue', status: 'OVERDUE' },
  { value: 'paid', status: 'PAID' },
  { value: 'all', status: undefined },
] as const satisfies readonly { value: string; status: InvoiceStatus | undefined }[];

/** The tabs with their names in the reader's language. */
function tabsOf(t: InvoicesText) {
  const [first, ...rest] = TABS.map((tab) => ({ ...tab, label: t(`paymentsPage.tab.${tab.value}`) }));
  return [first!, ...rest] as const;
}

/** The marker of charges still waiting for the customer: theirs to answer, the others' to wait for. */
function ChargesMarker({ invoice, customer }: { invoice: Invoice; customer: boolean }) {
  const t = useInvoicesText();
  if (invoice.chargesAwaitingAnswer === 0) return null;
  const count = invoice.chargesAwaitingAnswer;
  return (
    <Badge variant="outline" color="orange" radius="sm" tt="none">
      {customer
        ? t('paymentsPage.chargesToAnswer', { count })
        : t('paymentsPage.chargesAwaitingCustomer', { count })}
    </Badge>
  );
}

/** The due date, in red with the word "Overdue" (not the colour alone) once it has passed unpaid. */
function DueDate({ invoice }: { invoice: Invoice }) {
  const t = useInvoicesText();
  if (invoice.status !== 'OVERDUE') return <Text size="sm">{formatDate(invoice.dueAt)}</Text>;
  return (
    <Text size="sm" c="red.9" fw={600}>
      {t('due.overdue', { date: formatDate(invoice.dueAt) })}
    </Text>
  );
}

/** The list's columns, the parties the caller sees among them. */
function invoiceColumns(
  t: InvoicesText,
  parties: Party<Invoice>[],
  customer: boolean,
): DataColumn<Invoice>[] {
  return [
    {
      key: 'invoice',
      header: t('paymentsPage.column.invoice'),
      keep: true,
      cell: (invoice) => (
        <Anchor component={Link} to={PATHS.invoice(invoice.id)} fw={600} size="sm">
          {invoice.invoiceNumber}
        </Anchor>
      ),
    },
    {
      key: 'trip',
      header: t('paymentsPage.column.trip'),
      keep: true,
      cell: (invoice) => (
        <Anchor component={Link} to={PATHS.trip(invoice.trip.id)} size="sm">
          {invoice.trip.tripNumber}
        </Anchor>
      ),
    },
    {
      key: 'order',
      header: t('paymentsPage.column.order'),
      keep: true,
      cell: (invoice) => invoice.orderNumber,
    },
    ...partyColumns(parties),
    {
      key: 'total',
      header: t('paymentsPage.column.total'),
      align: 'right',
      keep: true,
      // The total the customer pays, and that it includes VAT.
      cell: (invoice) => (
        <>
          <Money kobo={invoice.amountKobo} size="sm" fw={600} display="block" />
          <Text size="xs" c="dimmed">
            {t('paymentsPage.inclVat')}
          </Text>
        </>
      ),
    },
    {
      key: 'due',
      header: t('paymentsPage.column.due'),
      keep: true,
      cell: (invoice) => <DueDate invoice={invoice} />,
    },
    {
      key: 'status',
      header: t('paymentsPage.column.status'),
      keep: true,
      card: 'corner',
      cell: (invoice) => (
        <Stack gap={4} align="flex-start">
          <InvoiceStatusBadge status={invoice.status} />
          <ChargesMarker invoice={invoice} customer={customer} />
        </Stack>
      ),
    },
  ];
}

function summaryFigures(t: InvoicesText, summary: InvoiceSummary, role: Role | null): MoneyFigure[] {
  const invoices = (count: number) => t('summary.invoiceCount', { count });
  const customer = role === 'role_customer';
  return [
    {
      label: customer ? t('summary.toPay') : t('summary.awaitingPayment'),
      value: formatMoney(summary.pendingKobo),
      detail: invoices(summary.pendingCount),
    },
    {
      label: t('summary.overdue'),
      value: formatMoney(summary.overdueKobo),
      detail: invoices(summary.overdueCount),
      alert: summary.overdueCount > 0,
    },
    { label: t('summary.paidThisMonth'), value: formatMoney(summary.paidThisMonthKobo) },
    {
      label: customer ? t('summary.chargesToAnswer') : t('summary.chargesAwaitingCustomer'),
      value: String(summary.chargesAwaitingAnswer),
      detail: customer ? t('summary.answerToPay') : t('summary.notYetAnswered'),
    },
  ];
}

/**
 * /payments: a customer's invoices to pay (the spec's "pending payments"), a transporter's to be paid,
 * every invoice for an admin; pending ones by default, the most urgent first.
 */
export function PaymentsPage() {
  const t = useInvoicesText();
  usePageTitle(t('paymentsPage.title'));
  const role = useRole();
  const parties = partiesFor<Invoice>(role);
  const list = useListParams();
  const tabs = tabsOf(t);
  const tab = tabFrom(tabs, list.params.get('tab'));
  const { search, setSearch, settled } = useListSearch(list);
  const invoices = useInvoices({ status: tab.status, q: settled || undefined, page: list.page });
  const summary = useInvoiceSummary();
  const customer = role === 'role_customer';

  const data = invoices.data;
  return (
    <>
      <PageHeader
        title={t('paymentsPage.title')}
        description={
          customer
            ? t('paymentsPage.description.customer')
            : role === 'role_admin'
              ? t('paymentsPage.description.admin')
              : t('paymentsPage.description.transporter')
        }
      />
      <Stack gap="lg">
        <MoneyTotals query={summary} count={4} figures={(totals) => summaryFigures(t, totals, role)} />
        <ListTabs
          tabs={tabs}
          tab={tab}
          list={list}
          aside={
            <ListSearchInput
              label={t('paymentsPage.searchLabel')}
              placeholder={t('paymentsPage.searchPlaceholder')}
              value={search}
              onChange={setSearch}
              width={280}
            />
          }
        >
          <QueryList
            query={invoices}
            skeleton={<ListSkeleton label={t('paymentsPage.loading')} height={56} />}
            failure={t('paymentsPage.failure')}
            empty={
              <EmptyList icon={IconReceipt}>
                {settled
                  ? t('paymentsPage.noMatch', { search: settled })
                  : t(`paymentsPage.empty.${tab.value}.${customer ? 'customer' : 'transporter'}`)}
              </EmptyList>
            }
          >
            {(rows) => (
              <DataTable
                label={t('paymentsPage.tableLabel')}
                columns={invoiceColumns(t, parties, customer)}
                rows={rows}
                rowKey={(invoice) => invoice.id}
              />
            )}
          </QueryList>
        </ListTabs>
        {data ? (
          <ListPagination
            page={data}
            noun={[t('paymentsPage.nounOne'), t('paymentsPage.nounMany')]}
            onChange={list.setPage}
          />
        ) : null}
      </Stack>
    </>
  );
}
