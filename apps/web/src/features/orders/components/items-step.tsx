import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CONTAINER_SIZES,
  CONTAINER_SIZE_LABELS,
  DEFAULT_CONTAINER_SIZE,
  MAX_ORDER_ITEMS,
  TRUCK_TYPES,
  TRUCK_TYPE_LABELS,
} from '@freightlane/domain';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { Controller, useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { FormDateInput } from '../../../components/form-inputs';
import { QueryError } from '../../../components/query-error';
import { lagosToday } from '../../../lib/format';
import { useLiners } from '../../lookups';
import { emptyContainer, emptyGeneralCargo, type OrderDraftValues } from '../order-draft';

const CONTAINER_SIZE_OPTIONS = CONTAINER_SIZES.map((size) => ({
  value: size,
  label: CONTAINER_SIZE_LABELS[size],
}));
const TRUCK_TYPE_OPTIONS = TRUCK_TYPES.map((type) => ({ value: type, label: TRUCK_TYPE_LABELS[type] }));

function RowHeader({
  title,
  onRemove,
  removeLabel,
  canRemove,
  children,
}: {
  title: string;
  onRemove: () => void;
  removeLabel: string;
  canRemove: boolean;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" mb="sm" wrap="nowrap">
      <Title order={3} fz="md">
        {title}
      </Title>
      <Group gap="xs" wrap="nowrap">
        {children}
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onRemove}
          disabled={!canRemove}
          aria-label={removeLabel}
          title={canRemove ? removeLabel : 'An order needs at least one row'}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}

function ContainerRows() {
  const { control, register } = useFormContext<OrderDraftValues>();
  const { errors } = useFormState<OrderDraftValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'containers' });
  const liners = useLiners();
  const linerOptions = useMemo(
    () => (liners.data ?? []).map((liner) => ({ value: liner.id, label: liner.name })),
    [liners.data],
  );
  const today = lagosToday();

  return (
    <Stack gap="md">
      {liners.isError ? (
        <QueryError
          error={liners.error}
          onRetry={() => void liners.refetch()}
          title="Could not load the liners"
        />
      ) : null}
      {fields.map((row, index) => {
        const rowErrors = errors.containers?.[index];
        return (
          <Card key={row.id} withBorder radius="md" padding="md">
            <RowHeader
              title={`Container ${index + 1}`}
              onRemove={() => remove(index)}
              removeLabel={`Remove container ${index + 1}`}
              canRemove={fields.length > 1}
            />
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
              <TextInput
                label="Container number"
                placeholder="MSKU1234565"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                error={rowErrors?.containerNumber?.message}
                {...register(`containers.${index}.containerNumber`)}
              />
              <Controller
                control={control}
                name={`containers.${index}.containerSize`}
                render={({ field }) => (
                  <Select
                    label="Container size"
                    data={CONTAINER_SIZE_OPTIONS}
                    allowDeselect={false}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? DEFAULT_CONTAINER_SIZE)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    name={field.name}
                    error={rowErrors?.containerSize?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name={`containers.${index}.linerId`}
                render={({ field }) => (
                  <Select
                    label="Liner"
                    placeholder={liners.isPending ? 'Loading liners...' : 'Choose the shipping line'}
                    disabled={liners.isPending}
                    searchable
                    data={linerOptions}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    name={field.name}
                    error={rowErrors?.linerId?.message}
                    nothingFoundMessage="No liner by that name"
                  />
                )}
              />
              <FormDateInput<OrderDraftValues>
                name={`containers.${index}.deliveryOrderValidityDate`}
                label="Delivery order validity date"
                minDate={today}
              />
            </SimpleGrid>
          </Card>
        );
      })}
      {errors.containers?.root?.message ? <Alert color="red">{errors.containers.root.message}</Alert> : null}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => append(emptyContainer())}
          disabled={fields.length >= MAX_ORDER_ITEMS}
        >
          Add another container
        </Button>
        {fields.length >= MAX_ORDER_ITEMS ? (
          <Text size="sm" c="dimmed">
            An order holds at most {MAX_ORDER_ITEMS} containers.
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

function GeneralCargoRows() {
  const { control, register, getValues } = useFormContext<OrderDraftValues>();
  const { errors } = useFormState<OrderDraftValues>();
  const { fields, append, insert, remove } = useFieldArray({ control, name: 'generalCargos' });
  const full = fields.length >= MAX_ORDER_ITEMS;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        One row is one truck load. Each truck load becomes its own trip when you award the order.
      </Text>
      {fields.map((row, index) => {
        const rowErrors = errors.generalCargos?.[index];
        return (
          <Card key={row.id} withBorder radius="md" padding="md">
            <RowHeader
              title={`Truck load ${index + 1}`}
              onRemove={() => remove(index)}
              removeLabel={`Remove truck load ${index + 1}`}
              canRemove={fields.length > 1}
            >
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconCopy size={16} aria-hidden />}
                onClick={() => insert(index + 1, { ...getValues(`generalCargos.${index}`) })}
                disabled={full}
                aria-label={`Duplicate truck load ${index + 1}`}
              >
                Duplicate
              </Button>
            </RowHeader>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
              <TextInput
                label="Description"
                placeholder="Bagged cement, 50 kg bags"
                error={rowErrors?.description?.message}
                {...register(`generalCargos.${index}.description`)}
              />
              <TextInput
                label="Quantity"
                inputMode="numeric"
                placeholder="600"
                error={rowErrors?.quantity?.message}
                {...register(`generalCargos.${index}.quantity`)}
              />
              <TextInput
                label="Weight (tonnes)"
                inputMode="decimal"
                placeholder="30"
                error={rowErrors?.weightTonnes?.message}
                {...register(`generalCargos.${index}.weightTonnes`)}
              />
              <Controller
                control={control}
                name={`generalCargos.${index}.truckType`}
                render={({ field }) => (
                  <Select
                    label="Truck type"
                    placeholder="Choose a truck type"
                    data={TRUCK_TYPE_OPTIONS}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    name={field.name}
                    error={rowErrors?.truckType?.message}
                  />
                )}
              />
            </SimpleGrid>
          </Card>
        );
      })}
      {errors.generalCargos?.root?.message ? (
        <Alert color="red">{errors.generalCargos.root.message}</Alert>
      ) : null}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => append(emptyGeneralCargo())}
          disabled={full}
        >
          Add another truck load
        </Button>
        {full ? (
          <Text size="sm" c="dimmed">
            An order holds at most {MAX_ORDER_ITEMS} truck loads.
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

/** Step 2: the containers, or the truck loads of general cargo. At least one row. */
export function ItemsStep({ generalCargo }: { generalCargo: boolean }) {
  return generalCargo ? <GeneralCargoRows /> : <ContainerRows />;
}
