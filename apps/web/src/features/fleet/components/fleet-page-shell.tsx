import { Anchor, Box, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';

/** A wizard or record page of the fleet: the way back to its list, the page header, the content. */
export function FleetPageShell({
  backTo,
  backLabel,
  title,
  description,
  action,
  children,
}: {
  backTo: string;
  backLabel: string;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box maw={880}>
      <Anchor component={Link} to={backTo} size="sm" mb="xs" display="inline-block">
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft size={16} aria-hidden />
          {backLabel}
        </Group>
      </Anchor>
      <PageHeader title={title} description={description} action={action} />
      {children}
    </Box>
  );
}
