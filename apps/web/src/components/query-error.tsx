import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../lib/api';

/** A failed load: the server's message and a way to try again. */
export function QueryError({
  error,
  onRetry,
  title = 'Could not load this',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Alert color="red" title={title} icon={<IconAlertCircle aria-hidden />}>
      {errorMessage(error)}
      {onRetry ? (
        <Button mt="sm" size="xs" variant="white" color="red" onClick={onRetry} display="block">
          Try again
        </Button>
      ) : null}
    </Alert>
  );
}
