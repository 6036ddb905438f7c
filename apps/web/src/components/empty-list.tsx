import { Card, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Why a list is empty and what to do next. */
export function EmptyList({
  icon: IconComponent,
  children,
  action,
}: {
  icon: Icon;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          <IconComponent size={24} stroke={1.6} />
        </ThemeIcon>
        <Text maw={460}>{children}</Text>
        {action}
      </Stack>
    </Card>
  );
}
