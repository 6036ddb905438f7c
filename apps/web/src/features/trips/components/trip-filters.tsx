import { Group, MultiSelect, TextInput } from '@mantine/core';
import { TRIP_STATUSES, type TripStatus } from '@freightlane/domain';
import { IconSearch } from '@tabler/icons-react';
import { useLabels } from '../../../i18n/labels/labels';
import { useTripStatusLookup } from '../api/trips-api';
import { useTripComponentsText } from './text';

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
  const t = useTripComponentsText();
  const label = useLabels();
  const lookup = useTripStatusLookup();
  // The lookup names the statuses in English (its description); the app names them in the reader's language.
  const options = (lookup.data ?? []).map((entry) => ({
    value: entry.tripStatus,
    label: label('tripStatus', entry.tripStatus),
  }));
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        w={{ base: '100%', sm: 280 }}
      />
      <MultiSelect
        label={t('filters.status')}
        placeholder={
          statuses.length === 0
            ? lookup.isPending
              ? t('filters.loadingStatuses')
              : t('filters.anyStatus')
            : undefined
        }
        data={options}
        value={statuses}
        onChange={(value) => onStatusesChange(readStatusFilter(value.join(',')))}
        disabled={lookup.isPending}
        error={lookup.isError ? t('filters.statusesError') : undefined}
        clearable
        clearButtonProps={{ 'aria-label': t('filters.clearStatuses') }}
        w={{ base: '100%', sm: 320 }}
      />
    </Group>
  );
}
