import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useComponentsText } from './text';

/** The Freightlane name beside a truck icon; it links to the root, as the spec's logo does. */
export function Logo({ to = '/' }: { to?: string }) {
  const t = useComponentsText();
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit" aria-label={t('logo.home')}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={34} radius="md" aria-hidden>
          <IconTruck size={20} stroke={1.8} />
        </ThemeIcon>
        <Text component="span" fw={800} fz={{ base: 'lg', sm: 'xl' }} c="green.9" lh={1}>
          Freightlane
        </Text>
      </Group>
    </Anchor>
  );
}
