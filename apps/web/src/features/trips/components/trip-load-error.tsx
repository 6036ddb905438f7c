import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconMapPinOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { EmptyList } from '../../../components/empty-list';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api';
import { useTripComponentsText } from './text';

/** The way back above a trip's pages: to the list, or from a page of the trip to the trip. */
export function TripBackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}

/**
 * A trip's page when the trip could not be loaded: not found (another company's trip answers 404 too),
 * or a failure worth another try.
 */
export function TripLoadError({
  error,
  onRetry,
  backLink,
}: {
  error: Error;
  onRetry: () => void;
  backLink: ReactNode;
}) {
  const t = useTripComponentsText();
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Stack gap="md">
      {backLink}
      {notFound ? (
        <>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('loadError.notFound')}
          </Title>
          <EmptyList
            icon={IconMapPinOff}
            action={
              <Button component={Link} to={PATHS.trips} variant="light">
                {t('loadError.backToTrips')}
              </Button>
            }
          >
            {t('loadError.notFoundText')}
          </EmptyList>
        </>
      ) : (
        <QueryError error={error} onRetry={onRetry} title={t('loadError.failed')} />
      )}
    </Stack>
  );
}
