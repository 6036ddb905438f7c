import { Skeleton, Stack } from '@mantine/core';

/** Grey shapes where the cards or rows will be. */
export function ListSkeleton({
  label,
  rows = 3,
  height = 190,
}: {
  label: string;
  rows?: number;
  height?: number;
}) {
  return (
    <Stack gap="md" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={height} radius="md" />
      ))}
    </Stack>
  );
}
