import { Group, Pagination, Text } from '@mantine/core';
import type { Page } from '@freightlane/domain';
import { useComponentsText, type ComponentsKey } from './text';

const CONTROL_LABELS: Record<'first' | 'previous' | 'next' | 'last', ComponentsKey> = {
  first: 'pagination.first',
  previous: 'pagination.previous',
  next: 'pagination.next',
  last: 'pagination.last',
};

/**
 * Where the list stands ("21–40 of 57", or "21–40 of more than 1,000" when the count stopped at its limit)
 * and the pages of the API's zero-based envelope.
 */
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
  const t = useComponentsText();
  if (page.totalElements === 0) return null;
  const from = page.number * page.size + 1;
  const to = Math.min(page.totalElements, from + page.content.length - 1);
  return (
    <Group justify="space-between" mt="lg" gap="sm">
      <Text size="sm" c="dimmed">
        {page.totalIsLowerBound
          ? t('pagination.rangeAtLeast', { from, to, total: page.totalElements, many: noun[1] })
          : t('pagination.range', { from, to, total: page.totalElements, one: noun[0], many: noun[1] })}
      </Text>
      {page.totalPages > 1 ? (
        <Pagination
          total={page.totalPages}
          value={page.number + 1}
          onChange={(value) => onChange(value - 1)}
          siblings={1}
          boundaries={1}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': t(CONTROL_LABELS[control]) })}
          getItemProps={(value) => ({ 'aria-label': t('pagination.page', { page: value }) })}
        />
      ) : null}
    </Group>
  );
}
