import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Text } from '@mantine/core';
import { cancelOrderRequest, MAX_NOTE_LENGTH } from '@freightlane/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useActionError } from '../../../components/action-error';
import { DialogActions, ReasonField } from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notify';
import { useCancelOrder } from '../api/orders-api';
import { useOrdersText } from '../text';

type Input = z.input<typeof cancelOrderRequest>;
type Output = z.output<typeof cancelOrderRequest>;

/** Cancelling an open order needs a reason; transporters who bid see it. */
export function CancelOrderDialog({
  orderId,
  orderNumber,
  opened,
  onClose,
}: {
  orderId: string;
  orderNumber: string;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useOrdersText();
  const cancel = useCancelOrder(orderId);
  const showActionError = useActionError();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(cancelOrderRequest),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });

  function close() {
    if (isSubmitting) return;
    reset();
    onClose();
  }

  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await cancel.mutateAsync(reason);
      notifySuccess(t('cancel.done', { orderNumber }));
      reset();
      onClose();
    } catch (error) {
      showActionError(error);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('cancel.title')}
      centered
      closeButtonProps={{ 'aria-label': t('cancel.closeDialog') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('cancel.text')}</Text>
          <ReasonField maxLength={MAX_NOTE_LENGTH} error={errors.reason?.message} {...register('reason')} />
          <DialogActions
            onCancel={close}
            sending={isSubmitting}
            cancelLabel={t('cancel.keep')}
            submitLabel={t('cancel.submit')}
            destructive
          />
        </Stack>
      </form>
    </Modal>
  );
}
