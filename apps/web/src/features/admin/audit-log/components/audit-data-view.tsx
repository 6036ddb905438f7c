import { Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { formatDateTime } from '../../../../lib/format';
import { isUuid, ShortId } from '../../../../components/short-id';
import { TableFrame } from '../../../../components/table-frame';

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A field name as people read it: verificationStatus reads "Verification status". */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One recorded value: an id in its short form, anything else as text. */
function Value({ value }: { value: unknown }) {
  return isUuid(value) ? <ShortId id={value} /> : valueText(value);
}

/** One recorded value as text: moments in Lagos time, nothing as "none", anything else as it was stored. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'string') return ISO_MOMENT.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ChangeTable({ before, after }: { before: Record<string, unknown>; after: Record<string, unknown> }) {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <Text size="sm">No field changed.</Text>;
  return (
    <TableFrame label="Before and after" highlightOnHover={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Field</Table.Th>
          <Table.Th scope="col">Before</Table.Th>
          <Table.Th scope="col">After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field}>
            <Table.Th scope="row" fw={600}>
              {fieldLabel(field)}
            </Table.Th>
            <Table.Td c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              <Value value={before[field]} />
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconArrowRight size={14} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
                <span>
                  <Value value={after[field]} />
                </span>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableFrame>
  );
}

/**
 * What an audit row recorded: its fields as they were before and became after, then any other facts
 * (a reason, the trip number). Values are shown as stored, so nothing is hidden from the back office.
 */
export function AuditDataView({ data }: { data: Record<string, unknown> | null }) {
  if (!data || Object.keys(data).length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing else was recorded with this change.
      </Text>
    );
  }
  const { before, after, ...facts } = data;
  const hasChange = isRecord(before) || isRecord(after);
  const factEntries = Object.entries(hasChange ? facts : data);
  return (
    <Stack gap="sm">
      {hasChange ? (
        <ChangeTable before={isRecord(before) ? before : {}} after={isRecord(after) ? after : {}} />
      ) : null}
      {factEntries.length > 0 ? (
        <Stack gap={4} component="dl" m={0}>
          {factEntries.map(([key, value]) => (
            <Group key={key} gap="xs" wrap="nowrap" align="flex-start">
              <Text component="dt" size="sm" fw={600} style={{ flexShrink: 0 }}>
                {fieldLabel(key)}:
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {isRecord(value) || Array.isArray(value) ? (
                  <Code>{JSON.stringify(value)}</Code>
                ) : (
                  <Value value={value} />
                )}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
