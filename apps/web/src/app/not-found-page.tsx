import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicLayout } from '../components/public-layout';
import { usePageTitle } from '../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <PublicLayout size="sm">
      <Stack gap="sm" align="flex-start">
        <Text c="dimmed" fw={600}>
          Error 404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text>The address may be mistyped, or the page may have moved.</Text>
        <Button component={Link} to="/" mt="sm">
          Go to Freightlane
        </Button>
      </Stack>
    </PublicLayout>
  );
}
