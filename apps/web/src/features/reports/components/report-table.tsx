import { Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { DENSE_FROM_COLUMNS, TableFrame } from '../../../components/table-frame';
import { reportValueText, type ReportColumn, type ReportRow } from '@freightlane/domain';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { alignOf, keepsTogether } from './report-value';

/**
 * A cell's text. A date and time ("2 Dec 2026, 02:10") may go over two lines after its comma, never
 * inside the date or the time, so a narrow column stays narrow.
 */
function CellText({ value, type }: { value: ReportRow[string] | null; type: ReportColumn['type'] }) {
  const text = reportValueText(value, type);
  const comma = type === 'datetime' ? text.lastIndexOf(', ') : -1;
  if (comma < 0) return text;
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(0, comma + 1)}</span>{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(comma + 2)}</span>
    </>
  );
}

function ReportRowsTable({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: ReportColumn[];
  rows: ReportRow[];
}) {
  return (
    <TableFrame label={title} striped highlightOnHover={false} dense={columns.length >= DENSE_FROM_COLUMNS}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} scope="col" style={{ textAlign: alignOf(column.type) }}>
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={i}>
            {columns.map((column) => (
              <Table.Td
                key={column.key}
                style={{ textAlign: alignOf(column.type) }}
                // Figures, dates and numbers read as one piece; names and places may wrap.
                data-keep={keepsTogether(row[column.key], column.type) || undefined}
              >
                <CellText value={row[column.key] ?? null} type={column.type} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableFrame>
  );
}

/** On a phone each row is a card: its first column as the heading, the others as labelled values. */
function ReportRowCards({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: ReportColumn[];
  rows: ReportRow[];
}) {
  const [head, ...rest] = columns;
  return (
    <Stack gap="sm" component="ul" aria-label={title} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows.map((row, i) => (
        <Card key={i} withBorder radius="md" padding="sm" component="li">
          {head ? (
            <Text fw={600} size="sm" mb={6}>
              {reportValueText(row[head.key] ?? null, head.type)}
            </Text>
          ) : null}
          <SimpleGrid cols={2} spacing={6} verticalSpacing={4} component="dl" style={{ margin: 0 }}>
            {rest.map((column) => (
              <div key={column.key} style={{ minWidth: 0 }}>
                <Text component="dt" size="xs" c="dimmed">
                  {column.label}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {reportValueText(row[column.key] ?? null, column.type)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}

/** A page of a report's table, with the columns the report names, formatted by their types. */
export function ReportTable(props: { title: string; columns: ReportColumn[]; rows: ReportRow[] }) {
  const wide = useBreakpoint('sm');
  return wide ? <ReportRowsTable {...props} /> : <ReportRowCards {...props} />;
}
