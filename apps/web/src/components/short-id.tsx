import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useComponentsText } from './text';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * A record's id in a short form people can compare at a glance ("3f9c2a1b…"), the whole value on hover
 * and one tap away on the clipboard: a 36-character id would otherwise fill a table cell over five lines.
 */
export function ShortId({ id }: { id: string }) {
  const t = useComponentsText();
  return (
    <Group gap={2} wrap="nowrap" component="span" display="inline-flex">
      <Text component="span" size="xs" c="dimmed" ff="monospace" title={id} style={{ whiteSpace: 'nowrap' }}>
        {isUuid(id) ? `${id.slice(0, 8)}…` : id}
      </Text>
      <CopyButton value={id} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('shortId.copied') : t('shortId.copy')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'green' : 'gray'}
              size="sm"
              onClick={copy}
              aria-label={copied ? t('shortId.copied') : t('shortId.copyId', { id })}
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
