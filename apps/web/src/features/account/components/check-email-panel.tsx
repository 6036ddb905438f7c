import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useResendActivation } from '../api/account-api';

/**
 * After sign-up: where the e-mail went, and a way to send it again. Sign-up answers a registered address
 * as it answers a new one (its owner is told by e-mail instead), so this never claims an account was made.
 */
export function CheckEmailPanel({ email, onStartOver }: { email: string; onStartOver: () => void }) {
  const resend = useResendActivation();
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconMailCheck aria-hidden />} title="One more step">
        We have sent an e-mail to <strong>{email}</strong>. Open the activation link in it to activate your
        account, then sign in.
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
