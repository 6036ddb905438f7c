import { Button } from '@mantine/core';
import { IconArchive, IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { NoticeDialog } from '../../../components/notice-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';

/**
 * Retire, or Bring back, after a Yes in the spec's confirm dialog. Nothing is ever deleted: orders and
 * trips that name the thing keep showing it.
 */
export function RetireButton({
  name,
  active,
  consequence,
  onChange,
}: {
  name: string;
  active: boolean;
  /** What retiring does, said in the question. */
  consequence: string;
  onChange: (active: boolean) => Promise<unknown>;
}) {
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const verb = active ? 'Retire' : 'Bring back';

  async function confirm() {
    setSending(true);
    try {
      await onChange(!active);
      notifySuccess(active ? `${name} is retired.` : `${name} is offered again.`);
    } catch (error) {
      notifyError(error, `${name} not ${active ? 'retired' : 'brought back'}`);
    } finally {
      setSending(false);
      setAsking(false);
    }
  }

  return (
    <>
      <Button
        variant={active ? 'default' : 'light'}
        color={active ? undefined : 'green'}
        leftSection={
          active ? <IconArchive size={16} aria-hidden /> : <IconArrowBackUp size={16} aria-hidden />
        }
        onClick={() => setAsking(true)}
      >
        {verb}
      </Button>
      <NoticeDialog
        opened={asking}
        title={`${verb} ${name}?`}
        buttons="yes-no"
        destructive={active}
        confirming={sending}
        onClose={() => setAsking(false)}
        onConfirm={() => void confirm()}
      >
        {active ? consequence : 'Customers can choose it again for new orders.'}
      </NoticeDialog>
    </>
  );
}
