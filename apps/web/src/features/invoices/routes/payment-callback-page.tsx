import { Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatMoney, type PaymentOutcome } from '@freightlane/domain';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { dashboardKeys } from '../../dashboard';
import { invoiceKeys } from '../api/invoice-keys';
import { PAYMENT_CHECKS, usePaymentOutcome } from '../api/payments-api';

function Panel({
  tone,
  title,
  children,
  actions,
}: {
  tone: 'busy' | 'done' | 'failed';
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="xl" maw={560} mx="auto" w="100%">
      <Stack align="center" gap="md" ta="center" role={tone === 'busy' ? 'status' : undefined}>
        {tone === 'busy' ? (
          <Loader size="lg" aria-hidden />
        ) : (
          <ThemeIcon
            size={56}
            radius="xl"
            variant="light"
            color={tone === 'done' ? 'green' : 'red'}
            aria-hidden
          >
            {tone === 'done' ? <IconCircleCheck size={32} /> : <IconCircleX size={32} />}
          </ThemeIcon>
        )}
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        <Text>{children}</Text>
        {actions ? (
          <Group justify="center" gap="sm">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Once the payment is in, the invoice, the lists and the home's pending payments are read again. */
function useRefreshPaidInvoice(outcome: PaymentOutcome | undefined) {
  const queryClient = useQueryClient();
  const paidInvoiceId = outcome?.status === 'SUCCEEDED' ? outcome.invoiceId : null;
  useEffect(() => {
    if (!paidInvoiceId) return;
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.summary() });
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(paidInvoiceId) });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  }, [paidInvoiceId, queryClient]);
}

function Outcome({ reference }: { reference: string }) {
  const { outcome, checks } = usePaymentOutcome(reference);
  useRefreshPaidInvoice(outcome.data);

  if (outcome.isPending) {
    return (
      <Panel tone="busy" title="Checking your payment">
        We are asking the payment provider about your payment. This takes a few seconds.
      </Panel>
    );
  }
  if (outcome.isError) {
    return (
      <Stack gap="md" maw={560} mx="auto" w="100%">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Payment
        </Title>
        <QueryError
          error={outcome.error}
          onRetry={() => void outcome.refetch()}
          title="Could not check the payment"
        />
        <Button component={Link} to={PATHS.payments} variant="default">
          Back to payments
        </Button>
      </Stack>
    );
  }

  const payment = outcome.data;
  const invoiceLink = PATHS.invoice(payment.invoiceId);
  if (payment.status === 'SUCCEEDED') {
    return (
      <Panel
        tone="done"
        title="Payment received"
        actions={
          <Button component={Link} to={invoiceLink}>
            View invoice {payment.invoiceNumber}
          </Button>
        }
      >
        {formatMoney(payment.amountKobo)} for invoice {payment.invoiceNumber} is paid. The transporter is
        told, and the receipt is on the invoice.
      </Panel>
    );
  }
  const stillChecking = payment.status === 'PENDING' && outcome.isFetching;
  const checksLeft = payment.status === 'PENDING' && checks < PAYMENT_CHECKS;
  if (stillChecking || checksLeft) {
    return (
      <Panel tone="busy" title="Confirming your payment">
        Waiting for the payment provider to confirm {formatMoney(payment.amountKobo)} for invoice{' '}
        {payment.invoiceNumber}. This usually takes a few seconds.
      </Panel>
    );
  }
  return (
    <Panel
      tone="failed"
      title="Payment not completed"
      actions={
        <>
          <Button component={Link} to={invoiceLink}>
            Try again
          </Button>
          {payment.status === 'PENDING' ? (
            <Button variant="default" onClick={() => void outcome.refetch()}>
              Check again
            </Button>
          ) : null}
        </>
      }
    >
      {payment.status === 'FAILED'
        ? `The payment of ${formatMoney(payment.amountKobo)} for invoice ${payment.invoiceNumber} did not go through. You can try again from the invoice.`
        : `We have no confirmation of the payment of ${formatMoney(payment.amountKobo)} for invoice ${payment.invoiceNumber}. If you completed it, it shows on the invoice as soon as the provider confirms it; otherwise try again.`}
    </Panel>
  );
}

/**
 * /payments/callback?reference=…&trxref=…: where the payment provider sends the payer back. The payment
 * is verified with the API, and asked about again for a few seconds while the provider's webhook may
 * still be on its way.
 */
export function PaymentCallbackPage() {
  usePageTitle('Payment');
  const [params] = useSearchParams();
  const reference = (params.get('reference') ?? params.get('trxref') ?? '').trim();
  if (!reference) {
    return (
      <Panel
        tone="failed"
        title="Payment not completed"
        actions={
          <Button component={Link} to={PATHS.payments}>
            Back to payments
          </Button>
        }
      >
        This page was opened without a payment reference, so there is no payment to check. Open the invoice
        and pay from there.
      </Panel>
    );
  }
  return <Outcome reference={reference} />;
}
