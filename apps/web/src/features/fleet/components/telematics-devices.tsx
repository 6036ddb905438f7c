import { Select, Stack, Text } from '@mantine/core';
import type { TrackingDevice } from '@freightlane/domain';
import { useState } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListPagination } from '../../../components/list-pagination';
import { QueryList } from '../../../components/query-list';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useActiveTrucks, useLinkTrackingDevices, useTrackingDevices } from '../api/telematics-api';
import { useFleetText } from '../text';

/**
 * A tracking account's devices, 20 a page, each with the truck it follows, chosen from the company's
 * active trucks. Choosing saves at once; a truck taken from another device leaves that device.
 */
export function TelematicsDevices({ credentialId }: { credentialId: string }) {
  const t = useFleetText();
  const [page, setPage] = useState(0);
  const devices = useTrackingDevices(credentialId, page);
  const trucks = useActiveTrucks();
  const link = useLinkTrackingDevices(credentialId);
  const choices = (trucks.data?.content ?? []).map((t) => ({ value: t.id, label: t.registrationNumber }));

  async function choose(device: TrackingDevice, truckId: string | null) {
    try {
      await link.mutateAsync({ links: [{ deviceId: device.id, truckId }] });
      const plate = choices.find((c) => c.value === truckId)?.label;
      notifySuccess(
        plate
          ? t('devices.followsTruck', { device: device.name, plate })
          : t('devices.followsNone', { device: device.name }),
      );
    } catch (error) {
      notifyError(error, t('devices.notLinked'));
    }
  }

  const truckSelect = (device: TrackingDevice) => (
    <Select
      aria-label={t('devices.truckAria', { device: device.name })}
      placeholder={t('devices.noTruck')}
      data={choices}
      value={device.truck?.id ?? null}
      onChange={(value) => void choose(device, value)}
      clearable
      searchable
      disabled={link.isPending}
      nothingFoundMessage={t('devices.noneFound')}
      miw={180}
    />
  );
  const lastPosition = (device: TrackingDevice) =>
    device.lastPositionAt ? formatDateTime(device.lastPositionAt) : t('devices.noneYet');

  const columns: DataColumn<TrackingDevice>[] = [
    {
      key: 'device',
      header: t('devices.deviceHeader'),
      cell: (device) => (
        <>
          <Text size="sm" fw={600}>
            {device.name}
          </Text>
          <Text size="xs" c="dimmed">
            {device.uniqueId}
          </Text>
        </>
      ),
    },
    { key: 'position', header: t('devices.positionHeader'), keep: true, cell: lastPosition },
    // On a phone the truck chooser is as wide as the card.
    { key: 'truck', header: t('devices.truckHeader'), card: 'line', cell: truckSelect },
  ];
  return (
    <QueryList
      query={devices}
      skeleton={
        <Text size="sm" c="dimmed">
          {t('devices.loading')}
        </Text>
      }
      empty={
        <Text size="sm" c="dimmed">
          {t('devices.empty')}
        </Text>
      }
    >
      {(rows, page) => {
        // The noun in the form its count takes, whichever of the two the pagination picks.
        const noun = t('devices.countNoun', { count: page.totalElements });
        return (
          <Stack gap="xs">
            <DataTable
              label={t('devices.label')}
              columns={columns}
              rows={rows}
              rowKey={(device) => device.id}
            />
            <ListPagination page={page} onChange={setPage} noun={[noun, noun]} />
          </Stack>
        );
      }}
    </QueryList>
  );
}
