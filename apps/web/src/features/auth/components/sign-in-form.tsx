import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { loginRequest } from '@freightlane/domain';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useResendActivation } from '../../account';
import { useSignIn } from '../api/use-sign-in';
import { useAuthText } from '../text';

type Input = z.input<typeof loginRequest>;
type Output = z.output<typeof loginRequest>;

export function SignInForm() {
  const t = useAuthText();
  const signIn = useSignIn();
  const resend = useResendActivation();
  const [notActivated, setNotActivated] = useState<{ message: string; email: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(loginRequest),
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setNotActivated(null);
    try {
      // On success the session changes and the page sends the user to their home.
      await signIn.mutateAsync(values);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ACCOUNT_NOT_ACTIVATED') {
        setNotActivated({ message: error.message, email: values.username });
      }
      applyServerFieldErrors(error, setError, ['username', 'password']);
      notifyError(error, t('form.failed'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {notActivated ? (
          <Alert color="orange" title={t('form.notActivated')} role="alert">
            {notActivated.message}
            <Button
              mt="sm"
              display="block"
              size="sm"
              leftSection={<IconMailForward size={18} aria-hidden />}
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(
                  { email: notActivated.email },
                  {
                    onSuccess: ({ message }) => notifySuccess(message, t('form.resent')),
                    onError: (error) => notifyError(error, t('form.resendFailed')),
                  },
                )
              }
            >
              {t('form.resend')}
            </Button>
          </Alert>
        ) : null}
        <TextInput
          label={t('form.email')}
          type="email"
          autoComplete="username"
          required
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordField
          label={t('form.password')}
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/resetpassword" size="sm">
            {t('form.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" loading={isSubmitting} fullWidth>
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
