import { Alert, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  CONTAINER_SIZES,
  TRUCK_TYPES,
  isContainerCargo,
  normalizeContainerNumber,
  updateConsignmentRequest,
  type TripDetail,
  type UpdateConsignmentRequest,
} from '@freightlane/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  DialogActions,
  type DialogFormProps,
  type DialogProps,
  FormDialog,
  useDialogSubmit,
} from '../../../components/form-dialog';
import { FormDateInput } from '../../../components/form-inputs';
import { QueryError } from '../../../components/query-error';
import { useLabels } from '../../../i18n/labels/labels';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useLiners } from '../../lookups';
import { useUpdateConsignment } from '../api/trip-detail-api';
import { useTripComponentsText } from './text';

interface ConsignmentFormValues {
  containerNumber: string;
  containerSize: string;
  linerId: string;
  deliveryOrderValidityDate: string;
  description: string;
  quantity: number | string;
  weightTonnes: number | string;
  truckType: string;
}

const CONTAINER_FIELDS = [
  'containerNumber',
  'containerSize',
  'linerId',
  'deliveryOrderValidityDate',
] as const;
const CARGO_FIELDS = ['description', 'quantity', 'weightTonnes', 'truckType'] as const;
type FormField = (typeof CONTAINER_FIELDS)[number] | (typeof CARGO_FIELDS)[number];

function valuesOf(trip: TripDetail): ConsignmentFormValues {
  const c = trip.consignment;
  return {
    containerNumber: c.containerNumber ?? '',
    containerSize: c.containerSize ?? '',
    linerId: c.liner?.id ?? '',
    deliveryOrderValidityDate: c.deliveryOrderValidityDate ?? '',
    description: c.description ?? '',
    quantity: c.quantity ?? '',
    weightTonnes: c.weightTonnes ?? '',
    truckType: c.truckType ?? '',
  };
}

/** Only what changed is sent, so the server's record of who changed what stays exact. */
function changes(
  values: ConsignmentFormValues,
  initial: ConsignmentFormValues,
  fields: readonly FormField[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field];
    const same =
      field === 'containerNumber'
        ? normalizeContainerNumber(String(value)) === normalizeContainerNumber(String(initial[field]))
        : String(value).trim() === String(initial[field]).trim();
    if (same) continue;
    if (field === 'quantity' || field === 'weightTonnes')
      body[field] = value === '' ? undefined : Number(value);
    else body[field] = typeof value === 'string' ? value.trim() || undefined : value;
  }
  return body;
}

function consignmentResolver(
  initial: ConsignmentFormValues,
  fields: readonly FormField[],
): Resolver<ConsignmentFormValues, unknown, UpdateConsignmentRequest> {
  return (values) => {
    const parsed = updateConsignmentRequest.safeParse(changes(values, initial, fields));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.length > 0 ? String(issue.path[0]) : 'root';
      errors[key] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<ConsignmentFormValues> };
  };
}

/** Corrects the container or the truck load of a trip before it is loaded (an admin may after). */
export function EditConsignmentDialog({ trip, opened, onClose }: { trip: TripDetail } & DialogProps) {
  const t = useTripComponentsText();
  const container = isContainerCargo(trip.cargoType);
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={container ? t('editConsignment.titleContainer') : t('editConsignment.titleLoad')}
      size="lg"
    >
      {(onBusy) => <ConsignmentForm trip={trip} onDone={onClose} onBusy={onBusy} />}
    </FormDialog>
  );
}

function ConsignmentForm({ trip, onDone, onBusy }: { trip: TripDetail } & DialogFormProps) {
  const t = useTripComponentsText();
  const label = useLabels();
  const container = isContainerCargo(trip.cargoType);
  const fields = container ? CONTAINER_FIELDS : CARGO_FIELDS;
  const [initial] = useState(() => valuesOf(trip));
  const update = useUpdateConsignment(trip.consignment.id);
  const liners = useLiners({ enabled: container });
  const send = useDialogSubmit(onBusy);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ConsignmentFormValues, unknown, UpdateConsignmentRequest>({
    resolver: consignmentResolver(initial, fields),
    mode: 'onTouched',
    defaultValues: initial,
  });

  const onSubmit = handleSubmit((body) =>
    send(
      async () => {
        await update.mutateAsync(body);
        notifySuccess(
          t(container ? 'editConsignment.savedContainer' : 'editConsignment.savedLoad', {
            tripNumber: trip.tripNumber,
          }),
        );
        onDone();
      },
      (error) => applyServerFieldErrors(error, setError, fields),
    ),
  );

  const rootError = (errors as FieldErrors<ConsignmentFormValues> & { root?: { message?: string } }).root
    ?.message;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {container ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('consignment.containerNumber')}
              description={t('editConsignment.containerNumberHint')}
              autoCapitalize="characters"
              error={errors.containerNumber?.message}
              {...register('containerNumber')}
            />
            <Controller
              control={control}
              name="containerSize"
              render={({ field }) => (
                <Select
                  label={t('consignment.size')}
                  data={CONTAINER_SIZES.map((size) => ({ value: size, label: label('containerSize', size) }))}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={errors.containerSize?.message}
                />
              )}
            />
            {liners.isError ? (
              <QueryError
                error={liners.error}
                onRetry={() => void liners.refetch()}
                title={t('editConsignment.linersError')}
              />
            ) : (
              <Controller
                control={control}
                name="linerId"
                render={({ field }) => (
                  <Select
                    label={t('consignment.liner')}
                    searchable
                    placeholder={
                      liners.isPending ? t('editConsignment.loadingLiners') : t('editConsignment.chooseLiner')
                    }
                    disabled={liners.isPending}
                    data={(liners.data ?? []).map((liner) => ({ value: liner.id, label: liner.name }))}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    allowDeselect={false}
                    error={errors.linerId?.message}
                    nothingFoundMessage={t('editConsignment.noLinerByName')}
                  />
                )}
              />
            )}
            <FormDateInput
              control={control}
              name="deliveryOrderValidityDate"
              label={t('consignment.deliveryOrderValidUntil')}
            />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('consignment.description')}
              maxLength={200}
              error={errors.description?.message}
              {...register('description')}
            />
            <Controller
              control={control}
              name="quantity"
              render={({ field }) => (
                <NumberInput
                  label={t('consignment.quantity')}
                  min={1}
                  allowDecimal={false}
                  thousandSeparator=","
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.quantity?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="weightTonnes"
              render={({ field }) => (
                <NumberInput
                  label={t('editConsignment.weightTonnes')}
                  min={0}
                  decimalScale={3}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.weightTonnes?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="truckType"
              render={({ field }) => (
                <Select
                  label={t('consignment.truckType')}
                  data={TRUCK_TYPES.map((type) => ({ value: type, label: label('truckType', type) }))}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={errors.truckType?.message}
                />
              )}
            />
          </SimpleGrid>
        )}
        {rootError ? (
          <Alert color="orange" icon={<IconAlertCircle aria-hidden />} role="alert">
            {rootError}
          </Alert>
        ) : null}
        <DialogActions onCancel={onDone} sending={isSubmitting} submitLabel={t('editConsignment.save')} />
      </Stack>
    </form>
  );
}
