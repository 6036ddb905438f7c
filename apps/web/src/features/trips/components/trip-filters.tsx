import { Group, MultiSelect, TextInput } from '@mantine/core';
import { TRIP_STATUSES, type TripStatus } from '@freightlane/domain';
import { IconSearch } from '@tabler/icons-react';
import { useTripStatusLookup } from '../api/trips-api';

/** The statuses named in the address's `status` (comma-separated), unknown ones dropped. */
export function readStatusFilter(value: string | null): TripStatus[] {
  if (!value) return [];
  const known = new Set<string>(TRIP_STATUSES);
  return [...new Set(value.split(','))].filter((s): s is TripStatus => known.has(s));
}

/** The trip list's search box and its filter by latest status, side by side from 600 px. */
export function TripFilters({
  search,
  onSearchChange,
  statuses,
  onStatusesChange,
}: {
  search: string;
  onSearchChange: (value: string) => void;
  statuses: TripStatus[];
  onStatusesChange: (value: TripStatus[]) => void;
}) {
  const lookup = useTripStatusLookup();
  const options = (lookup.data ?? []).map((entry) => ({
    value: entry.tripStatus,
    label: entry.tripStatusDescription,
  }));
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Trip, order or container number"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        w={{ base: '100%', sm: 280 }}
      />
      <MultiSelect
        label="Status"
        placeholder={
          statuses.length === 0 ? (lookup.isPending ? 'Loading statuses…' : 'Any status') : undefined
        }
        data={options}
        value={statuses}
        onChange={(value) => onStatusesChange(readStatusFilter(value.join(',')))}
        disabled={lookup.isPending}
        error={lookup.isError ? 'Could not load the statuses' : undefined}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the status filter' }}
        w={{ base: '100%', sm: 320 }}
      />
    </Group>
  );
}
