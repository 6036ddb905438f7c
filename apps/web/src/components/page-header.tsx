import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The one h1 of a signed-in page, a line under it, and the page's primary action. */
export function PageHeader({
  title,
  description,
  action,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {action}
    </Group>
  );
}
