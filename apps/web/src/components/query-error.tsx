import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../lib/api';
import { useComponentsText } from './text';

/** A failed load: the server's message and a way to try again. */
export function QueryError({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const t = useComponentsText();
  return (
    <Alert color="red" title={title ?? t('queryError.title')} icon={<IconAlertCircle aria-hidden />}>
      {errorMessage(error)}
      {onRetry ? (
        <Button mt="sm" size="xs" variant="white" color="red" onClick={onRetry} display="block">
          {t('queryError.retry')}
        </Button>
      ) : null}
    </Alert>
  );
}
