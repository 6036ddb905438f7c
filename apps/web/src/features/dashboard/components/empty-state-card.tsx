import { Badge, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** An honest empty state: what will be here, why it is empty, and what to do meanwhile. */
export function EmptyStateCard({
  icon: IconComponent,
  title,
  children,
  soon = false,
  action,
}: {
  icon: Icon;
  title: string;
  children: ReactNode;
  /** The feature behind this card is still to come. */
  soon?: boolean;
  action?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <IconComponent size={22} stroke={1.6} />
        </ThemeIcon>
        {soon ? (
          <Badge variant="light" color="gray" size="sm">
            Soon
          </Badge>
        ) : null}
      </Group>
      <Title order={2} fz="lg" mb={6}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
      {action ? <Group mt="md">{action}</Group> : null}
    </Card>
  );
}
