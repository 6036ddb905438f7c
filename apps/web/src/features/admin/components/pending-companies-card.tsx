import { Button, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { usePendingReviewCount } from '../api/admin-companies-api';

/** The back office home's way into the review queue. */
export function PendingCompaniesCard() {
  const count = usePendingReviewCount();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="pending-companies-title">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <IconBuildingWarehouse size={22} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Title order={2} fz="lg" mb={6} id="pending-companies-title" aria-busy={count.isPending}>
        Companies awaiting review: {count.isPending || count.isError ? '—' : count.data}
      </Title>
      <Text size="sm" c="dimmed">
        {count.isPending
          ? 'Counting the companies waiting for you…'
          : count.isError
            ? 'The count could not be loaded. Open the list to see the companies.'
            : count.data === 0
              ? 'Nothing to review now. New companies appear here once they send in their details and documents.'
              : 'Check their details and documents, then verify them or reject them with a reason.'}
      </Text>
      <Group mt="md">
        <Button component={Link} to={PATHS.adminCompanies} variant={count.data ? 'filled' : 'default'}>
          Review companies
        </Button>
      </Group>
    </Card>
  );
}
