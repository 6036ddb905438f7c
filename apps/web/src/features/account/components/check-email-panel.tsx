import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useResendActivation } from '../api/account-api';

/** After sign-up: where the activation link went, and a way to send it again. */
export function CheckEmailPanel({ email, onStartOver }: { email: string; onStartOver: () => void }) {
  const resend = useResendActivation();
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconMailCheck aria-hidden />} title="Your account is created">
        We have sent an activation link to <strong>{email}</strong>. Open it to activate your account, then
        sign in.
      </Alert>
      <Text size="sm" c="dimmed">
        The e-mail can take a few minutes. Nothing after ten minutes? Check your spam folder, or send it
        again.
      </Text>
      <Group gap="sm">
        <Button
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(
              { email },
              {
                onSuccess: ({ message }) => notifySuccess(message, 'Activation e-mail sent'),
                onError: (error) => notifyError(error, 'Could not resend'),
              },
            )
          }
        >
          Resend activation e-mail
        </Button>
        <Button variant="default" onClick={onStartOver}>
          Use another e-mail
        </Button>
      </Group>
    </Stack>
  );
}
