import { Box, Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { reportValueText, type ReportColumn, type ReportRow } from '@freightlane/domain';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { alignOf, keepsTogether } from './report-value';

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
    // A wide report scrolls sideways: focusable and named, so a keyboard can scroll it too.
    <Box tabIndex={0} role="region" aria-label={`${title}, scrolls sideways`} style={{ overflowX: 'auto' }}>
      <Table
        miw={Math.max(720, columns.length * 120)}
        verticalSpacing="xs"
        striped
        aria-label={title}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
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
                  style={{
                    textAlign: alignOf(column.type),
                    // Figures, dates and numbers read as one piece; names and places may wrap.
                    whiteSpace: keepsTogether(row[column.key], column.type) ? 'nowrap' : undefined,
                  }}
                >
                  {reportValueText(row[column.key] ?? null, column.type)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
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
