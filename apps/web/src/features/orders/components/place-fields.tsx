import {
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  type ComboboxItem,
} from '@mantine/core';
import { TERMINAL_KIND_LABELS, type Terminal } from '@freightlane/domain';
import { useId, useMemo } from 'react';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { QueryError } from '../../../components/query-error';
import { StateLgaFormFields } from '../../../components/state-lga-fields';
import { useTerminals } from '../../lookups';
import type { OrderDraftValues } from '../order-draft';

type PlaceName = 'pickup' | 'recipient';

interface TerminalOption extends ComboboxItem {
  name: string;
  kind: string;
  city: string;
}

/** Terminals grouped by state and port, e.g. "Lagos · Apapa", each showing its name and kind. */
export function terminalOptions(terminals: Terminal[]): { group: string; items: TerminalOption[] }[] {
  const groups = new Map<string, TerminalOption[]>();
  for (const terminal of terminals) {
    const group = `${terminal.state} · ${terminal.port}`;
    const items = groups.get(group) ?? [];
    items.push({
      value: terminal.id,
      label: `${terminal.name} (${TERMINAL_KIND_LABELS[terminal.kind]})`,
      name: terminal.name,
      kind: TERMINAL_KIND_LABELS[terminal.kind],
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
export function PlaceFields({ name, noun }: { name: PlaceName; noun: 'Pickup' | 'Delivery' }) {
  const { control, register, clearErrors } = useFormContext<OrderDraftValues>();
  const { errors } = useFormState<OrderDraftValues>();
  const kind = useWatch({ control, name: `${name}.kind` });
  const terminals = useTerminals();
  const options = useMemo(() => terminalOptions(terminals.data ?? []), [terminals.data]);
  const kindLabelId = useId();
  const placeErrors = errors[name];

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text id={kindLabelId} fw={500} size="sm">
          {noun} place
        </Text>
        <Controller
          control={control}
          name={`${name}.kind`}
          render={({ field }) => (
            <SegmentedControl
              aria-labelledby={kindLabelId}
              data={[
                { value: 'TERMINAL', label: 'Terminal' },
                { value: 'ADDRESS', label: 'Address' },
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
            title="Could not load the terminals"
          />
        ) : (
          <Controller
            control={control}
            name={`${name}.terminalId`}
            render={({ field }) => (
              <Select
                label={`${noun} terminal`}
                description="Port terminal, holding bay or inland depot. Type to search."
                placeholder={terminals.isPending ? 'Loading terminals...' : 'Choose a terminal'}
                disabled={terminals.isPending}
                searchable
                data={options}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={placeErrors?.terminalId?.message}
                nothingFoundMessage="No terminal by that name"
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
            label="Street"
            placeholder="12 Wharf Road"
            error={placeErrors?.address?.street?.message}
            {...register(`${name}.address.street`)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Neighbourhood (optional)"
              error={placeErrors?.address?.neighborhood?.message}
              {...register(`${name}.address.neighborhood`)}
            />
            <StateLgaFormFields name={`${name}.address`} />
            <TextInput
              label="City"
              placeholder="Apapa"
              error={placeErrors?.address?.city?.message}
              {...register(`${name}.address.city`)}
            />
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
