import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import {
  basisPointsToPercentText,
  commissionBasisPointsField,
  formatMoney,
  paymentTermsDaysField,
  percentTextToBasisPoints,
  type PlatformSettings,
} from '@freightlane/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePlatformSettings, useUpdatePlatformSettings } from '../api/reference-data-api';
import { ReferenceNav } from '../components/reference-nav';

const PERCENT_HINT = 'Enter the commission as a percent with up to two decimals, e.g. 5.25';
/** The trip price the example under the commission works out. */
const EXAMPLE_KOBO = 45_000_000;

/** The commission is typed as a percent and sent in basis points; the days as a whole number. */
const termsFormSchema = z.object({
  commissionPercent: z
    .string()
    .trim()
    .min(1, 'Enter the commission')
    .refine((value) => percentTextToBasisPoints(value) !== null, PERCENT_HINT)
    .transform((value) => percentTextToBasisPoints(value)!)
    .pipe(commissionBasisPointsField),
  paymentTermsDays: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Enter the payment terms in whole days')
    .transform(Number)
    .pipe(paymentTermsDaysField),
});
type Input = z.input<typeof termsFormSchema>;
type Output = z.output<typeof termsFormSchema>;

/** The server names the commission in basis points; the form holds it as a percent. */
const FORM_FIELD_OF: Record<string, keyof Input> = {
  commissionBasisPoints: 'commissionPercent',
  paymentTermsDays: 'paymentTermsDays',
};

function formValues(settings: PlatformSettings): Input {
  return {
    commissionPercent: basisPointsToPercentText(settings.commissionBasisPoints),
    paymentTermsDays: String(settings.paymentTermsDays),
  };
}

function lastChange(settings: PlatformSettings): string {
  if (!settings.updatedBy) return 'Not changed since Freightlane was set up.';
  return `Last changed ${formatDateTime(settings.updatedAt)} by ${settings.updatedBy.name}.`;
}

function TermsForm({ settings }: { settings: PlatformSettings }) {
  const save = useUpdatePlatformSettings();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(termsFormSchema),
    mode: 'onTouched',
    defaultValues: formValues(settings),
  });
  const typedBasisPoints = percentTextToBasisPoints(watch('commissionPercent') ?? '');
  const example =
    typedBasisPoints === null
      ? null
      : `On a trip of ${formatMoney(EXAMPLE_KOBO)}, Freightlane keeps ${formatMoney(
          Math.round((EXAMPLE_KOBO * typedBasisPoints) / 10_000),
        )}.`;

  const onSubmit = handleSubmit(async ({ commissionPercent, paymentTermsDays }) => {
    try {
      const saved = await save.mutateAsync({ commissionBasisPoints: commissionPercent, paymentTermsDays });
      reset(formValues(saved));
      notifySuccess('The platform terms are saved.');
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { field, message } of error.errors) {
          const formField = FORM_FIELD_OF[field];
          if (formField) setError(formField, { type: 'server', message });
        }
      }
      notifyError(error, 'Platform terms not saved');
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" maw={720}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Commission"
              description="Freightlane's share of what a customer pays: 0 % to 30 %"
              withAsterisk
              inputMode="decimal"
              rightSection="%"
              error={errors.commissionPercent?.message}
              {...register('commissionPercent')}
            />
            <TextInput
              label="Payment terms"
              description="Days a customer has to pay an invoice: 1 to 120"
              withAsterisk
              inputMode="numeric"
              rightSection={<Text size="sm">days</Text>}
              rightSectionWidth={48}
              error={errors.paymentTermsDays?.message}
              {...register('paymentTermsDays')}
            />
          </SimpleGrid>
          {example ? (
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {example}
            </Text>
          ) : null}
          <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
            New payment terms apply to the invoices raised from the next award on. Invoices already raised
            keep their due date.
          </Alert>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {lastChange(settings)}
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                onClick={() => reset(formValues(settings))}
                disabled={!isDirty || isSubmitting}
              >
                Undo changes
              </Button>
              <Button type="submit" loading={isSubmitting}>
                Save terms
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /admin/reference/platform-terms: the commission and the payment terms of invoices. */
export function PlatformTermsPage() {
  usePageTitle('Platform terms');
  const settings = usePlatformSettings();
  return (
    <>
      <ReferenceNav current="Platform terms" />
      <PageHeader
        title="Platform terms"
        description="The commission Freightlane takes and the days customers have to pay."
      />
      {settings.isPending ? (
        <Stack gap="md" role="status" aria-label="Loading the platform terms" maw={720}>
          <Skeleton h={220} radius="md" />
        </Stack>
      ) : settings.isError ? (
        <QueryError
          error={settings.error}
          onRetry={() => void settings.refetch()}
          title="Could not load the platform terms"
        />
      ) : (
        <TermsForm key={settings.data.updatedAt} settings={settings.data} />
      )}
    </>
  );
}
