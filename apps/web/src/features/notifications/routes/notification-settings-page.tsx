import { Anchor, Skeleton, Stack } from '@mantine/core';
import { homePathForRole } from '@freightlane/domain';
import { IconBellOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/empty-list';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useRole } from '../../../lib/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { useNotificationPreferences } from '../api/notifications-api';
import { PreferencesGrid } from '../components/preferences-grid';
import { PushCard } from '../components/push-card';

/** /settings/notifications: what the user is told about, and how (in the app, e-mail, browser push). */
export function NotificationSettingsPage() {
  usePageTitle('Notification settings');
  const role = useRole();
  const preferences = useNotificationPreferences();

  let content;
  if (preferences.isPending) {
    content = (
      <Stack gap="lg" role="status" aria-label="Loading your notification settings">
        <Skeleton h={140} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  } else if (preferences.isError) {
    content = (
      <QueryError
        error={preferences.error}
        onRetry={() => void preferences.refetch()}
        title="Could not load your notification settings"
      />
    );
  } else if (preferences.data.preferences.length === 0) {
    content = (
      <EmptyList
        icon={IconBellOff}
        action={
          <Anchor component={Link} to={homePathForRole(role)}>
            Go to your home page
          </Anchor>
        }
      >
        Your account is not sent notifications, so there is nothing to choose here.
      </EmptyList>
    );
  } else {
    content = (
      <Stack gap="lg">
        <PushCard pushEnabled={preferences.data.pushEnabled} />
        <PreferencesGrid preferences={preferences.data.preferences} />
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Notification settings"
        description="Choose what Freightlane tells you about, and how. Each change is saved at once."
      />
      <Stack maw={960}>{content}</Stack>
    </>
  );
}
