import { Anchor, Card, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import type { Invoice } from '@freightlane/domain';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useRole } from '../../../lib/session-context';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { Money } from '../../../components/marketplace-badges';
import { PageHeader } from '../../../components/page-header';
import { PartyCells, PartyHeaders, partiesFor, partiesText, type Party } from '../../../components/parties';
import { QueryError } from '../../../components/query-error';
import { useListParams } from '../../../components/use-list-params';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useInvoices } from '../api/invoices-api';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';
import { useBreakpoint } from '../../../lib/use-breakpoint';

const TABS = [
  { value: 'pending', label: 'Pending payments' },
  { value: 'all', label: 'All invoices' },
] as const;
type Tab = (typeof TABS)[number]['value'];

function readTab(value: string | null): Tab {
  return value === 'all' ? 'all' : 'pending';
}

/** Only an unpaid invoice can be late. */
function isOverdue(invoice: Invoice, now = Date.now()): boolean {
  return invoice.status === 'PENDING_PAYMENT' && Date.parse(invoice.dueAt) < now;
}

/** The due date, in red with the word "Overdue" (not the colour alone) once it has passed unpaid. */
function DueDate({ invoice }: { invoice: Invoice }) {
  if (!isOverdue(invoice)) return <Text size="sm">{formatDate(invoice.dueAt)}</Text>;
  return (
    <Text size="sm" c="red.9" fw={600}>
      {formatDate(invoice.dueAt)} · Overdue
    </Text>
  );
}

function TripLink({ invoice }: { invoice: Invoice }) {
  return (
    <Anchor component={Link} to={PATHS.trip(invoice.trip.id)} size="sm">
      {invoice.trip.tripNumber}
    </Anchor>
  );
}

function InvoicesTable({ invoices, parties }: { invoices: Invoice[]; parties: Party<Invoice>[] }) {
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="sm" aria-label="Invoices" style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Invoice number</Table.Th>
            <Table.Th scope="col">Trip</Table.Th>
            <Table.Th scope="col">Order number</Table.Th>
            <PartyHeaders parties={parties} />
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Amount
            </Table.Th>
            <Table.Th scope="col">Due date</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {invoice.invoiceNumber}
                </Text>
              </Table.Td>
              <Table.Td>
                <TripLink invoice={invoice} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{invoice.orderNumber}</Text>
              </Table.Td>
              <PartyCells parties={parties} row={invoice} />
              <Table.Td style={{ textAlign: 'right' }}>
                <Money kobo={invoice.amountKobo} size="sm" />
              </Table.Td>
              <Table.Td>
                <DueDate invoice={invoice} />
              </Table.Td>
              <Table.Td>
                <InvoiceStatusBadge status={invoice.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function InvoiceCards({ invoices, parties }: { invoices: Invoice[]; parties: Party<Invoice>[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {invoices.map((invoice) => (
        <Card key={invoice.id} withBorder radius="md" padding="md" component="li">
          <Group justify="space-between" wrap="nowrap" mb={6}>
            <Text size="sm" fw={600}>
              {invoice.invoiceNumber}
            </Text>
            <InvoiceStatusBadge status={invoice.status} />
          </Group>
          <Group justify="space-between" align="flex-end" gap="xs">
            <Stack gap={2}>
              <Text size="sm">
                Trip <TripLink invoice={invoice} /> · {invoice.orderNumber}
              </Text>
              <Text size="xs" c="dimmed">
                {partiesText(parties, invoice)}
              </Text>
            </Stack>
            <Money kobo={invoice.amountKobo} fw={700} />
          </Group>
          <Group gap={4} mt={6}>
            <Text size="sm" c="dimmed">
              Due
            </Text>
            <DueDate invoice={invoice} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** /payments: a customer's invoices to pay (a transporter's to be paid), pending ones by default. */
export function PaymentsPage() {
  usePageTitle('Payments');
  const role = useRole();
  const parties = partiesFor<Invoice>(role);
  const list = useListParams();
  const tab = readTab(list.params.get('tab'));
  const isDesktop = useBreakpoint('sm');
  const invoices = useInvoices({
    status: tab === 'pending' ? 'PENDING_PAYMENT' : undefined,
    page: list.page,
  });
  const customer = role === 'role_customer';

  const data = invoices.data;
  let content;
  if (invoices.isPending) content = <ListSkeleton label="Loading invoices" height={56} />;
  else if (invoices.isError)
    content = (
      <QueryError
        error={invoices.error}
        onRetry={() => void invoices.refetch()}
        title="Could not load the invoices"
      />
    );
  else if (invoices.data.content.length === 0)
    content = (
      <EmptyList icon={IconReceipt}>
        {tab === 'pending'
          ? customer
            ? 'No pending payments. Each trip you award is invoiced here until it is paid.'
            : 'No pending payments. Invoices for the trips you carry show here until they are paid.'
          : 'No invoices yet. An invoice is raised for each trip when an order is awarded.'}
      </EmptyList>
    );
  else
    content = isDesktop ? (
      <Card withBorder radius="md" padding={0}>
        <InvoicesTable invoices={invoices.data.content} parties={parties} />
      </Card>
    ) : (
      <InvoiceCards invoices={invoices.data.content} parties={parties} />
    );

  return (
    <>
      <PageHeader
        title="Payments"
        description={
          customer
            ? 'Invoices for your trips, the soonest due first.'
            : 'What your customers owe you for each trip, the soonest due first.'
        }
      />
      <Tabs value={tab} onChange={(value) => list.update({ tab: readTab(value) === 'all' ? 'all' : null })}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            {t.value === tab ? content : null}
          </Tabs.Panel>
        ))}
      </Tabs>
      {data ? <ListPagination page={data} noun={['invoice', 'invoices']} onChange={list.setPage} /> : null}
    </>
  );
}
