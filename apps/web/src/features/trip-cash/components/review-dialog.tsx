import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text, Textarea } from '@mantine/core';
import { formatMoney, type ExpenseDecision, type TripExpense } from '@freightlane/domain';
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
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useReviewExpense } from '../api/trip-cash-api';
import { useTripCashText } from '../text';

export type ReviewDecision = ExpenseDecision;
type Asking = Exclude<ReviewDecision, 'APPROVE'>;

/** A query (a question the driver answers on the phone) or a rejection (the reason), said in words. */
export function ReviewDialog({
  tripId,
  expense,
  decision,
  opened,
  onClose,
}: { tripId: string; expense: TripExpense; decision: Asking } & DialogProps) {
  const t = useTripCashText();
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={decision === 'QUERY' ? t('reviewForm.queryTitle') : t('reviewForm.rejectTitle')}
    >
      {(onBusy) => (
        <ReviewFormBody
          tripId={tripId}
          expense={expense}
          decision={decision}
          onBusy={onBusy}
          onDone={onClose}
        />
      )}
    </FormDialog>
  );
}

function ReviewFormBody({
  tripId,
  expense,
  decision,
  onBusy,
  onDone,
}: { tripId: string; expense: TripExpense; decision: Asking } & DialogFormProps) {
  const t = useTripCashText();
  const label = useLabels();
  const review = useReviewExpense(tripId);
  const send = useDialogSubmit(onBusy);
  const schema = useMemo(
    () => z.object({ note: z.string().trim().min(1, t('reviewForm.noteMissing')).max(500) }),
    [t],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ note: string }>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { note: '' },
  });
  const values = { kind: label('expenseKind', expense.kind), amount: formatMoney(expense.amountKobo) };
  const onSubmit = handleSubmit(({ note }) =>
    send(
      async () => {
        await review.mutateAsync({ expenseId: expense.id, body: { decision, note } });
        notifySuccess(decision === 'QUERY' ? t('reviewForm.queried') : t('reviewForm.rejected', values));
        onDone();
      },
      (error) => applyServerFieldErrors(error, setError, ['note']),
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {decision === 'QUERY' ? t('reviewForm.queryIntro', values) : t('reviewForm.rejectIntro', values)}
        </Text>
        <Textarea
          label={decision === 'QUERY' ? t('reviewForm.question') : t('reviewForm.reason')}
          autosize
          minRows={3}
          maxLength={500}
          required
          data-autofocus
          error={errors.note?.message}
          {...register('note')}
        />
        <DialogActions
          onCancel={onDone}
          sending={isSubmitting}
          destructive={decision === 'REJECT'}
          submitLabel={decision === 'QUERY' ? t('reviewForm.submitQuery') : t('reviewForm.submitReject')}
        />
      </Stack>
    </form>
  );
}
