import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  CONTAINER_SIZE_LABELS,
  CONTAINER_SIZES,
  dailyRateKoboField,
  freeDaysField,
  koboToNairaInput,
  nairaToKobo,
  type AdminShippingLine,
  type ContainerSize,
  type TariffInput,
} from '@freightlane/domain';
import { useMemo } from 'react';
import { useForm, type FieldErrors, type UseFormRegister, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { TableFrame } from '../../../components/table-frame';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useSetShippingLineTariffs } from '../api/reference-data-api';

const RATE_HINT = 'Enter the rate in naira, e.g. 38000';

interface TariffRowValues {
  containerSize: ContainerSize;
  freeDays: string;
  demurrage: string;
  detention: string;
}
interface TariffFormValues {
  tariffs: TariffRowValues[];
}

/** A row's figures checked with the domain's rules, the rates read from naira into kobo. */
function checkRow(
  row: TariffRowValues,
  required: boolean,
  ctx: z.RefinementCtx,
  i: number,
): TariffInput | null {
  const blank = !row.freeDays.trim() && !row.demurrage.trim() && !row.detention.trim();
  if (blank && !required) return null;
  const issue = (field: keyof TariffRowValues, message: string) =>
    ctx.addIssue({ code: 'custom', path: ['tariffs', i, field], message });

  const freeDaysText = row.freeDays.trim();
  const freeDays = freeDaysField.safeParse(/^\d+$/.test(freeDaysText) ? Number(freeDaysText) : Number.NaN);
  if (!freeDaysText) issue('freeDays', 'Enter the free days');
  else if (!freeDays.success) issue('freeDays', freeDays.error.issues[0]!.message);

  const rates = (['demurrage', 'detention'] as const).map((field) => {
    const text = row[field].trim();
    const kobo = text ? nairaToKobo(text) : null;
    if (kobo === null) {
      issue(field, text ? RATE_HINT : `Enter the ${field} a day`);
      return null;
    }
    const checked = dailyRateKoboField.safeParse(kobo);
    if (!checked.success) issue(field, checked.error.issues[0]!.message);
    return checked.success ? checked.data : null;
  });
  if (!freeDays.success || rates.includes(null)) return null;
  return {
    containerSize: row.containerSize,
    freeDays: freeDays.data,
    demurrageKoboPerDay: rates[0]!,
    detentionKoboPerDay: rates[1]!,
  };
}

/**
 * Every size is a row. A size without a tariff may stay blank; a size that has one keeps one (the API
 * has no way to remove it, and a blank would read as "free for ever").
 */
function tariffFormSchema(sizesWithTariff: ReadonlySet<ContainerSize>) {
  const row = z.object({
    containerSize: z.enum(CONTAINER_SIZES),
    freeDays: z.string(),
    demurrage: z.string(),
    detention: z.string(),
  });
  return z.object({ tariffs: z.array(row) }).transform((values, ctx) => {
    const tariffs = values.tariffs.flatMap((r, i) => {
      const checked = checkRow(r, sizesWithTariff.has(r.containerSize), ctx, i);
      return checked ? [checked] : [];
    });
    const blank = values.tariffs.every(
      (r) => !r.freeDays.trim() && !r.demurrage.trim() && !r.detention.trim(),
    );
    if (blank) {
      ctx.addIssue({
        code: 'custom',
        path: ['tariffs', 0, 'freeDays'],
        message: 'Enter the free days and rates of at least one size',
      });
    }
    return { tariffs };
  });
}

function formValues(line: AdminShippingLine): TariffFormValues {
  const bySize = new Map(line.tariffs.map((t) => [t.containerSize, t]));
  return {
    tariffs: CONTAINER_SIZES.map((containerSize) => {
      const t = bySize.get(containerSize);
      return {
        containerSize,
        freeDays: t ? String(t.freeDays) : '',
        demurrage: t ? koboToNairaInput(t.demurrageKoboPerDay) : '',
        detention: t ? koboToNairaInput(t.detentionKoboPerDay) : '',
      };
    }),
  };
}

const FORM_FIELD_OF: Record<string, keyof TariffRowValues> = {
  freeDays: 'freeDays',
  demurrageKoboPerDay: 'demurrage',
  detentionKoboPerDay: 'detention',
};

/**
 * Puts the server's messages under their inputs. The server counts the rows sent (blank sizes are not
 * sent) and names the rates in kobo; the form has a row per size and holds the rates as naira.
 */
function placeServerErrors(
  error: unknown,
  sent: readonly TariffInput[],
  setError: UseFormSetError<TariffFormValues>,
): void {
  if (!(error instanceof ApiError)) return;
  let placed = false;
  for (const { field, message } of error.errors) {
    const match = /^tariffs\.(\d+)\.(\w+)$/.exec(field);
    const size = match ? sent[Number(match[1])]?.containerSize : undefined;
    const formField = match ? FORM_FIELD_OF[match[2]!] : undefined;
    if (!size || !formField) continue;
    setError(
      `tariffs.${CONTAINER_SIZES.indexOf(size)}.${formField}`,
      { type: 'server', message },
      { shouldFocus: !placed },
    );
    placed = true;
  }
}

interface RowProps {
  index: number;
  size: ContainerSize;
  register: UseFormRegister<TariffFormValues>;
  errors: FieldErrors<TariffFormValues>;
}

function rowErrors({ errors, index }: Pick<RowProps, 'errors' | 'index'>) {
  const row = errors.tariffs?.[index];
  return {
    freeDays: row?.freeDays?.message,
    demurrage: row?.demurrage?.message,
    detention: row?.detention?.message,
  };
}

/** A row's text cells, level with the text inside the row's inputs. */
const LEVEL_WITH_INPUTS = {
  verticalAlign: 'top',
  paddingTop: 'calc(var(--mantine-spacing-xs) + 8px)',
} as const;

const numberStyle = { input: { fontVariantNumeric: 'tabular-nums', textAlign: 'right' as const } };

function TableRow({ index, size, register, errors, updatedAt }: RowProps & { updatedAt: string | null }) {
  const label = CONTAINER_SIZE_LABELS[size];
  const error = rowErrors({ errors, index });
  return (
    <Table.Tr>
      {/* Level with the text of its inputs, also when an error under one of them makes the row taller. */}
      <Table.Th scope="row" data-keep style={LEVEL_WITH_INPUTS}>
        {label}
      </Table.Th>
      <Table.Td>
        <TextInput
          aria-label={`${label}: free days`}
          inputMode="numeric"
          styles={numberStyle}
          error={error.freeDays}
          {...register(`tariffs.${index}.freeDays`)}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`${label}: demurrage a day in naira`}
          inputMode="decimal"
          leftSection="₦"
          styles={numberStyle}
          error={error.demurrage}
          {...register(`tariffs.${index}.demurrage`)}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`${label}: detention a day in naira`}
          inputMode="decimal"
          leftSection="₦"
          styles={numberStyle}
          error={error.detention}
          {...register(`tariffs.${index}.detention`)}
        />
      </Table.Td>
      <Table.Td data-keep style={LEVEL_WITH_INPUTS}>
        <Text size="sm" c="dimmed">
          {updatedAt ? formatDateTime(updatedAt) : 'Not set'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function SizeCard({ index, size, register, errors, updatedAt }: RowProps & { updatedAt: string | null }) {
  const label = CONTAINER_SIZE_LABELS[size];
  const error = rowErrors({ errors, index });
  return (
    <Card withBorder radius="md" padding="md" component="fieldset" style={{ margin: 0 }}>
      <Text component="legend" fw={700} px={4}>
        {label}
      </Text>
      <Stack gap="sm">
        <TextInput
          label="Free days"
          inputMode="numeric"
          error={error.freeDays}
          {...register(`tariffs.${index}.freeDays`)}
        />
        <TextInput
          label="Demurrage a day (₦)"
          inputMode="decimal"
          error={error.demurrage}
          {...register(`tariffs.${index}.demurrage`)}
        />
        <TextInput
          label="Detention a day (₦)"
          inputMode="decimal"
          error={error.detention}
          {...register(`tariffs.${index}.detention`)}
        />
        <Text size="xs" c="dimmed">
          {updatedAt ? `Last changed ${formatDateTime(updatedAt)}` : 'No tariff yet'}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * The line's free days and daily demurrage and detention for each container size, edited in place:
 * a table on wide screens, one card per size on phones. Rates are typed in naira and sent in kobo.
 */
export function TariffForm({ line }: { line: AdminShippingLine }) {
  const isWide = useBreakpoint('md');
  const save = useSetShippingLineTariffs(line.id);
  const sizesWithTariff = useMemo(() => new Set(line.tariffs.map((t) => t.containerSize)), [line.tariffs]);
  const schema = useMemo(() => tariffFormSchema(sizesWithTariff), [sizesWithTariff]);
  const updatedAtOf = (size: ContainerSize) =>
    line.tariffs.find((t) => t.containerSize === size)?.updatedAt ?? null;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<TariffFormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: formValues(line),
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      reset(formValues(saved));
      notifySuccess(`The tariffs of ${line.name} are saved.`);
    } catch (error) {
      placeServerErrors(error, body.tariffs, setError);
      notifyError(error, 'Tariffs not saved');
    }
  });

  const rows = CONTAINER_SIZES.map((size, index) => ({ size, index, updatedAt: updatedAtOf(size) }));

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tariffs-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="tariffs-title">
              Tariffs
            </Title>
            <Text size="sm" c="dimmed">
              Free days before charges start, then demurrage a day while the full container waits at the
              terminal and detention a day until the empty is returned. Up to 60 free days; rates up to
              ₦10,000,000.00 a day.
            </Text>
          </div>
          {line.tariffs.length === 0 ? (
            <Alert color="orange" title="No tariffs yet">
              Enter the free days and rates of each size this line carries. Sizes left blank stay without a
              tariff.
            </Alert>
          ) : null}
          {isWide ? (
            <TableFrame label={`Tariffs of ${line.name}`} highlightOnHover={false}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Container size</Table.Th>
                  <Table.Th scope="col">Free days</Table.Th>
                  <Table.Th scope="col">Demurrage a day</Table.Th>
                  <Table.Th scope="col">Detention a day</Table.Th>
                  <Table.Th scope="col">Last changed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <TableRow key={row.size} {...row} register={register} errors={errors} />
                ))}
              </Table.Tbody>
            </TableFrame>
          ) : (
            <SimpleGrid cols={1} spacing="md">
              {rows.map((row) => (
                <SizeCard key={row.size} {...row} register={register} errors={errors} />
              ))}
            </SimpleGrid>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => reset(formValues(line))}
              disabled={!isDirty || isSubmitting}
            >
              Undo changes
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Save tariffs
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
