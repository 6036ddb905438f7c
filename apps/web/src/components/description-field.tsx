import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One label and its value in a description list (`dl`), wrapping long values anywhere. */
export function DescriptionField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={500} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
