import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

/** One dashboard figure: a labelled number that links to the list it counts. */
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
    <Card withBorder radius="md" padding="lg" component={Link} to={to} aria-label={`${label}: ${value}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Text>
        </div>
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <IconComponent size={22} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {detail}
      </Text>
    </Card>
  );
}
