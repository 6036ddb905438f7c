import { Anchor, Skeleton, Stack } from '@mantine/core';
import { homePathForRole } from '@freightlane/domain';
import { IconBellOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/empty-list';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useRole } from '../../../lib/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { useNotificationPreferences } from '../api/notifications-api';
import { PhoneChannelsNote } from '../components/phone-channels-note';
import { PreferencesGrid } from '../components/preferences-grid';
import { PushCard } from '../components/push-card';
import { useNotificationsText } from '../text';

/**
 * /settings/notifications: what the user is told about, and how (in the app, e-mail, browser push, SMS,
 * WhatsApp), with a note while the phone number that SMS and WhatsApp need is not verified.
 */
export function NotificationSettingsPage() {
  const t = useNotificationsText();
  usePageTitle(t('settings.title'));
  const role = useRole();
  const preferences = useNotificationPreferences();

  const content = (
    <QueryList
      query={preferences}
      rowsOf={(settings) => settings.preferences}
      skeleton={
        <Stack gap="lg" role="status" aria-label={t('settings.loading')}>
          <Skeleton h={140} radius="md" />
          <Skeleton h={320} radius="md" />
        </Stack>
      }
      failure={t('settings.failure')}
      empty={
        <EmptyList
          icon={IconBellOff}
          action={
            <Anchor component={Link} to={homePathForRole(role)}>
              {t('settings.goHome')}
            </Anchor>
          }
        >
          {t('settings.none')}
        </EmptyList>
      }
    >
      {(rows, settings) => (
        <Stack gap="lg">
          <PushCard pushEnabled={settings.pushEnabled} />
          {settings.phoneVerified ? null : <PhoneChannelsNote />}
          <PreferencesGrid preferences={rows} />
        </Stack>
      )}
    </QueryList>
  );

  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <Stack maw={960}>{content}</Stack>
    </>
  );
}
