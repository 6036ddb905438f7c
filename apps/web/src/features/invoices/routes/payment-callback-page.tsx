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
import { useInvoicesText } from '../text';

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
  const t = useInvoicesText();
  const { outcome, checks } = usePaymentOutcome(reference);
  useRefreshPaidInvoice(outcome.data);

  if (outcome.isPending) {
    return (
      <Panel tone="busy" title={t('callback.checking.title')}>
        {t('callback.checking.text')}
      </Panel>
    );
  }
  if (outcome.isError) {
    return (
      <Stack gap="md" maw={560} mx="auto" w="100%">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('callback.pageTitle')}
        </Title>
        <QueryError
          error={outcome.error}
          onRetry={() => void outcome.refetch()}
          title={t('callback.checkFailure')}
        />
        <Button component={Link} to={PATHS.payments} variant="default">
          {t('callback.backToPayments')}
        </Button>
      </Stack>
    );
  }

  const payment = outcome.data;
  const invoiceLink = PATHS.invoice(payment.invoiceId);
  const paid = { amount: formatMoney(payment.amountKobo), invoiceNumber: payment.invoiceNumber };
  if (payment.status === 'SUCCEEDED') {
    return (
      <Panel
        tone="done"
        title={t('callback.received.title')}
        actions={
          <Button component={Link} to={invoiceLink}>
            {t('callback.viewInvoice', { invoiceNumber: payment.invoiceNumber })}
          </Button>
        }
      >
        {t('callback.received.text', paid)}
      </Panel>
    );
  }
  const stillChecking = payment.status === 'PENDING' && outcome.isFetching;
  const checksLeft = payment.status === 'PENDING' && checks < PAYMENT_CHECKS;
  if (stillChecking || checksLeft) {
    return (
      <Panel tone="busy" title={t('callback.confirming.title')}>
        {t('callback.confirming.text', paid)}
      </Panel>
    );
  }
  return (
    <Panel
      tone="failed"
      title={t('callback.notCompleted.title')}
      actions={
        <>
          <Button component={Link} to={invoiceLink}>
            {t('callback.tryAgain')}
          </Button>
          {payment.status === 'PENDING' ? (
            <Button variant="default" onClick={() => void outcome.refetch()}>
              {t('callback.checkAgain')}
            </Button>
          ) : null}
        </>
      }
    >
      {payment.status === 'FAILED' ? t('callback.failed.text', paid) : t('callback.unconfirmed.text', paid)}
    </Panel>
  );
}

/**
 * /payments/callback?reference=…&trxref=…: where the payment provider sends the payer back. The payment
 * is verified with the API, and asked about again for a few seconds while the provider's webhook may
 * still be on its way.
 */
export function PaymentCallbackPage() {
  const t = useInvoicesText();
  usePageTitle(t('callback.pageTitle'));
  const [params] = useSearchParams();
  const reference = (params.get('reference') ?? params.get('trxref') ?? '').trim();
  if (!reference) {
    return (
      <Panel
        tone="failed"
        title={t('callback.notCompleted.title')}
        actions={
          <Button component={Link} to={PATHS.payments}>
            {t('callback.backToPayments')}
          </Button>
        }
      >
        {t('callback.noReference.text')}
      </Panel>
    );
  }
  return <Outcome reference={reference} />;
}
