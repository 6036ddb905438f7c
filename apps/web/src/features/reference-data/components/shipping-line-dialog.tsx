import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextInput } from '@mantine/core';
import {
  createShippingLineRequest,
  REFERENCE_CODE_MAX,
  REFERENCE_NAME_MAX,
  type AdminShippingLine,
} from '@freightlane/domain';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  DialogActions,
  FormDialog,
  useDialogSubmit,
  type DialogFormProps,
  type DialogProps,
} from '../../../components/form-dialog';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { PATHS } from '../../../lib/paths';
import { useCreateShippingLine, useUpdateShippingLine } from '../api/reference-data-api';

type NewLineInput = z.input<typeof createShippingLineRequest>;
type NewLineOutput = z.output<typeof createShippingLineRequest>;
const renameSchema = createShippingLineRequest.pick({ name: true });
type RenameInput = z.input<typeof renameSchema>;
type RenameOutput = z.output<typeof renameSchema>;

/** Adds a shipping line, then opens its page to set its tariffs. */
export function NewShippingLineDialog({ opened, onClose }: DialogProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Add a shipping line">
      {(onBusy) => <NewLineForm onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function NewLineForm({ onDone, onBusy }: DialogFormProps) {
  const create = useCreateShippingLine();
  const navigate = useNavigate();
  const send = useDialogSubmit(onBusy);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewLineInput, unknown, NewLineOutput>({
    resolver: zodResolver(createShippingLineRequest),
    mode: 'onTouched',
    defaultValues: { code: '', name: '' },
  });

  const onSubmit = handleSubmit((values) =>
    send(
      async () => {
        const line = await create.mutateAsync(values);
        notifySuccess(`${line.name} is added. Set its free days and rates next.`);
        onDone();
        void navigate(PATHS.adminShippingLine(line.id));
      },
      (error) => applyServerFieldErrors(error, setError, ['code', 'name']),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          description="As customers know it, e.g. Hapag-Lloyd"
          withAsterisk
          maxLength={REFERENCE_NAME_MAX}
          error={errors.name?.message}
          data-autofocus
          {...register('name')}
        />
        <TextInput
          label="Code"
          description="A short, permanent key: letters, digits and dashes, e.g. HAPAG-LLOYD. It cannot be changed later."
          withAsterisk
          maxLength={REFERENCE_CODE_MAX}
          autoCapitalize="characters"
          error={errors.code?.message}
          {...register('code')}
        />
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel="Add shipping line" />
      </Stack>
    </form>
  );
}

/** Corrects a line's name; its code stays. */
export function RenameShippingLineDialog({
  line,
  opened,
  onClose,
}: { line: AdminShippingLine } & DialogProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={`Rename ${line.name}`}>
      {(onBusy) => <RenameForm line={line} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function RenameForm({ line, onDone, onBusy }: { line: AdminShippingLine } & DialogFormProps) {
  const update = useUpdateShippingLine(line.id);
  const send = useDialogSubmit(onBusy);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RenameInput, unknown, RenameOutput>({
    resolver: zodResolver(renameSchema),
    mode: 'onTouched',
    defaultValues: { name: line.name },
  });

  const onSubmit = handleSubmit(({ name }) =>
    send(
      async () => {
        await update.mutateAsync({ name });
        notifySuccess(`The shipping line is now called ${name}.`);
        onDone();
      },
      (error) => applyServerFieldErrors(error, setError, ['name']),
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
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel="Save" />
      </Stack>
    </form>
  );
}
