import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import {
  formatMoney,
  koboToNairaInput,
  MAX_MESSAGE_SPEND_CAP_KOBO,
  nairaToKobo,
  type MessageSpend,
} from '@freightlane/domain';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MessageSpendSection } from '../../../components/message-spend-figures';
import { ApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAdminMessageSpend, useSetMessageSpendCap } from '../api/message-spend-api';

/** The cap as typed in naira, read into kobo and checked by the contract's bounds. */
const capForm = z.object({
  cap: z
    .string()
    .trim()
    .transform((text, ctx) => {
      const kobo = text ? nairaToKobo(text) : null;
      if (kobo === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'Enter the monthly cap in naira, e.g. 50000, or 0 to stop messages',
        });
        return z.NEVER;
      }
      if (kobo > MAX_MESSAGE_SPEND_CAP_KOBO) {
        ctx.addIssue({
          code: 'custom',
          message: `The cap may be at most ${formatMoney(MAX_MESSAGE_SPEND_CAP_KOBO)}`,
        });
        return z.NEVER;
      }
      return kobo;
    }),
});
type Input = z.input<typeof capForm>;
type Output = z.output<typeof capForm>;

function CapForm({ companyId, spend }: { companyId: string; spend: MessageSpend }) {
  const setCap = useSetMessageSpendCap(companyId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(capForm),
    mode: 'onTouched',
    defaultValues: { cap: koboToNairaInput(spend.capKobo) },
  });

  async function save(capKobo: number | null) {
    try {
      const saved = await setCap.mutateAsync({ capKobo });
      reset({ cap: koboToNairaInput(saved.capKobo) });
      notifySuccess(
        saved.capIsDefault
          ? `The company is back on the platform default cap of ${formatMoney(saved.capKobo)} a month.`
          : `The company's cap is now ${formatMoney(saved.capKobo)} a month.`,
      );
    } catch (error) {
      if (error instanceof ApiError) {
        const message = error.errors.find((e) => e.field === 'capKobo')?.message;
        if (message) setError('cap', { message });
      }
      notifyError(error, 'Cap not saved');
    }
  }

  return (
    <form onSubmit={handleSubmit(({ cap }) => save(cap))} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Monthly cap (₦)"
          description="0 stops every paid SMS and WhatsApp message of the company"
          inputMode="decimal"
          leftSection="₦"
          required
          error={errors.cap?.message}
          styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          {...register('cap')}
        />
        <Group justify="flex-end" gap="sm">
          {spend.capIsDefault ? null : (
            <Button variant="subtle" disabled={isSubmitting} onClick={() => void save(null)}>
              Use the platform default
            </Button>
          )}
          <Button type="submit" loading={isSubmitting}>
            Save cap
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The back office's view of a company's SMS and WhatsApp spend, with its monthly cap to set. */
export function MessageSpendCapCard({ companyId }: { companyId: string }) {
  return (
    <MessageSpendSection
      spend={useAdminMessageSpend(companyId)}
      description="Paid messages past the cap are recorded as failed and not sent. A new cap applies at once; what is spent this month stays spent."
    >
      {(spend) => (
        <CapForm key={`${spend.capKobo}-${spend.capIsDefault}`} companyId={companyId} spend={spend} />
      )}
    </MessageSpendSection>
  );
}
