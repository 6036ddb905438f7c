import { Button, type ButtonProps } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { NoticeDialog } from '../../../components/notice-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetFleetActive } from '../api/fleet-api';
import type { FleetKind } from '../api/fleet-keys';

/** What deactivating means for each kind, said in the confirmation. */
const CONSEQUENCES: Record<FleetKind, { deactivate: string; reactivate: string }> = {
  trucks: {
    deactivate:
      'It stays in your records and on its past trips, but cannot be given new trips until you reactivate it. On a trip that is not finished, replace it first.',
    reactivate: 'It can be given trips again.',
  },
  drivers: {
    deactivate:
      'The driver stays in your records and on past trips, but cannot be given new trips until you reactivate them. On a trip that is not finished, replace them first.',
    reactivate: 'The driver can be given trips again.',
  },
  motorBoys: {
    deactivate:
      'The motor boy stays in your records and on past trips, but cannot be given new trips until you reactivate them. On a trip that is not finished, replace or remove them first.',
    reactivate: 'The motor boy can be given trips again.',
  },
  managers: {
    deactivate:
      'The fleet manager stays in your records but cannot sign in or manage your fleet until you reactivate them.',
    reactivate: 'The fleet manager can sign in and manage your fleet again.',
  },
};

/** Deactivate or Reactivate, after a Yes in the spec's confirm dialog. */
export function SetActiveButton({
  kind,
  id,
  active,
  name,
  ...buttonProps
}: { kind: FleetKind; id: string; active: boolean; name: string } & Omit<ButtonProps, 'children'>) {
  const [asking, setAsking] = useState(false);
  const setActive = useSetFleetActive(kind);
  const verb = active ? 'Deactivate' : 'Reactivate';

  async function confirm() {
    try {
      await setActive.mutateAsync({ id, active: !active });
      notifySuccess(active ? `${name} is deactivated.` : `${name} is active again.`);
      setAsking(false);
    } catch (error) {
      setAsking(false);
      // The server's message says why, e.g. the trips a truck is still on.
      notifyError(error, `${name} not ${active ? 'deactivated' : 'reactivated'}`);
    }
  }

  return (
    <>
      <Button
        variant={active ? 'default' : 'light'}
        color={active ? undefined : 'green'}
        leftSection={
          active ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />
        }
        onClick={() => setAsking(true)}
        aria-label={`${verb} ${name}`}
        {...buttonProps}
      >
        {verb}
      </Button>
      <NoticeDialog
        opened={asking}
        title={`${verb} ${name}?`}
        buttons="yes-no"
        destructive={active}
        confirming={setActive.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => void confirm()}
      >
        {CONSEQUENCES[kind][active ? 'deactivate' : 'reactivate']}
      </NoticeDialog>
    </>
  );
}
