import { Table, type TableTdProps, type TableThProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/** The first column stays in view while a phone scrolls the table sideways. */
const STICKY: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
};

/** A table that scrolls sideways below `minWidth`, with its first column fixed (StickyTh/StickyTd). */
export function ScrollTable({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table verticalSpacing="sm" aria-label={label} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

export function StickyTh(props: Omit<TableThProps, 'style'>) {
  return <Table.Th {...props} style={STICKY} />;
}

export function StickyTd(props: Omit<TableTdProps, 'style'>) {
  return <Table.Td {...props} style={STICKY} />;
}
