import { Button, Card, Group, Text, Title } from '@mantine/core';
import type { Driver } from '@freightlane/domain';
import { IconDownload, IconMapPinOff } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { NoticeDialog } from '../../../components/notice-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDownload } from '../../../lib/use-download';
import { downloadDriverData, useEraseDriverLocationHistory } from '../api/fleet-api';
import { fullName } from '../fleet-forms';
import { useFleetText } from '../text';
import { useCanInviteManagers } from '../use-fleet-role';

/**
 * The driver's rights over their data (NDPA 2023), which the transporter answers as their employer: a copy
 * of everything held about the driver, and the erasure of where they went (the owner account only).
 */
export function DriverDataCard({ driver }: { driver: Driver }) {
  const t = useFleetText();
  const titleId = useId();
  const name = fullName(driver);
  const { downloading, download } = useDownload();
  const owner = useCanInviteManagers();
  const erase = useEraseDriverLocationHistory(driver.id);
  const [confirming, setConfirming] = useState(false);

  async function eraseHistory() {
    try {
      const done = await erase.mutateAsync();
      setConfirming(false);
      notifySuccess(t('driverData.erased', { name, positions: done.positions, trips: done.trips }));
    } catch (error) {
      setConfirming(false);
      notifyError(error, t('driverData.notErased'));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="xs">
        {t('driverData.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('driverData.text', { name })}
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          onClick={() => void download((api) => downloadDriverData(api, driver))}
        >
          {t('driverData.download')}
        </Button>
        {owner && (
          <Button
            color="red"
            variant="outline"
            leftSection={<IconMapPinOff size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {t('driverData.erase')}
          </Button>
        )}
      </Group>
      <NoticeDialog
        opened={confirming}
        title={t('driverData.eraseTitle', { name })}
        buttons="okay-cancel"
        destructive
        confirming={erase.isPending}
        onConfirm={() => void eraseHistory()}
        onClose={() => setConfirming(false)}
      >
        {t('driverData.eraseText', { firstName: driver.firstName })}
      </NoticeDialog>
    </Card>
  );
}
