import { Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A home card that says what a page is for and leads to it. */
export function LinkCard({
  icon: IconComponent,
  title,
  children,
  to,
  action,
}: {
  icon: Icon;
  title: string;
  children: ReactNode;
  to: string;
  /** The button's words: what the person goes there to do. */
  action: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section">
      <Group mb="sm">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <IconComponent size={22} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Title order={2} fz="lg" mb={6}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
      <Group mt="md">
        <Button component={Link} to={to} variant="default">
          {action}
        </Button>
      </Group>
    </Card>
  );
}
