import { Box, Card, Group, Stack, Table, Text, type MantineBreakpoint } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBreakpoint } from '../lib/use-breakpoint';
import { DENSE_FROM_COLUMNS, TableFrame } from './table-frame';

/** One column of a list, as a table column on a wide screen and as a line of its card on a phone. */
export interface DataColumn<T> {
  key: string;
  /** A text, or an element that says itself in the app's language (the shared columns' headers). */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Money and counts are right-aligned, in the table and in the card. */
  align?: 'right';
  /** Kept on one line: figures, dates, numbers, trip numbers, plates, badges. */
  keep?: boolean;
  /**
   * Where the value goes on a phone's card: the card's title (the first column by default), its top
   * right corner (a status), a labelled value (the default), a whole line, or nowhere (a value the
   * title already gives).
   */
  card?: 'title' | 'corner' | 'value' | 'line' | 'none';
  /** The label on the card, when the header is not the right word there. */
  cardLabel?: ReactNode;
}

function alignStyle(column: DataColumn<unknown>) {
  return column.align === 'right' ? ({ textAlign: 'right' } as const) : undefined;
}

function placeOf<T>(column: DataColumn<T>, index: number) {
  return column.card ?? (index === 0 ? 'title' : 'value');
}

export function DataRowsTable<T>({
  label,
  columns,
  rows,
  rowKey,
  minWidth,
}: {
  label: string;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  minWidth?: number;
}) {
  return (
    <TableFrame label={label} minWidth={minWidth} dense={columns.length >= DENSE_FROM_COLUMNS}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} scope="col" style={alignStyle(column as DataColumn<unknown>)}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td
                key={column.key}
                style={alignStyle(column as DataColumn<unknown>)}
                data-keep={column.keep || undefined}
              >
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableFrame>
  );
}

/** One card per row: the title and the corner on top, then the labelled values two by two. */
export function DataRowCards<T>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
}) {
  const placed = columns.map((column, i) => ({ column, place: placeOf(column, i) }));
  const of = (place: string) => placed.filter((p) => p.place === place).map((p) => p.column);
  const titles = of('title');
  const corners = of('corner');
  const values = of('value');
  const lines = of('line');
  return (
    <Stack gap="sm" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows.map((row) => (
        <Card key={rowKey(row)} withBorder radius="md" padding="sm" component="li">
          {titles.length > 0 || corners.length > 0 ? (
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb={6}>
              <Box style={{ minWidth: 0 }}>
                {titles.map((column) => (
                  <Box key={column.key} fw={600} fz="sm">
                    {column.cell(row)}
                  </Box>
                ))}
              </Box>
              {corners.length > 0 ? (
                <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                  {corners.map((column) => (
                    <Box key={column.key}>{column.cell(row)}</Box>
                  ))}
                </Stack>
              ) : null}
            </Group>
          ) : null}
          {lines.map((column) => (
            <Box key={column.key} fz="sm" mb={6}>
              {column.cell(row)}
            </Box>
          ))}
          {values.length > 0 ? (
            <Box
              component="dl"
              m={0}
              style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '6px 8px' }}
            >
              {values.map((column) => (
                // Left-aligned under its label: a right-aligned figure in the left half of a card reads
                // as belonging to the value beside it.
                <div key={column.key} style={{ minWidth: 0 }}>
                  <Text component="dt" size="xs" c="dimmed">
                    {column.cardLabel ?? column.header}
                  </Text>
                  <Box
                    component="dd"
                    fz="sm"
                    m={0}
                    style={{ whiteSpace: column.keep ? 'nowrap' : undefined, overflowWrap: 'anywhere' }}
                  >
                    {column.cell(row)}
                  </Box>
                </div>
              ))}
            </Box>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}

/**
 * A list as a table from `tableFrom` (the spec's 600 px by default) and as one card per row below it,
 * both from the same columns, so a phone shows every value a laptop does.
 */
export function DataTable<T>({
  tableFrom = 'sm',
  ...props
}: {
  label: string;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  tableFrom?: MantineBreakpoint;
  minWidth?: number;
}) {
  const wide = useBreakpoint(tableFrom);
  return wide ? <DataRowsTable {...props} /> : <DataRowCards {...props} />;
}
