import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { CARGO_TYPE_LABELS, type CargoType, type InvoiceDetail, type Role } from '@freightlane/domain';
import { IconAlertCircle, IconArrowLeft, IconDownload, IconReceiptOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DescriptionField } from '../../../components/description-field';
import { EmptyList } from '../../../components/empty-list';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api';
import { formatCalendarDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useRole } from '../../../lib/session-context';
import { useDownload } from '../../../lib/use-download';
import { usePageTitle } from '../../../lib/use-page-title';
import { downloadInvoicePdf, useInvoice } from '../api/invoices-api';
import { InvoiceFiguresCard, type ChargeRights } from '../components/invoice-figures-card';
import { PaymentStatusCard, PaymentsHistoryCard, PayoutCard } from '../components/invoice-side-cards';

const UNPAID = new Set(['PENDING_PAYMENT', 'OVERDUE']);

function BackLink() {
  return (
    <Anchor component={Link} to={PATHS.payments} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Payments
      </Group>
    </Anchor>
  );
}

function cargoTypeText(value: string): string {
  return CARGO_TYPE_LABELS[value as CargoType] ?? value;
}

function Party({ label, party }: { label: string; party: InvoiceDetail['customer'] }) {
  return (
    <DescriptionField label={label}>
      <Text component="span" size="sm" fw={600} display="block">
        {party.name}
      </Text>
      <Text component="span" size="sm" display="block">
        {party.address || '—'}
      </Text>
      {party.email ? (
        <Anchor href={`mailto:${party.email}`} size="sm">
          {party.email}
        </Anchor>
      ) : null}
    </DescriptionField>
  );
}

function TripCard({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="trip-title">
      <Title order={2} fz="lg" mb="sm" id="trip-title">
        Trip and parties
      </Title>
      <Stack gap="md">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
          <Party label="Customer" party={invoice.customer} />
          <Party label="Transporter" party={invoice.transporter} />
        </SimpleGrid>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="md" m={0}>
          <DescriptionField label="Trip">
            <Anchor component={Link} to={PATHS.trip(invoice.trip.id)} size="sm">
              {invoice.trip.tripNumber}
            </Anchor>
          </DescriptionField>
          <DescriptionField label="Order">{invoice.orderNumber}</DescriptionField>
          <DescriptionField label="Cargo type">{cargoTypeText(invoice.cargoType)}</DescriptionField>
          <DescriptionField label="Pickup date">{formatCalendarDate(invoice.pickupDate)}</DescriptionField>
          <DescriptionField label="From">{invoice.pickup}</DescriptionField>
          <DescriptionField label="To">{invoice.recipient}</DescriptionField>
        </SimpleGrid>
        <div>
          <Text size="xs" c="dimmed" fw={500} id="cargo-lines">
            Cargo
          </Text>
          <Stack gap={2} component="ul" aria-labelledby="cargo-lines" style={{ paddingLeft: 18, margin: 0 }}>
            {invoice.cargo.map((line, i) => (
              <Text key={i} size="sm" component="li">
                {line}
              </Text>
            ))}
          </Stack>
        </div>
      </Stack>
    </Card>
  );
}

/** What the caller's side may do to the charges of this invoice now; the server checks each again. */
function chargeRights(invoice: InvoiceDetail, role: Role | null): ChargeRights {
  const customer = role === 'role_customer';
  return {
    answer: customer && UNPAID.has(invoice.status),
    change: !customer && role !== 'role_admin' && invoice.actions.includes('PROPOSE_CHARGE'),
    forCustomer: customer,
  };
}

function InvoiceView({ invoice }: { invoice: InvoiceDetail }) {
  usePageTitle(`Invoice ${invoice.invoiceNumber}`);
  const role = useRole();
  const customer = role === 'role_customer';
  const { downloading, download } = useDownload();
  const toAnswer = customer && UNPAID.has(invoice.status) ? invoice.chargesAwaitingAnswer : 0;

  return (
    <>
      <PageHeader
        title={`Invoice ${invoice.invoiceNumber}`}
        description={`${customer ? invoice.transporterName : invoice.customerName} · trip ${invoice.trip.tripNumber}`}
        action={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={() => void download((api) => downloadInvoicePdf(api, invoice))}
          >
            Download PDF
          </Button>
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            {toAnswer > 0 ? (
              <Alert
                color="orange"
                title={
                  toAnswer === 1 ? 'A charge awaits your answer' : `${toAnswer} charges await your answer`
                }
                icon={<IconAlertCircle aria-hidden />}
              >
                Accept or dispute each charge below. You can pay once every charge is answered; a disputed one
                stays out of the total.
              </Alert>
            ) : null}
            <InvoiceFiguresCard invoice={invoice} rights={chargeRights(invoice, role)} />
            <TripCard invoice={invoice} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <PaymentStatusCard invoice={invoice} customer={customer} />
            {invoice.payout && !customer ? <PayoutCard payout={invoice.payout} /> : null}
            <PaymentsHistoryCard payments={invoice.payments} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  usePageTitle('Invoice');
  if (error instanceof ApiError && error.status === 404) {
    return (
      <>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Invoice not found
        </Title>
        <EmptyList
          icon={IconReceiptOff}
          action={
            <Button component={Link} to={PATHS.payments} variant="light">
              Back to payments
            </Button>
          }
        >
          There is no invoice at this address, or it is not one of your company&apos;s invoices.
        </EmptyList>
      </>
    );
  }
  return <QueryError error={error} onRetry={onRetry} title="Could not load the invoice" />;
}

function InvoiceSkeleton() {
  usePageTitle('Invoice');
  return (
    <Grid gutter="lg" role="status" aria-label="Loading the invoice">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="md">
          <Skeleton h={36} w="60%" radius="md" />
          <Skeleton h={320} radius="md" />
          <Skeleton h={220} radius="md" />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Skeleton h={260} radius="md" />
      </Grid.Col>
    </Grid>
  );
}

/** /payments/:invoiceId: one invoice with its figures, charges, payments and, for the transporter, its payout. */
export function InvoicePage() {
  const { invoiceId = '' } = useParams();
  const invoice = useInvoice(invoiceId);
  return (
    <Stack gap="md">
      <BackLink />
      {invoice.isPending ? (
        <InvoiceSkeleton />
      ) : invoice.isError ? (
        <LoadError error={invoice.error} onRetry={() => void invoice.refetch()} />
      ) : (
        <InvoiceView invoice={invoice.data} />
      )}
    </Stack>
  );
}
