import { Group, Pagination, Text } from '@mantine/core';
import type { Page } from '@freightlane/domain';

const CONTROL_LABELS: Record<string, string> = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

/** Where the list stands ("21–40 of 57") and the pages of the API's zero-based envelope. */
export function ListPagination({
  page,
  onChange,
  noun,
}: {
  page: Page<unknown>;
  onChange: (page: number) => void;
  /** What the list holds, one and many: ['order', 'orders']. */
  noun: readonly [one: string, many: string];
}) {
  if (page.totalElements === 0) return null;
  const from = page.number * page.size + 1;
  const to = Math.min(page.totalElements, from + page.content.length - 1);
  return (
    <Group justify="space-between" mt="lg" gap="sm">
      <Text size="sm" c="dimmed">
        {from}–{to} of {page.totalElements} {page.totalElements === 1 ? noun[0] : noun[1]}
      </Text>
      {page.totalPages > 1 ? (
        <Pagination
          total={page.totalPages}
          value={page.number + 1}
          onChange={(value) => onChange(value - 1)}
          siblings={1}
          boundaries={1}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          getItemProps={(value) => ({ 'aria-label': `Page ${value}` })}
        />
      ) : null}
    </Group>
  );
}
