import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useFleetRecord, type FleetRecordOf } from '../api/fleet-api';
import type { FleetKind } from '../api/fleet-keys';
import { FleetPageShell } from './fleet-page-shell';
import { SetActiveButton } from './set-active-button';

/**
 * A saved fleet record (the `:id` of the address): its name as the heading, Deactivate/Reactivate,
 * and the page's sections once loaded.
 */
export function FleetRecordPage<K extends FleetKind>({
  kind,
  noun,
  backTo,
  backLabel,
  nameOf,
  describe,
  inactiveText = 'It cannot be given new trips until you reactivate it.',
  children,
}: {
  kind: K;
  /** The kind in a sentence: 'truck', 'driver'. */
  noun: string;
  backTo: string;
  backLabel: string;
  nameOf: (record: FleetRecordOf[K]) => string;
  describe: (record: FleetRecordOf[K]) => ReactNode;
  /** What being inactive means for this kind. */
  inactiveText?: string;
  children: (record: FleetRecordOf[K]) => ReactNode;
}) {
  const { id = '' } = useParams();
  const record = useFleetRecord(kind, id);
  const data = record.data as (FleetRecordOf[K] & { id: string; active: boolean }) | undefined;
  const name = data ? nameOf(data) : '';
  usePageTitle(name || backLabel);

  if (record.isPending) {
    return (
      <FleetPageShell backTo={backTo} backLabel={backLabel} title={`Loading ${noun}...`}>
        <Stack gap="md" role="status" aria-label={`Loading the ${noun}`}>
          <Skeleton h={180} radius="md" />
          <Skeleton h={180} radius="md" />
        </Stack>
      </FleetPageShell>
    );
  }
  if (record.isError || !data) {
    return (
      <FleetPageShell backTo={backTo} backLabel={backLabel} title={`Could not open this ${noun}`}>
        <QueryError
          error={record.error}
          onRetry={() => void record.refetch()}
          title={`Could not load the ${noun}`}
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
          <Alert color="gray" icon={<IconPlayerPause aria-hidden />} title={`This ${noun} is inactive`}>
            {inactiveText}
          </Alert>
        )}
        {children(data)}
      </Stack>
    </FleetPageShell>
  );
}
