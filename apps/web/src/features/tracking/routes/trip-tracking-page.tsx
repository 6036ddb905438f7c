import { Stack, Text, Title } from '@mantine/core';
import { PublicLayout } from '../../../components/public-layout';
import { usePageTitle } from '../../../lib/use-page-title';

/** /tripprogress/{trackingId}: public tracking of one trip (the live view comes in a later release). */
export function TripTrackingPage() {
  usePageTitle('Trip tracking');
  return (
    <PublicLayout signIn size="sm">
      <Stack gap="sm">
        <Title order={1}>Trip tracking</Title>
        <Text>
          Following a trip from its link is not available yet. Sign in to Freightlane to see your trips.
        </Text>
      </Stack>
    </PublicLayout>
  );
}
