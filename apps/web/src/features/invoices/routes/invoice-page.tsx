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
import { CARGO_TYPES, type CargoType, type InvoiceDetail, type Role } from '@freightlane/domain';
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
import { useLabels, type Label } from '../../../i18n/labels/labels';
import { downloadInvoicePdf, useInvoice } from '../api/invoices-api';
import { InvoiceFiguresCard, type ChargeRights } from '../components/invoice-figures-card';
import { PaymentStatusCard, PaymentsHistoryCard, PayoutCard } from '../components/invoice-side-cards';
import { useInvoicesText } from '../text';

const UNPAID = new Set(['PENDING_PAYMENT', 'OVERDUE']);

function BackLink() {
  const t = useInvoicesText();
  return (
    <Anchor component={Link} to={PATHS.payments} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('invoicePage.back')}
      </Group>
    </Anchor>
  );
}

/** The invoice keeps its cargo type as text: a type the app does not know is shown as it is. */
function cargoTypeText(label: Label, value: string): string {
  return (CARGO_TYPES as readonly string[]).includes(value) ? label('cargoType', value as CargoType) : value;
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
  const t = useInvoicesText();
  const label = useLabels();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="trip-title">
      <Title order={2} fz="lg" mb="sm" id="trip-title">
        {t('tripCard.title')}
      </Title>
      <Stack gap="md">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
          <Party label={t('tripCard.customer')} party={invoice.customer} />
          <Party label={t('tripCard.transporter')} party={invoice.transporter} />
        </SimpleGrid>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="md" m={0}>
          <DescriptionField label={t('tripCard.trip')}>
            <Anchor component={Link} to={PATHS.trip(invoice.trip.id)} size="sm">
              {invoice.trip.tripNumber}
            </Anchor>
          </DescriptionField>
          <DescriptionField label={t('tripCard.order')}>{invoice.orderNumber}</DescriptionField>
          <DescriptionField label={t('tripCard.cargoType')}>
            {cargoTypeText(label, invoice.cargoType)}
          </DescriptionField>
          <DescriptionField label={t('tripCard.pickupDate')}>
            {formatCalendarDate(invoice.pickupDate)}
          </DescriptionField>
          <DescriptionField label={t('tripCard.from')}>{invoice.pickup}</DescriptionField>
          <DescriptionField label={t('tripCard.to')}>{invoice.recipient}</DescriptionField>
        </SimpleGrid>
        <div>
          <Text size="xs" c="dimmed" fw={500} id="cargo-lines">
            {t('tripCard.cargo')}
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
  const t = useInvoicesText();
  const title = t('invoicePage.title', { invoiceNumber: invoice.invoiceNumber });
  usePageTitle(title);
  const role = useRole();
  const customer = role === 'role_customer';
  const { downloading, download } = useDownload();
  const toAnswer = customer && UNPAID.has(invoice.status) ? invoice.chargesAwaitingAnswer : 0;

  return (
    <>
      <PageHeader
        title={title}
        description={t('invoicePage.description', {
          party: customer ? invoice.transporterName : invoice.customerName,
          tripNumber: invoice.trip.tripNumber,
        })}
        action={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={() => void download((api) => downloadInvoicePdf(api, invoice))}
          >
            {t('invoicePage.downloadPdf')}
          </Button>
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            {toAnswer > 0 ? (
              <Alert
                color="orange"
                title={t('invoicePage.chargesAwaiting.title', { count: toAnswer })}
                icon={<IconAlertCircle aria-hidden />}
              >
                {t('invoicePage.chargesAwaiting.text')}
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
  const t = useInvoicesText();
  usePageTitle(t('invoicePage.pageTitle'));
  if (error instanceof ApiError && error.status === 404) {
    return (
      <>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('invoicePage.notFound.title')}
        </Title>
        <EmptyList
          icon={IconReceiptOff}
          action={
            <Button component={Link} to={PATHS.payments} variant="light">
              {t('invoicePage.backToPayments')}
            </Button>
          }
        >
          {t('invoicePage.notFound.text')}
        </EmptyList>
      </>
    );
  }
  return <QueryError error={error} onRetry={onRetry} title={t('invoicePage.failure')} />;
}

function InvoiceSkeleton() {
  const t = useInvoicesText();
  usePageTitle(t('invoicePage.pageTitle'));
  return (
    <Grid gutter="lg" role="status" aria-label={t('invoicePage.loading')}>
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
