import { Group, Pagination, Text } from '@mantine/core';

/** Page links under a list, from the API's zero-based page envelope; nothing when one page holds it all. */
export function ListPagination({
  page,
  totalPages,
  totalElements,
  noun,
  onChange,
}: {
  /** Zero-based, as in the envelope. */
  page: number;
  totalPages: number;
  totalElements: number;
  noun: string;
  onChange: (page: number) => void;
}) {
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed">
        {totalElements} {noun}
      </Text>
      {totalPages > 1 ? (
        <Pagination
          total={totalPages}
          value={page + 1}
          onChange={(next) => onChange(next - 1)}
          size="sm"
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          getControlProps={(control) => ({
            'aria-label': {
              first: 'First page',
              previous: 'Previous page',
              next: 'Next page',
              last: 'Last page',
            }[control],
          })}
        />
      ) : null}
    </Group>
  );
}
