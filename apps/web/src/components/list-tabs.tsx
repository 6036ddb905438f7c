import { Group, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import type { useListParams } from './use-list-params';

export interface ListTab {
  value: string;
  label: string;
}

/** The list's tab named by the address's `tab`: the first of `tabs` when it names none of them. */
export function tabFrom<Tabs extends readonly [ListTab, ...ListTab[]]>(
  tabs: Tabs,
  value: string | null,
): Tabs[number] {
  return tabs.find((t) => t.value === value) ?? tabs[0];
}

/**
 * A list's tabs, kept in the address's `tab` (the first, the default, is left out of it), with what sits
 * beside them (a search box) and the chosen tab's list below.
 */
export function ListTabs({
  tabs,
  tab,
  list,
  aside,
  children,
}: {
  tabs: readonly [ListTab, ...ListTab[]];
  tab: ListTab;
  list: Pick<ReturnType<typeof useListParams>, 'update'>;
  aside?: ReactNode;
  /** The chosen tab's list. */
  children: ReactNode;
}) {
  const tabList = (
    <Tabs.List>
      {tabs.map((t) => (
        <Tabs.Tab key={t.value} value={t.value}>
          {t.label}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
  return (
    <Tabs
      value={tab.value}
      onChange={(value) => {
        const next = tabFrom(tabs, value);
        list.update({ tab: next.value === tabs[0].value ? null : next.value });
      }}
    >
      {aside ? (
        <Group justify="space-between" align="flex-end" gap="sm">
          {tabList}
          {aside}
        </Group>
      ) : (
        tabList
      )}
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="md">
          {t.value === tab.value ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
