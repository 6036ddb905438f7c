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
import { countText, MoneyTotals, type MoneyFigure } from '../components/money-figures';

const TABS = [
  { value: 'pending', label: 'Pending payments', status: 'PENDING_PAYMENT' },
  { value: 'overdue', label: 'Overdue', status: 'OVERDUE' },
  { value: 'paid', label: 'Paid', status: 'PAID' },
  { value: 'all', label: 'All invoices', status: undefined },
] as const satisfies readonly { value: string; label: string; status: InvoiceStatus | undefined }[];
type Tab = (typeof TABS)[number]['value'];

const EMPTY_TEXT: Record<Tab, { customer: string; transporter: string }> = {
  pending: {
    customer: 'No pending payments. Each trip you award is invoiced here until it is paid.',
    transporter: 'No pending payments. Invoices for the trips you carry show here until they are paid.',
  },
  overdue: {
    customer: 'Nothing is overdue. Invoices unpaid after their due date show here.',
    transporter: 'Nothing is overdue. Invoices your customers have not paid by their due date show here.',
  },
  paid: {
    customer: 'No paid invoices yet. Invoices you pay are kept here.',
    transporter: 'No paid invoices yet. Invoices your customers pay are kept here.',
  },
  all: {
    customer: 'No invoices yet. An invoice is raised for each trip when an order is awarded.',
    transporter: 'No invoices yet. An invoice is raised for each trip when an order is awarded.',
  },
};

/** The marker of charges still waiting for the customer: theirs to answer, the others' to wait for. */
function chargesMarkerText(count: number, customer: boolean): string {
  const charges = count === 1 ? '1 charge' : `${count} charges`;
  return customer ? `${charges} to answer` : `${charges} awaiting the customer`;
}

function ChargesMarker({ invoice, customer }: { invoice: Invoice; customer: boolean }) {
  if (invoice.chargesAwaitingAnswer === 0) return null;
  return (
    <Badge variant="outline" color="orange" radius="sm" tt="none">
      {chargesMarkerText(invoice.chargesAwaitingAnswer, customer)}
    </Badge>
  );
}

/** The due date, in red with the word "Overdue" (not the colour alone) once it has passed unpaid. */
function DueDate({ invoice }: { invoice: Invoice }) {
  if (invoice.status !== 'OVERDUE') return <Text size="sm">{formatDate(invoice.dueAt)}</Text>;
  return (
    <Text size="sm" c="red.9" fw={600}>
      {formatDate(invoice.dueAt)} · Overdue
    </Text>
  );
}

/** The list's columns, the parties the caller sees among them. */
function invoiceColumns(parties: Party<Invoice>[], customer: boolean): DataColumn<Invoice>[] {
  return [
    {
      key: 'invoice',
      header: 'Invoice number',
      keep: true,
      cell: (invoice) => (
        <Anchor component={Link} to={PATHS.invoice(invoice.id)} fw={600} size="sm">
          {invoice.invoiceNumber}
        </Anchor>
      ),
    },
    {
      key: 'trip',
      header: 'Trip',
      keep: true,
      cell: (invoice) => (
        <Anchor component={Link} to={PATHS.trip(invoice.trip.id)} size="sm">
          {invoice.trip.tripNumber}
        </Anchor>
      ),
    },
    { key: 'order', header: 'Order number', keep: true, cell: (invoice) => invoice.orderNumber },
    ...partyColumns(parties),
    {
      key: 'total',
      header: 'Total',
      align: 'right',
      keep: true,
      // The total the customer pays, and that it includes VAT.
      cell: (invoice) => (
        <>
          <Money kobo={invoice.amountKobo} size="sm" fw={600} display="block" />
          <Text size="xs" c="dimmed">
            incl. VAT
          </Text>
        </>
      ),
    },
    { key: 'due', header: 'Due date', keep: true, cell: (invoice) => <DueDate invoice={invoice} /> },
    {
      key: 'status',
      header: 'Status',
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

function summaryFigures(summary: InvoiceSummary, role: Role | null): MoneyFigure[] {
  const invoices = (count: number) => countText(count, 'invoice', 'invoices');
  const customer = role === 'role_customer';
  return [
    {
      label: customer ? 'To pay' : 'Awaiting payment',
      value: formatMoney(summary.pendingKobo),
      detail: invoices(summary.pendingCount),
    },
    {
      label: 'Overdue',
      value: formatMoney(summary.overdueKobo),
      detail: invoices(summary.overdueCount),
      alert: summary.overdueCount > 0,
    },
    { label: 'Paid this month', value: formatMoney(summary.paidThisMonthKobo) },
    {
      label: customer ? 'Charges to answer' : 'Charges awaiting the customer',
      value: String(summary.chargesAwaitingAnswer),
      detail: customer ? 'Answer them to pay' : 'Proposed, not yet answered',
    },
  ];
}

/**
 * /payments: a customer's invoices to pay (the spec's "pending payments"), a transporter's to be paid,
 * every invoice for an admin; pending ones by default, the most urgent first.
 */
export function PaymentsPage() {
  usePageTitle('Payments');
  const role = useRole();
  const parties = partiesFor<Invoice>(role);
  const list = useListParams();
  const tab = tabFrom(TABS, list.params.get('tab'));
  const { search, setSearch, settled } = useListSearch(list);
  const invoices = useInvoices({ status: tab.status, q: settled || undefined, page: list.page });
  const summary = useInvoiceSummary();
  const customer = role === 'role_customer';

  const data = invoices.data;
  return (
    <>
      <PageHeader
        title="Payments"
        description={
          customer
            ? 'Invoices for your trips, the most urgent first. Open one to answer its charges and pay.'
            : role === 'role_admin'
              ? 'Every invoice on the platform, the most urgent first.'
              : 'What your customers owe you for each trip, the most urgent first.'
        }
      />
      <Stack gap="lg">
        <MoneyTotals query={summary} count={4} figures={(totals) => summaryFigures(totals, role)} />
        <ListTabs
          tabs={TABS}
          tab={tab}
          list={list}
          aside={
            <ListSearchInput
              label="Search invoices"
              placeholder="Invoice, trip or order number"
              value={search}
              onChange={setSearch}
              width={280}
            />
          }
        >
          <QueryList
            query={invoices}
            skeleton={<ListSkeleton label="Loading invoices" height={56} />}
            failure="Could not load the invoices"
            empty={
              <EmptyList icon={IconReceipt}>
                {settled
                  ? `No invoice matches “${settled}”. Try an invoice, trip or order number, or a company’s name.`
                  : EMPTY_TEXT[tab.value][customer ? 'customer' : 'transporter']}
              </EmptyList>
            }
          >
            {(rows) => (
              <DataTable
                label="Invoices"
                columns={invoiceColumns(parties, customer)}
                rows={rows}
                rowKey={(invoice) => invoice.id}
              />
            )}
          </QueryList>
        </ListTabs>
        {data ? <ListPagination page={data} noun={['invoice', 'invoices']} onChange={list.setPage} /> : null}
      </Stack>
    </>
  );
}
