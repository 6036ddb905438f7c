import { Button, type ButtonProps } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { NoticeDialog } from '../../../components/notice-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetFleetActive } from '../api/fleet-api';
import type { FleetKind } from '../api/fleet-keys';
import { useFleetText, type FleetKey } from '../text';

/** What deactivating and reactivating mean for each kind, said in the confirmation. */
const CONSEQUENCES: Record<FleetKind, { deactivate: FleetKey; reactivate: FleetKey }> = {
  trucks: { deactivate: 'setActive.trucks.deactivate', reactivate: 'setActive.trucks.reactivate' },
  drivers: { deactivate: 'setActive.drivers.deactivate', reactivate: 'setActive.drivers.reactivate' },
  motorBoys: { deactivate: 'setActive.motorBoys.deactivate', reactivate: 'setActive.motorBoys.reactivate' },
  managers: { deactivate: 'setActive.managers.deactivate', reactivate: 'setActive.managers.reactivate' },
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
  const t = useFleetText();

  async function confirm() {
    try {
      await setActive.mutateAsync({ id, active: !active });
      notifySuccess(t(active ? 'setActive.deactivated' : 'setActive.reactivated', { name }));
      setAsking(false);
    } catch (error) {
      setAsking(false);
      // The server's message says why, e.g. the trips a truck is still on.
      notifyError(error, t(active ? 'setActive.notDeactivated' : 'setActive.notReactivated', { name }));
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
        aria-label={t(active ? 'setActive.deactivateAria' : 'setActive.reactivateAria', { name })}
        {...buttonProps}
      >
        {t(active ? 'setActive.deactivate' : 'setActive.reactivate')}
      </Button>
      <NoticeDialog
        opened={asking}
        title={t(active ? 'setActive.deactivateTitle' : 'setActive.reactivateTitle', { name })}
        buttons="yes-no"
        destructive={active}
        confirming={setActive.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => void confirm()}
      >
        {t(CONSEQUENCES[kind][active ? 'deactivate' : 'reactivate'])}
      </NoticeDialog>
    </>
  );
}
