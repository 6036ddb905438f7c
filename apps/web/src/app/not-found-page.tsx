import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicLayout } from '../components/public-layout';
import { usePageTitle } from '../lib/use-page-title';
import { useAppShellText } from './text';

export function NotFoundPage() {
  const t = useAppShellText();
  usePageTitle(t('notFound.title'));
  return (
    <PublicLayout size="sm">
      <Stack gap="sm" align="flex-start">
        <Text c="dimmed" fw={600}>
          {t('notFound.code')}
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>{t('notFound.text')}</Text>
        <Button component={Link} to="/" mt="sm">
          {t('notFound.home')}
        </Button>
      </Stack>
    </PublicLayout>
  );
}
