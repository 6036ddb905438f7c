import { Select, Stack, Text } from '@mantine/core';
import type { TrackingDevice } from '@freightlane/domain';
import { useState } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListPagination } from '../../../components/list-pagination';
import { QueryList } from '../../../components/query-list';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useActiveTrucks, useLinkTrackingDevices, useTrackingDevices } from '../api/telematics-api';

/**
 * A tracking account's devices, 20 a page, each with the truck it follows, chosen from the company's
 * active trucks. Choosing saves at once; a truck taken from another device leaves that device.
 */
export function TelematicsDevices({ credentialId }: { credentialId: string }) {
  const [page, setPage] = useState(0);
  const devices = useTrackingDevices(credentialId, page);
  const trucks = useActiveTrucks();
  const link = useLinkTrackingDevices(credentialId);
  const choices = (trucks.data?.content ?? []).map((t) => ({ value: t.id, label: t.registrationNumber }));

  async function choose(device: TrackingDevice, truckId: string | null) {
    try {
      await link.mutateAsync({ links: [{ deviceId: device.id, truckId }] });
      const plate = choices.find((c) => c.value === truckId)?.label;
      notifySuccess(plate ? `${device.name} now follows ${plate}.` : `${device.name} follows no truck now.`);
    } catch (error) {
      notifyError(error, 'Device not linked');
    }
  }

  const truckSelect = (device: TrackingDevice) => (
    <Select
      aria-label={`Truck followed by ${device.name}`}
      placeholder="No truck"
      data={choices}
      value={device.truck?.id ?? null}
      onChange={(value) => void choose(device, value)}
      clearable
      searchable
      disabled={link.isPending}
      nothingFoundMessage="No active truck with this plate"
      miw={180}
    />
  );
  const lastPosition = (device: TrackingDevice) =>
    device.lastPositionAt ? formatDateTime(device.lastPositionAt) : 'None yet';

  const columns: DataColumn<TrackingDevice>[] = [
    {
      key: 'device',
      header: 'Device',
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
    { key: 'position', header: 'Last position', keep: true, cell: lastPosition },
    // On a phone the truck chooser is as wide as the card.
    { key: 'truck', header: 'Truck', card: 'line', cell: truckSelect },
  ];
  return (
    <QueryList
      query={devices}
      skeleton={
        <Text size="sm" c="dimmed">
          Loading the devices…
        </Text>
      }
      empty={
        <Text size="sm" c="dimmed">
          This account has no devices yet. Add the trackers in the tracking company’s own app; they appear
          here within a minute.
        </Text>
      }
    >
      {(rows, page) => (
        <Stack gap="xs">
          <DataTable label="Devices" columns={columns} rows={rows} rowKey={(device) => device.id} />
          <ListPagination page={page} onChange={setPage} noun={['device', 'devices']} />
        </Stack>
      )}
    </QueryList>
  );
}
