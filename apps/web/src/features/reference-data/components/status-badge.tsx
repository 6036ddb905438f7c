import { Badge } from '@mantine/core';
import type { ReferenceStatus } from '@freightlane/domain';

export const STATUS_LABELS: Record<ReferenceStatus, string> = { ACTIVE: 'Active', RETIRED: 'Retired' };

export const STATUS_OPTIONS = [
  { value: 'ALL', label: 'Active and retired' },
  { value: 'ACTIVE', label: STATUS_LABELS.ACTIVE },
  { value: 'RETIRED', label: STATUS_LABELS.RETIRED },
];

/** The status filter from the address: anything but ACTIVE or RETIRED shows both. */
export function statusFrom(value: string | null): ReferenceStatus | null {
  return value === 'ACTIVE' || value === 'RETIRED' ? value : null;
}

/** Active (offered for new orders) or Retired (kept on past orders and trips only). */
export function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? STATUS_LABELS.ACTIVE : STATUS_LABELS.RETIRED}
    </Badge>
  );
}
