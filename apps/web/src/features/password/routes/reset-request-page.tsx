import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { passwordResetInitiateRequest } from '@freightlane/domain';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { OnboardingLayout } from '../../../components/onboarding-layout';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifyError } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRequestPasswordReset } from '../api/password-api';
import { usePasswordText } from '../text';

type Input = z.input<typeof passwordResetInitiateRequest>;
type Output = z.output<typeof passwordResetInitiateRequest>;

/** /resetpassword: asks for the e-mail and sends a reset link. */
export function ResetRequestPage() {
  const t = usePasswordText();
  usePageTitle(t('resetRequest.pageTitle'));
  const requestReset = useRequestPasswordReset();
  const [sent, setSent] = useState<{ message: string; email: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(passwordResetInitiateRequest),
    mode: 'onTouched',
    defaultValues: { username: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await requestReset.mutateAsync(values);
      setSent({ message, email: values.username });
    } catch (error) {
      applyServerFieldErrors(error, setError, ['username']);
      notifyError(error, t('resetRequest.failed'));
    }
  });

  return (
    <OnboardingLayout title={t('resetRequest.heading')} action="signin" narrow>
      {sent ? (
        <Stack gap="md">
          <Alert color="green" icon={<IconMailCheck aria-hidden />} role="status">
            {sent.message}
          </Alert>
          <Text size="sm" c="dimmed">
            {t('resetRequest.sentHint')}
          </Text>
          <Button
            variant="default"
            onClick={() => {
              reset({ username: sent.email });
              setSent(null);
            }}
          >
            {t('resetRequest.retry')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text>{t('resetRequest.intro')}</Text>
            <TextInput
              label={t('resetRequest.email')}
              type="email"
              autoComplete="email"
              required
              error={errors.username?.message}
              {...register('username')}
            />
            <Button type="submit" size="md" loading={isSubmitting} fullWidth>
              {t('resetRequest.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </OnboardingLayout>
  );
}
