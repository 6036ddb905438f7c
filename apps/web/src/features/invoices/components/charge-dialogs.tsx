import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  CHARGE_KIND_LABELS,
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
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  DialogActions,
  FormDialog,
  useDialogSubmit,
  type DialogFormProps,
  type DialogProps,
} from '../../../components/form-dialog';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useDisputeCharge, useProposeCharge, useReviseCharge } from '../api/invoices-api';
import { withFormFieldNames } from './server-errors';

/** An amount typed in naira ("25,000" or "25000.50"), read into kobo and checked by the contract's rule. */
const nairaAmountField = z
  .string()
  .trim()
  .min(1, 'Enter the amount in naira')
  .transform((text, ctx) => {
    const kobo = nairaToKobo(text);
    if (kobo === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter the amount in naira, e.g. 25000 or 25,000.50' });
      return z.NEVER;
    }
    return kobo;
  })
  .pipe(amountKoboField);

const chargeForm = z.object({ amount: nairaAmountField, reason: proposeChargeRequest.shape.reason });
type ChargeInput = z.input<typeof chargeForm>;
type ChargeOutput = z.output<typeof chargeForm>;
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
  return (
    <FormDialog opened={opened} onClose={onClose} title={charge ? 'Revise the charge' : 'Add a charge'}>
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
          notifySuccess(
            `The charge is revised to ${formatMoney(amount)}. The customer is asked to answer it again.`,
          );
        } else {
          await propose.mutateAsync(body);
          notifySuccess(
            `A charge of ${formatMoney(amount)} is proposed. The customer is asked to answer it.`,
          );
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
          <Alert color="red" title="The customer disputed it">
            {charge.disputeNote}
          </Alert>
        ) : null}
        <Text size="sm">
          {charge
            ? `${CHARGE_KIND_LABELS[charge.kind]}: change the amount or the reason. The customer is told and answers again.`
            : 'The customer sees the amount and your reason, and accepts or disputes it before paying. VAT is added on top.'}
        </Text>
        <TextInput
          label="Amount (₦, before VAT)"
          inputMode="decimal"
          leftSection="₦"
          required
          error={errors.amount?.message}
          data-autofocus
          styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          {...register('amount')}
        />
        <Textarea
          label="Reason"
          description={`What the charge is for, as the customer will read it. At most ${CHARGE_REASON_MAX} characters.`}
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
          submitLabel={charge ? 'Save and propose again' : 'Propose the charge'}
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
  return (
    <FormDialog opened={opened} onClose={onClose} title="Dispute the charge">
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
        notifySuccess('The charge is disputed. The transporter is told and may revise or withdraw it.');
        onDone();
      },
      (error) => applyServerFieldErrors(error, setError, ['note']),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {CHARGE_KIND_LABELS[charge.kind]} of {formatMoney(charge.amountKobo)}: {charge.reason}
        </Text>
        <Text size="sm" c="dimmed">
          A disputed charge is not added to the invoice, and you can still pay the rest.
        </Text>
        <Textarea
          label="Why do you dispute it?"
          description={`The transporter reads this. At most ${DISPUTE_NOTE_MAX} characters.`}
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
          submitLabel="Dispute the charge"
          destructive
        />
      </Stack>
    </form>
  );
}
