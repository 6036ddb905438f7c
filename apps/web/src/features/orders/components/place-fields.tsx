import {
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  type ComboboxItem,
} from '@mantine/core';
import type { Terminal } from '@freightlane/domain';
import { useId, useMemo } from 'react';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { QueryError } from '../../../components/query-error';
import { StateLgaFormFields } from '../../../components/state-lga-fields';
import { useLabels, type Label } from '../../../i18n/labels/labels';
import { useTerminals } from '../../lookups';
import type { OrderDraftValues } from '../order-draft';
import { useOrdersText, type OrdersText } from '../text';

type PlaceName = 'pickup' | 'recipient';

interface TerminalOption extends ComboboxItem {
  name: string;
  kind: string;
  city: string;
}

/** Terminals grouped by state and port, e.g. "Lagos · Apapa", each showing its name and kind. */
export function terminalOptions(
  terminals: Terminal[],
  t: OrdersText,
  label: Label,
): { group: string; items: TerminalOption[] }[] {
  const groups = new Map<string, TerminalOption[]>();
  for (const terminal of terminals) {
    const group = `${terminal.state} · ${terminal.port}`;
    const items = groups.get(group) ?? [];
    const kind = label('terminalKind', terminal.kind);
    items.push({
      value: terminal.id,
      label: t('place.terminalWithKind', { name: terminal.name, kind }),
      name: terminal.name,
      kind,
      city: terminal.city,
    });
    groups.set(group, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/**
 * A pickup or delivery place: a seeded terminal (port terminal, holding bay, inland depot) or a
 * street address with state, LGA and city.
 */
export function PlaceFields({ name }: { name: PlaceName }) {
  const t = useOrdersText();
  const label = useLabels();
  const { control, register, clearErrors } = useFormContext<OrderDraftValues>();
  const { errors } = useFormState<OrderDraftValues>();
  const kind = useWatch({ control, name: `${name}.kind` });
  const terminals = useTerminals();
  const options = useMemo(() => terminalOptions(terminals.data ?? [], t, label), [terminals.data, t, label]);
  const pickup = name === 'pickup';
  const kindLabelId = useId();
  const placeErrors = errors[name];

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text id={kindLabelId} fw={500} size="sm">
          {pickup ? t('place.pickupPlace') : t('place.deliveryPlace')}
        </Text>
        <Controller
          control={control}
          name={`${name}.kind`}
          render={({ field }) => (
            <SegmentedControl
              aria-labelledby={kindLabelId}
              data={[
                { value: 'TERMINAL', label: t('place.terminal') },
                { value: 'ADDRESS', label: t('place.address') },
              ]}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                clearErrors(name);
              }}
              w={{ base: '100%', xs: 'auto' }}
              style={{ alignSelf: 'flex-start' }}
            />
          )}
        />
      </Stack>

      {kind === 'TERMINAL' ? (
        terminals.isError ? (
          <QueryError
            error={terminals.error}
            onRetry={() => void terminals.refetch()}
            title={t('place.terminalsFailure')}
          />
        ) : (
          <Controller
            control={control}
            name={`${name}.terminalId`}
            render={({ field }) => (
              <Select
                label={pickup ? t('place.pickupTerminal') : t('place.deliveryTerminal')}
                description={t('place.terminalHint')}
                placeholder={terminals.isPending ? t('place.loadingTerminals') : t('place.chooseTerminal')}
                disabled={terminals.isPending}
                searchable
                data={options}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={placeErrors?.terminalId?.message}
                nothingFoundMessage={t('place.noTerminal')}
                maxDropdownHeight={320}
                renderOption={({ option }) => {
                  const item = option as TerminalOption;
                  return (
                    <Stack gap={0}>
                      <Text size="sm">{item.name}</Text>
                      <Text size="xs" c="dimmed">
                        {item.kind} · {item.city}
                      </Text>
                    </Stack>
                  );
                }}
              />
            )}
          />
        )
      ) : (
        <Stack gap="md">
          <TextInput
            label={t('place.street')}
            placeholder={t('place.streetExample')}
            error={placeErrors?.address?.street?.message}
            {...register(`${name}.address.street`)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('place.neighbourhood')}
              error={placeErrors?.address?.neighborhood?.message}
              {...register(`${name}.address.neighborhood`)}
            />
            <StateLgaFormFields name={`${name}.address`} />
            <TextInput
              label={t('place.city')}
              placeholder={t('place.cityExample')}
              error={placeErrors?.address?.city?.message}
              {...register(`${name}.address.city`)}
            />
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
