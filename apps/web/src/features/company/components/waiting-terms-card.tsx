import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  WAITING_FREE_HOURS_MAX,
  koboToNairaInput,
  nairaToKobo,
  updateWaitingTermsRequest,
  type WaitingTermsView,
} from '@freightlane/domain';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateWaitingTerms, useWaitingTerms } from '../api/waiting-terms-api';

/** The form holds hours and naira as typed; the contract's rules check them once read into numbers and kobo. */
const waitingTermsForm = z.object({
  freeHours: z
    .string()
    .trim()
    .min(1, 'Enter the free hours')
    .regex(/^\d+$/, 'Free hours are whole hours, e.g. 12')
    .transform(Number)
    .pipe(updateWaitingTermsRequest.shape.freeHours),
  rate: z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (!text) return null;
      const kobo = nairaToKobo(text);
      if (kobo === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter the rate in naira, e.g. 5000, or leave it empty' });
        return z.NEVER;
      }
      return kobo;
    })
    .pipe(updateWaitingTermsRequest.shape.rateKoboPerHour),
});
type Input = z.input<typeof waitingTermsForm>;
type Output = z.output<typeof waitingTermsForm>;

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
  const update = useUpdateWaitingTerms();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(waitingTermsForm),
    mode: 'onTouched',
    defaultValues: formValues(terms),
  });

  const onSubmit = handleSubmit(async ({ freeHours, rate }) => {
    try {
      const saved = await update.mutateAsync({ freeHours, rateKoboPerHour: rate });
      reset(formValues(saved));
      notifySuccess(
        saved.rateKoboPerHour === null
          ? 'Your waiting terms are saved. Waiting is not charged.'
          : 'Your waiting terms are saved. They apply to waits from now on.',
      );
    } catch (error) {
      placeServerErrors(error, setError);
      notifyError(error, 'Waiting terms not saved');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Free hours per stop"
            description={`Whole hours, at most ${WAITING_FREE_HOURS_MAX}`}
            inputMode="numeric"
            required
            error={errors.freeHours?.message}
            {...register('freeHours')}
          />
          <TextInput
            label="Rate per started hour (₦)"
            description="Leave empty to not charge for waiting"
            inputMode="decimal"
            leftSection="₦"
            error={errors.rate?.message}
            styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
            {...register('rate')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Save waiting terms
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
  const terms = useWaitingTerms();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="waiting-terms-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="waiting-terms-title">
            Waiting time
          </Title>
          <Text size="sm" c="dimmed">
            When a truck waits at pickup until it is loaded, or at delivery until the cargo is handed over,
            for longer than the free hours, each started hour beyond them is proposed to the customer as a
            charge on the trip&apos;s invoice. The customer accepts or disputes it.
          </Text>
        </div>
        {terms.isPending ? (
          <Skeleton h={84} radius="md" role="status" aria-label="Loading the waiting terms" />
        ) : terms.isError ? (
          <QueryError
            error={terms.error}
            onRetry={() => void terms.refetch()}
            title="Could not load the waiting terms"
          />
        ) : (
          <WaitingTermsForm terms={terms.data} />
        )}
      </Stack>
    </Card>
  );
}
