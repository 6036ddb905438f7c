import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { figureStyle } from '../../../components/figure-text';

/**
 * One dashboard figure: a labelled number that links to the list it counts, sized with the other
 * figures of its FigureGrid and never wrapped.
 */
export function FigureCard({
  icon: IconComponent,
  label,
  value,
  detail,
  to,
}: {
  icon: Icon;
  label: string;
  /** Already formatted: "1,250" or "₦4,965,000.00". */
  value: string;
  detail: string;
  to: string;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component={Link}
      to={to}
      aria-label={`${label}: ${value}`}
      // The card is the container its figure is sized against (cqi: hundredths of its inner width).
      style={{ containerType: 'inline-size' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden style={{ flexShrink: 0 }}>
          <IconComponent size={22} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Text fw={700} lh={1.2} mt={4} style={figureStyle(value)}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" mt="xs">
        {detail}
      </Text>
    </Card>
  );
}
