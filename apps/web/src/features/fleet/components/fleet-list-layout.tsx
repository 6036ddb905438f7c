import { Anchor, Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useFleetText, type FleetKey } from '../text';

const TABS: readonly { label: FleetKey; to: string }[] = [
  { label: 'tabs.trucks', to: PATHS.trucks },
  { label: 'tabs.drivers', to: PATHS.drivers },
  { label: 'tabs.motorBoys', to: PATHS.motorBoys },
  { label: 'tabs.managers', to: PATHS.fleetManagers },
  { label: 'tabs.tracking', to: PATHS.fleetTracking },
];

/**
 * The fleet's four lists and its tracking accounts as tabs; links, so each list has its own address and
 * Back works. On a phone the tabs wrap onto a second line rather than hiding the last ones off screen.
 */
export function FleetTabs() {
  const t = useFleetText();
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label={t('tabs.label')}
      mb="lg"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap={0} wrap="wrap" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {TABS.map((tab) => {
          const current = pathname === tab.to;
          return (
            <li key={tab.to}>
              <Anchor
                component={Link}
                to={tab.to}
                aria-current={current ? 'page' : undefined}
                underline="never"
                display="block"
                px={{ base: 'sm', sm: 'md' }}
                py="sm"
                fw={current ? 700 : 500}
                c={current ? 'green.9' : 'gray.7'}
                style={{
                  whiteSpace: 'nowrap',
                  marginBottom: -1,
                  borderBottom: `2px solid ${current ? 'var(--mantine-color-green-7)' : 'transparent'}`,
                }}
              >
                {t(tab.label)}
              </Anchor>
            </li>
          );
        })}
      </Group>
    </Box>
  );
}

/** A fleet list page: its heading and primary action, then the fleet tabs, then the list. */
export function FleetListLayout({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} action={action} />
      <FleetTabs />
      {children}
    </>
  );
}
