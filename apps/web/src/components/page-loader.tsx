import { Center, Loader, Stack, Text } from '@mantine/core';
import { useComponentsText } from './text';

/** Shown while a page's code or data arrives. */
export function PageLoader({ label }: { label?: string }) {
  const t = useComponentsText();
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text c="dimmed" size="sm">
          {label ?? t('pageLoader.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
