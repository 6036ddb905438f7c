import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useResendActivation } from '../api/account-api';
import { useAccountText } from '../text';
import { TextWith } from './text-with';

/**
 * After sign-up: where the e-mail went, and a way to send it again. Sign-up answers a registered address
 * as it answers a new one (its owner is told by e-mail instead), so this never claims an account was made.
 */
export function CheckEmailPanel({ email, onStartOver }: { email: string; onStartOver: () => void }) {
  const t = useAccountText();
  const resend = useResendActivation();
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconMailCheck aria-hidden />} title={t('checkEmail.title')}>
        <TextWith
          say={(values) => t('checkEmail.sent', values)}
          parts={{ email: <strong>{email}</strong> }}
        />
      </Alert>
      <Text size="sm" c="dimmed">
        {t('checkEmail.wait')}
      </Text>
      <Group gap="sm">
        <Button
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(
              { email },
              {
                onSuccess: ({ message }) => notifySuccess(message, t('checkEmail.resent')),
                onError: (error) => notifyError(error, t('checkEmail.resendFailed')),
              },
            )
          }
        >
          {t('checkEmail.resend')}
        </Button>
        <Button variant="default" onClick={onStartOver}>
          {t('checkEmail.startOver')}
        </Button>
      </Group>
    </Stack>
  );
}
