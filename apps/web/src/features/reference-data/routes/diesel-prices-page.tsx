import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  formatMoney,
  lagosToday,
  nairaToKobo,
  recordDieselPriceRequest,
  type DieselPriceEntry,
} from '@freightlane/domain';
import { IconGasStation } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { EmptyList } from '../../../components/empty-list';
import { FormDateInput } from '../../../components/form-inputs';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { ApiError } from '../../../lib/api';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDieselPrices, useRecordDieselPrice } from '../api/reference-data-api';
import { ReferenceNav } from '../components/reference-nav';

/** The price is typed in naira with kobo and sent in kobo; the domain's checks then apply as the API's do. */
const dieselFormSchema = z.object({
  price: z
    .string()
    .trim()
    .min(1, 'Enter the price per litre')
    .refine((value) => nairaToKobo(value) !== null, 'Enter the price in naira, e.g. 1,250.50')
    .transform((value) => nairaToKobo(value)!)
    .pipe(recordDieselPriceRequest.shape.koboPerLitre),
  asOf: z
    .string()
    .trim()
    .min(1, 'Enter the date the price was seen')
    .pipe(recordDieselPriceRequest.shape.asOf),
});
type Input = z.input<typeof dieselFormSchema>;
type Output = z.output<typeof dieselFormSchema>;

/** The server names the price in kobo; the form holds it as typed naira. */
const FORM_FIELD_OF: Record<string, keyof Input> = { koboPerLitre: 'price', asOf: 'asOf' };

const emptyForm = (): Input => ({ price: '', asOf: lagosToday() });

function RecordPriceForm() {
  const record = useRecordDieselPrice();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(dieselFormSchema),
    mode: 'onTouched',
    defaultValues: emptyForm(),
  });

  const onSubmit = handleSubmit(async ({ price, asOf }) => {
    try {
      const saved = await record.mutateAsync({ koboPerLitre: price, asOf });
      reset(emptyForm());
      notifySuccess(
        `Diesel at ${formatMoney(saved.koboPerLitre)} a litre on ${formatCalendarDate(saved.asOf)} is recorded.`,
      );
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { field, message } of error.errors) {
          const formField = FORM_FIELD_OF[field.replace(/^body\./, '')];
          if (formField) setError(formField, { type: 'server', message });
        }
      }
      notifyError(error, 'Diesel price not recorded');
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" maw={720} component="section" aria-labelledby="record-diesel">
      <Title order={2} fz="lg" mb="sm" id="record-diesel">
        Record a price
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Price per litre"
              description="The pump price in naira, e.g. 1,250.50"
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              leftSection={<Text size="sm">₦</Text>}
              error={errors.price?.message}
              {...register('price')}
            />
            <FormDateInput<Input, Output>
              control={control}
              name="asOf"
              label="Seen on"
              description="The day the price was seen; not a day ahead"
              withAsterisk
              maxDate={lagosToday()}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              Record price
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const COLUMNS: DataColumn<DieselPriceEntry>[] = [
  { key: 'asOf', header: 'Date', keep: true, cell: (entry) => formatCalendarDate(entry.asOf) },
  {
    key: 'price',
    header: 'Per litre',
    align: 'right',
    keep: true,
    cell: (entry) => formatMoney(entry.koboPerLitre),
  },
  { key: 'by', header: 'Recorded by', cell: (entry) => entry.recordedBy?.name ?? '—' },
  { key: 'at', header: 'Recorded', keep: true, cell: (entry) => formatDateTime(entry.recordedAt) },
];

/**
 * /admin/reference/diesel-prices: the pump price of diesel per litre by the day it was seen. The latest
 * day's is shown beside every lane's band of awarded prices, so a band is read against what a litre costs.
 */
export function DieselPricesPage() {
  usePageTitle('Diesel price');
  const prices = useDieselPrices();
  return (
    <>
      <ReferenceNav current="Diesel price" />
      <PageHeader
        title="Diesel price"
        description="The pump price per litre, one national figure. The latest date's price is shown beside the lane rates customers and transporters read."
      />
      <Stack gap="xl">
        <RecordPriceForm />
        <Stack gap="sm" component="section" aria-labelledby="recorded-diesel">
          <Title order={2} fz="lg" id="recorded-diesel">
            Recorded prices
          </Title>
          <QueryList
            query={prices}
            skeleton={<ListSkeleton label="Loading the diesel prices" height={48} />}
            failure="Could not load the diesel prices"
            empty={
              <EmptyList icon={IconGasStation}>
                No diesel price is recorded yet. Lane rates show without one until the first is.
              </EmptyList>
            }
          >
            {(rows) => (
              <DataTable
                label="Recorded diesel prices"
                columns={COLUMNS}
                rows={rows}
                rowKey={(entry) => entry.id}
              />
            )}
          </QueryList>
        </Stack>
      </Stack>
    </>
  );
}
