import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  CHARGE_REASON_MAX,
  DISPUTE_NOTE_MAX,
  amountKoboField,
  disputeChargeRequest,
  formatMoney,
  koboToNairaInput,
  nairaToKobo,
  proposeChargeRequest,
  type InvoiceCharge,
} from '@freightlane/domain';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  DialogActions,
  FormDialog,
  useDialogSubmit,
  type DialogFormProps,
  type DialogProps,
} from '../../../components/form-dialog';
import { useLabels } from '../../../i18n/labels/labels';
import { applyServerFieldErrors, withFormFieldNames } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useDisputeCharge, useProposeCharge, useReviseCharge } from '../api/invoices-api';
import { useInvoicesText, type InvoicesText } from '../text';

/** An amount typed in naira ("25,000" or "25000.50"), read into kobo and checked by the contract's rule. */
function nairaAmountField(t: InvoicesText) {
  return z
    .string()
    .trim()
    .min(1, t('chargeForm.amountMissing'))
    .transform((text, ctx) => {
      const kobo = nairaToKobo(text);
      if (kobo === null) {
        ctx.addIssue({ code: 'custom', message: t('chargeForm.amountUnreadable') });
        return z.NEVER;
      }
      return kobo;
    })
    .pipe(amountKoboField);
}

function chargeFormOf(t: InvoicesText) {
  return z.object({ amount: nairaAmountField(t), reason: proposeChargeRequest.shape.reason });
}
type ChargeForm = ReturnType<typeof chargeFormOf>;
type ChargeInput = z.input<ChargeForm>;
type ChargeOutput = z.output<ChargeForm>;
const CHARGE_FIELD_NAMES = { amountKobo: 'amount', reason: 'reason' };

/**
 * The transporter's extra charge: proposed anew, or a charge revised after the customer's answer (it is
 * proposed again). The amount is in naira before VAT; the customer accepts or disputes it.
 */
export function ChargeFormDialog({
  invoiceId,
  charge,
  opened,
  onClose,
}: { invoiceId: string; charge: InvoiceCharge | null } & DialogProps) {
  const t = useInvoicesText();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={charge ? t('chargeForm.titleRevise') : t('chargeForm.titleNew')}
    >
      {(onBusy) => <ChargeForm invoiceId={invoiceId} charge={charge} onBusy={onBusy} onDone={onClose} />}
    </FormDialog>
  );
}

function ChargeForm({
  invoiceId,
  charge,
  onBusy,
  onDone,
}: { invoiceId: string; charge: InvoiceCharge | null } & DialogFormProps) {
  const t = useInvoicesText();
  const label = useLabels();
  const chargeForm = useMemo(() => chargeFormOf(t), [t]);
  const propose = useProposeCharge(invoiceId);
  const revise = useReviseCharge(invoiceId);
  const send = useDialogSubmit(onBusy);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChargeInput, unknown, ChargeOutput>({
    resolver: zodResolver(chargeForm),
    mode: 'onTouched',
    defaultValues: {
      amount: charge ? koboToNairaInput(charge.amountKobo) : '',
      reason: charge?.reason ?? '',
    },
  });

  const onSubmit = handleSubmit(({ amount, reason }) =>
    send(
      async () => {
        const body = { amountKobo: amount, reason };
        if (charge) {
          await revise.mutateAsync({ chargeId: charge.id, body });
          notifySuccess(t('chargeForm.revised', { amount: formatMoney(amount) }));
        } else {
          await propose.mutateAsync(body);
          notifySuccess(t('chargeForm.proposed', { amount: formatMoney(amount) }));
        }
        onDone();
      },
      (error) =>
        applyServerFieldErrors(withFormFieldNames(error, CHARGE_FIELD_NAMES), setError, ['amount', 'reason']),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {charge?.disputeNote ? (
          <Alert color="red" title={t('chargeForm.disputedTitle')}>
            {charge.disputeNote}
          </Alert>
        ) : null}
        <Text size="sm">
          {charge
            ? t('chargeForm.reviseIntro', { kind: label('chargeKind', charge.kind) })
            : t('chargeForm.newIntro')}
        </Text>
        <TextInput
          label={t('chargeForm.amount')}
          inputMode="decimal"
          leftSection="₦"
          required
          error={errors.amount?.message}
          data-autofocus
          styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          {...register('amount')}
        />
        <Textarea
          label={t('chargeForm.reason')}
          description={t('chargeForm.reasonHint', { max: String(CHARGE_REASON_MAX) })}
          autosize
          minRows={3}
          maxLength={CHARGE_REASON_MAX}
          required
          error={errors.reason?.message}
          {...register('reason')}
        />
        <DialogActions
          onCancel={onDone}
          sending={isSubmitting}
          submitLabel={charge ? t('chargeForm.submitRevise') : t('chargeForm.submitNew')}
        />
      </Stack>
    </form>
  );
}

type DisputeInput = z.input<typeof disputeChargeRequest>;
type DisputeOutput = z.output<typeof disputeChargeRequest>;

/** The customer disputes a charge with a note the transporter reads; the charge stays out of the total. */
export function DisputeChargeDialog({
  invoiceId,
  charge,
  opened,
  onClose,
}: { invoiceId: string; charge: InvoiceCharge } & DialogProps) {
  const t = useInvoicesText();
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('disputeForm.title')}>
      {(onBusy) => <DisputeForm invoiceId={invoiceId} charge={charge} onBusy={onBusy} onDone={onClose} />}
    </FormDialog>
  );
}

function DisputeForm({
  invoiceId,
  charge,
  onBusy,
  onDone,
}: { invoiceId: string; charge: InvoiceCharge } & DialogFormProps) {
  const t = useInvoicesText();
  const label = useLabels();
  const dispute = useDisputeCharge(invoiceId);
  const send = useDialogSubmit(onBusy);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DisputeInput, unknown, DisputeOutput>({
    resolver: zodResolver(disputeChargeRequest),
    mode: 'onTouched',
    defaultValues: { note: '' },
  });

  const onSubmit = handleSubmit((body) =>
    send(
      async () => {
        await dispute.mutateAsync({ chargeId: charge.id, body });
        notifySuccess(t('disputeForm.done'));
        onDone();
      },
      (error) => applyServerFieldErrors(error, setError, ['note']),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t('disputeForm.charge', {
            kind: label('chargeKind', charge.kind),
            amount: formatMoney(charge.amountKobo),
            reason: charge.reason,
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('disputeForm.rest')}
        </Text>
        <Textarea
          label={t('disputeForm.why')}
          description={t('disputeForm.whyHint', { max: String(DISPUTE_NOTE_MAX) })}
          autosize
          minRows={3}
          maxLength={DISPUTE_NOTE_MAX}
          required
          error={errors.note?.message}
          data-autofocus
          {...register('note')}
        />
        <DialogActions
          onCancel={onDone}
          sending={isSubmitting}
          submitLabel={t('disputeForm.submit')}
          destructive
        />
      </Stack>
    </form>
  );
}
