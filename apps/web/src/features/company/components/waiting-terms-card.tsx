import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  WAITING_FREE_HOURS_MAX,
  koboToNairaInput,
  nairaToKobo,
  updateWaitingTermsRequest,
  type WaitingTermsView,
} from '@freightlane/domain';
import { useMemo } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateWaitingTerms, useWaitingTerms } from '../api/waiting-terms-api';
import { useCompanyText } from '../text';

type CompanyText = ReturnType<typeof useCompanyText>;

/**
 * The form holds hours and naira as typed; the contract's rules check them once read into numbers and kobo.
 * Its own messages are in the reader's language, so it is made with the page's text.
 */
const waitingTermsFormOf = (t: CompanyText) =>
  z.object({
    freeHours: z
      .string()
      .trim()
      .min(1, t('waiting.freeHoursMissing'))
      .regex(/^\d+$/, t('waiting.freeHoursWhole'))
      .transform(Number)
      .pipe(updateWaitingTermsRequest.shape.freeHours),
    rate: z
      .string()
      .trim()
      .transform((text, ctx) => {
        if (!text) return null;
        const kobo = nairaToKobo(text);
        if (kobo === null) {
          ctx.addIssue({ code: 'custom', message: t('waiting.rateInvalid') });
          return z.NEVER;
        }
        return kobo;
      })
      .pipe(updateWaitingTermsRequest.shape.rateKoboPerHour),
  });
type Input = z.input<ReturnType<typeof waitingTermsFormOf>>;
type Output = z.output<ReturnType<typeof waitingTermsFormOf>>;

function formValues(terms: WaitingTermsView): Input {
  return { freeHours: String(terms.freeHours), rate: koboToNairaInput(terms.rateKoboPerHour) };
}

/** The server names the rate in kobo; the form holds it as naira under `rate`. */
function placeServerErrors(error: unknown, setError: UseFormSetError<Input>) {
  if (!(error instanceof ApiError)) return;
  const renamed = new ApiError(
    error.status,
    error.message,
    error.code,
    error.errors.map((e) => ({ ...e, field: e.field === 'rateKoboPerHour' ? 'rate' : e.field })),
  );
  applyServerFieldErrors(renamed, setError, ['freeHours', 'rate']);
}

function WaitingTermsForm({ terms }: { terms: WaitingTermsView }) {
  const t = useCompanyText();
  const schema = useMemo(() => waitingTermsFormOf(t), [t]);
  const update = useUpdateWaitingTerms();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: formValues(terms),
  });

  const onSubmit = handleSubmit(async ({ freeHours, rate }) => {
    try {
      const saved = await update.mutateAsync({ freeHours, rateKoboPerHour: rate });
      reset(formValues(saved));
      notifySuccess(saved.rateKoboPerHour === null ? t('waiting.savedUncharged') : t('waiting.saved'));
    } catch (error) {
      placeServerErrors(error, setError);
      notifyError(error, t('waiting.notSaved'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('waiting.freeHours')}
            description={t('waiting.freeHoursHint', { max: WAITING_FREE_HOURS_MAX })}
            inputMode="numeric"
            required
            error={errors.freeHours?.message}
            {...register('freeHours')}
          />
          <TextInput
            label={t('waiting.rate')}
            description={t('waiting.rateHint')}
            inputMode="decimal"
            leftSection="₦"
            error={errors.rate?.message}
            styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
            {...register('rate')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {t('waiting.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A transporter's waiting terms: time at pickup (arrived to loaded) or at delivery (arrived to
 * delivered) beyond the free hours is proposed to the customer as a charge at this rate per started hour.
 */
export function WaitingTermsCard() {
  const t = useCompanyText();
  const terms = useWaitingTerms();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="waiting-terms-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="waiting-terms-title">
            {t('waiting.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('waiting.text')}
          </Text>
        </div>
        {terms.isPending ? (
          <Skeleton h={84} radius="md" role="status" aria-label={t('waiting.loading')} />
        ) : terms.isError ? (
          <QueryError
            error={terms.error}
            onRetry={() => void terms.refetch()}
            title={t('waiting.loadFailed')}
          />
        ) : (
          <WaitingTermsForm terms={terms.data} />
        )}
      </Stack>
    </Card>
  );
}
