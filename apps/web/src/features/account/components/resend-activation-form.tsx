import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { resendActivationRequest } from '@freightlane/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notifyError } from '../../../lib/notify';
import { useResendActivation } from '../api/account-api';
import { useAccountText } from '../text';

type Input = z.input<typeof resendActivationRequest>;
type Output = z.output<typeof resendActivationRequest>;

/** Asks for a fresh activation e-mail. */
export function ResendActivationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const t = useAccountText();
  const resend = useResendActivation();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(resendActivationRequest),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await resend.mutateAsync(values);
      setSentMessage(message);
    } catch (error) {
      notifyError(error, t('resendForm.failed'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('resendForm.email')}
          type="email"
          autoComplete="email"
          required
          description={t('resendForm.emailHint')}
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" loading={isSubmitting}>
          {t('resendForm.submit')}
        </Button>
        {sentMessage ? (
          <Alert color="green" role="status">
            {sentMessage}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
