import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicLayout } from '../../../components/public-layout';
import { usePageTitle } from '../../../lib/use-page-title';

/** /ongoingtripprogress/{id}: a customer's ongoing trips (the live table comes in a later release). */
export function OngoingTripsPage() {
  usePageTitle('Ongoing trips');
  return (
    <PublicLayout size="sm">
      <Stack gap="sm" align="flex-start">
        <Title order={1}>Trip tracking</Title>
        <Text>
          The shared table of ongoing trips is not available yet. Sign in to Freightlane to see your trips.
        </Text>
        <Button component={Link} to="/signin" mt="sm">
          Sign In
        </Button>
      </Stack>
    </PublicLayout>
  );
}
