import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useFleetRecord, type FleetRecordOf } from '../api/fleet-api';
import type { FleetKind } from '../api/fleet-keys';
import { useFleetText } from '../text';
import { FleetPageShell } from './fleet-page-shell';
import { SetActiveButton } from './set-active-button';

/**
 * A saved fleet record (the `:id` of the address): its name as the heading, Deactivate/Reactivate,
 * and the page's sections once loaded.
 */
export function FleetRecordPage<K extends FleetKind>({
  kind,
  backTo,
  backLabel,
  nameOf,
  describe,
  children,
}: {
  kind: K;
  backTo: string;
  backLabel: string;
  nameOf: (record: FleetRecordOf[K]) => string;
  describe: (record: FleetRecordOf[K]) => ReactNode;
  children: (record: FleetRecordOf[K]) => ReactNode;
}) {
  const t = useFleetText();
  const { id = '' } = useParams();
  const record = useFleetRecord(kind, id);
  const data = record.data as (FleetRecordOf[K] & { id: string; active: boolean }) | undefined;
  const name = data ? nameOf(data) : '';
  usePageTitle(name || backLabel);

  if (record.isPending) {
    return (
      <FleetPageShell backTo={backTo} backLabel={backLabel} title={t('record.loadingTitle', { kind })}>
        <Stack gap="md" role="status" aria-label={t('record.loadingAria', { kind })}>
          <Skeleton h={180} radius="md" />
          <Skeleton h={180} radius="md" />
        </Stack>
      </FleetPageShell>
    );
  }
  if (record.isError || !data) {
    return (
      <FleetPageShell backTo={backTo} backLabel={backLabel} title={t('record.openFailed', { kind })}>
        <QueryError
          error={record.error}
          onRetry={() => void record.refetch()}
          title={t('record.loadFailed', { kind })}
        />
      </FleetPageShell>
    );
  }
  return (
    <FleetPageShell
      backTo={backTo}
      backLabel={backLabel}
      title={name}
      description={describe(data)}
      action={<SetActiveButton kind={kind} id={data.id} active={data.active} name={name} />}
    >
      <Stack gap="md">
        {data.active ? null : (
          <Alert
            color="gray"
            icon={<IconPlayerPause aria-hidden />}
            title={t('record.inactiveTitle', { kind })}
          >
            {t('record.inactiveText', { kind })}
          </Alert>
        )}
        {children(data)}
      </Stack>
    </FleetPageShell>
  );
}
