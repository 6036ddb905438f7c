import { Select, Stack, Table, Text } from '@mantine/core';
import type { TrackingDevice } from '@freightlane/domain';
import { useState } from 'react';
import { ListPagination } from '../../../components/list-pagination';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useActiveTrucks, useLinkTrackingDevices, useTrackingDevices } from '../api/tracking-api';

/**
 * A tracking account's devices, 20 a page, each with the truck it follows, chosen from the company's
 * active trucks. Choosing saves at once; a truck taken from another device leaves that device.
 */
export function TrackingDevices({ credentialId }: { credentialId: string }) {
  const [page, setPage] = useState(0);
  const wide = useBreakpoint('sm');
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
    />
  );
  const lastPosition = (device: TrackingDevice) =>
    device.lastPositionAt ? formatDateTime(device.lastPositionAt) : 'None yet';

  if (devices.isError) return <QueryError error={devices.error} onRetry={() => void devices.refetch()} />;
  if (!devices.data)
    return (
      <Text size="sm" c="dimmed">
        Loading the devices…
      </Text>
    );
  if (devices.data.totalElements === 0) {
    return (
      <Text size="sm" c="dimmed">
        This account has no devices yet. Add the trackers in the tracking company’s own app; they appear here
        within a minute.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {wide ? (
        <Table verticalSpacing="xs" aria-label="Devices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>Last position</Table.Th>
              <Table.Th w={200}>Truck</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.data.content.map((device) => (
              <Table.Tr key={device.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {device.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {device.uniqueId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{lastPosition(device)}</Text>
                </Table.Td>
                <Table.Td>{truckSelect(device)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        // On a phone each device is a block, its truck chooser as wide as the screen.
        <Stack
          gap="sm"
          component="ul"
          aria-label="Devices"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {devices.data.content.map((device) => (
            <Stack
              key={device.id}
              gap={4}
              component="li"
              pb="sm"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Text size="sm" fw={600}>
                {device.name}
              </Text>
              <Text size="xs" c="dimmed">
                {device.uniqueId} · last position {lastPosition(device)}
              </Text>
              {truckSelect(device)}
            </Stack>
          ))}
        </Stack>
      )}
      <ListPagination page={devices.data} onChange={setPage} noun={['device', 'devices']} />
    </Stack>
  );
}
