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
import { CONTAINER_SIZES, DEFAULT_CONTAINER_SIZE, MAX_ORDER_ITEMS, TRUCK_TYPES } from '@freightlane/domain';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { Controller, useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { FormDateInput } from '../../../components/form-inputs';
import { QueryError } from '../../../components/query-error';
import { useLabels } from '../../../i18n/labels/labels';
import { lagosToday } from '../../../lib/format';
import { useLiners } from '../../lookups';
import { emptyContainer, emptyGeneralCargo, type OrderDraftValues } from '../order-draft';
import { useOrdersText } from '../text';

/** A container number as the field shows it for an example: a number, in no language. */
const CONTAINER_NUMBER_EXAMPLE = 'MSKU1234565';

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
  const t = useOrdersText();
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
          title={canRemove ? removeLabel : t('itemsStep.needOneRow')}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}

function ContainerRows() {
  const t = useOrdersText();
  const label = useLabels();
  const { control, register } = useFormContext<OrderDraftValues>();
  const { errors } = useFormState<OrderDraftValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'containers' });
  const liners = useLiners();
  const linerOptions = useMemo(
    () => (liners.data ?? []).map((liner) => ({ value: liner.id, label: liner.name })),
    [liners.data],
  );
  const today = lagosToday();
  const sizeOptions = CONTAINER_SIZES.map((size) => ({ value: size, label: label('containerSize', size) }));

  return (
    <Stack gap="md">
      {liners.isError ? (
        <QueryError
          error={liners.error}
          onRetry={() => void liners.refetch()}
          title={t('itemsStep.linersFailure')}
        />
      ) : null}
      {fields.map((row, index) => {
        const rowErrors = errors.containers?.[index];
        return (
          <Card key={row.id} withBorder radius="md" padding="md">
            <RowHeader
              title={t('itemsStep.container', { number: index + 1 })}
              onRemove={() => remove(index)}
              removeLabel={t('itemsStep.removeContainer', { number: index + 1 })}
              canRemove={fields.length > 1}
            />
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
              <TextInput
                label={t('itemsStep.containerNumber')}
                placeholder={CONTAINER_NUMBER_EXAMPLE}
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
                    label={t('itemsStep.containerSize')}
                    data={sizeOptions}
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
                    label={t('itemsStep.liner')}
                    placeholder={liners.isPending ? t('itemsStep.loadingLiners') : t('itemsStep.chooseLiner')}
                    disabled={liners.isPending}
                    searchable
                    data={linerOptions}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    name={field.name}
                    error={rowErrors?.linerId?.message}
                    nothingFoundMessage={t('itemsStep.noLiner')}
                  />
                )}
              />
              <FormDateInput<OrderDraftValues>
                name={`containers.${index}.deliveryOrderValidityDate`}
                label={t('itemsStep.validity')}
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
          {t('itemsStep.addContainer')}
        </Button>
        {fields.length >= MAX_ORDER_ITEMS ? (
          <Text size="sm" c="dimmed">
            {t('itemsStep.maxContainers', { max: MAX_ORDER_ITEMS })}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

function GeneralCargoRows() {
  const t = useOrdersText();
  const label = useLabels();
  const { control, register, getValues } = useFormContext<OrderDraftValues>();
  const { errors } = useFormState<OrderDraftValues>();
  const { fields, append, insert, remove } = useFieldArray({ control, name: 'generalCargos' });
  const full = fields.length >= MAX_ORDER_ITEMS;
  const truckTypeOptions = TRUCK_TYPES.map((type) => ({ value: type, label: label('truckType', type) }));

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('itemsStep.generalIntro')}
      </Text>
      {fields.map((row, index) => {
        const rowErrors = errors.generalCargos?.[index];
        return (
          <Card key={row.id} withBorder radius="md" padding="md">
            <RowHeader
              title={t('item.truckLoadNumber', { number: index + 1 })}
              onRemove={() => remove(index)}
              removeLabel={t('itemsStep.removeTruckLoad', { number: index + 1 })}
              canRemove={fields.length > 1}
            >
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconCopy size={16} aria-hidden />}
                onClick={() => insert(index + 1, { ...getValues(`generalCargos.${index}`) })}
                disabled={full}
                aria-label={t('itemsStep.duplicateLabel', { number: index + 1 })}
              >
                {t('itemsStep.duplicate')}
              </Button>
            </RowHeader>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
              <TextInput
                label={t('itemsStep.description')}
                placeholder={t('itemsStep.descriptionExample')}
                error={rowErrors?.description?.message}
                {...register(`generalCargos.${index}.description`)}
              />
              <TextInput
                label={t('itemsStep.quantity')}
                inputMode="numeric"
                placeholder="600"
                error={rowErrors?.quantity?.message}
                {...register(`generalCargos.${index}.quantity`)}
              />
              <TextInput
                label={t('itemsStep.weight')}
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
                    label={t('itemsStep.truckType')}
                    placeholder={t('itemsStep.chooseTruckType')}
                    data={truckTypeOptions}
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
          {t('itemsStep.addTruckLoad')}
        </Button>
        {full ? (
          <Text size="sm" c="dimmed">
            {t('itemsStep.maxTruckLoads', { max: MAX_ORDER_ITEMS })}
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
