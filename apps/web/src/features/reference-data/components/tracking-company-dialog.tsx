import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Textarea, TextInput } from '@mantine/core';
import {
  REFERENCE_DESCRIPTION_MAX,
  REFERENCE_NAME_MAX,
  updateTrackingCompanyRequest,
  type AdminTrackingCompany,
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
import { useUpdateTrackingCompany } from '../api/reference-data-api';

/** The name and description transporters read when they connect their trackers; both required here. */
const wordingSchema = z.object({
  name: updateTrackingCompanyRequest.shape.name.unwrap(),
  description: updateTrackingCompanyRequest.shape.description.unwrap(),
});
type Input = z.input<typeof wordingSchema>;
type Output = z.output<typeof wordingSchema>;

export function TrackingCompanyDialog({
  company,
  opened,
  onClose,
}: { company: AdminTrackingCompany } & DialogProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={`Edit ${company.name}`} size="lg">
      {(onBusy) => <WordingForm company={company} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function WordingForm({ company, onDone, onBusy }: { company: AdminTrackingCompany } & DialogFormProps) {
  const update = useUpdateTrackingCompany();
  const send = useDialogSubmit(onBusy);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(wordingSchema),
    mode: 'onTouched',
    defaultValues: { name: company.name, description: company.description },
  });
  const descriptionLength = (watch('description') ?? '').length;

  const onSubmit = handleSubmit((body) =>
    send(
      async () => {
        const saved = await update.mutateAsync({ id: company.id, body });
        notifySuccess(`${saved.name} is saved.`);
        onDone();
      },
      (error) => applyServerFieldErrors(error, setError, ['name', 'description']),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          withAsterisk
          maxLength={REFERENCE_NAME_MAX}
          error={errors.name?.message}
          data-autofocus
          {...register('name')}
        />
        <Textarea
          label="Description"
          description={`What transporters read when they choose it · ${descriptionLength}/${REFERENCE_DESCRIPTION_MAX}`}
          withAsterisk
          autosize
          minRows={3}
          maxLength={REFERENCE_DESCRIPTION_MAX}
          error={errors.description?.message}
          {...register('description')}
        />
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel="Save" />
      </Stack>
    </form>
  );
}
