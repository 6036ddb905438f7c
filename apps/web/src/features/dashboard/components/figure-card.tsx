import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';

/** "₦23,390,000.00" with a break allowed after each thousands separator, and nowhere else. */
function breakableFigure(value: string) {
  const groups = value.split(',');
  return groups.map((group, i) => (
    <Fragment key={i}>
      {group}
      {i < groups.length - 1 ? (
        <>
          ,<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/**
 * The largest size up to 28 px at which a figure of this many characters fits the card's width (bold
 * digits are about 0.66 em wide), and 20 px at least: a short count stays large, a long amount shrinks.
 */
function figureSize(value: string): string {
  const fits = 100 / (Math.max(value.length, 1) * 0.66);
  return `clamp(1.25rem, ${fits.toFixed(2)}cqi, 1.75rem)`;
}

/**
 * One dashboard figure: a labelled number that links to the list it counts. The figure has the card's
 * whole width and shrinks with the card, so a long amount fits a narrow card; one that still does not
 * fit wraps at a thousands separator rather than being cut off.
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
      <Text
        fw={700}
        lh={1.2}
        mt={4}
        style={{
          fontSize: figureSize(value),
          fontVariantNumeric: 'tabular-nums',
          overflowWrap: 'anywhere',
        }}
      >
        {breakableFigure(value)}
      </Text>
      <Text size="xs" c="dimmed" mt="xs">
        {detail}
      </Text>
    </Card>
  );
}
