import { Card, Stack, Switch, Table, Text, Title } from '@mantine/core';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_GROUPS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreference,
} from '@freightlane/domain';
import { useId } from 'react';
import { useLabels, type Label } from '../../../i18n/labels/labels';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useUpdateNotificationPreference } from '../api/notifications-api';
import { useNotificationsText, type NotificationsText } from '../text';

type Settings = Map<NotificationKind, Map<NotificationChannel, boolean>>;

/** The groups of the domain, in its order, holding only the kinds the API listed for this user. */
export function groupsFor(preferences: NotificationPreference[]) {
  const settings: Settings = new Map();
  for (const { kind, channel, enabled } of preferences) {
    const channels = settings.get(kind) ?? new Map<NotificationChannel, boolean>();
    channels.set(channel, enabled);
    settings.set(kind, channels);
  }
  const groups = NOTIFICATION_KIND_GROUPS.map((group) => ({
    title: group.title,
    kinds: group.kinds.filter((kind) => settings.has(kind)),
  })).filter((group) => group.kinds.length > 0);
  return { groups, settings };
}

type OnToggle = (kind: NotificationKind, channel: NotificationChannel, enabled: boolean) => void;

function switchLabel(
  t: NotificationsText,
  label: Label,
  kind: NotificationKind,
  channel: NotificationChannel,
): string {
  return t('preferences.switch', {
    kind: label('notificationKind', kind),
    channel: label('notificationChannel', channel),
  });
}

function GroupTable({
  title,
  kinds,
  settings,
  onToggle,
}: {
  title: string;
  kinds: NotificationKind[];
  settings: Settings;
  onToggle: OnToggle;
}) {
  const t = useNotificationsText();
  const label = useLabels();
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding={0}>
      <Title order={2} fz="lg" id={titleId} px="lg" pt="md" pb="xs">
        {title}
      </Title>
      <Table verticalSpacing="sm" horizontalSpacing="lg" aria-labelledby={titleId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('preferences.whatHappened')}</Table.Th>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <Table.Th key={channel} scope="col" w={104} ta="center">
                {label('notificationChannel', channel)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kinds.map((kind) => (
            <Table.Tr key={kind}>
              <Table.Th scope="row" fw={500}>
                {label('notificationKind', kind)}
              </Table.Th>
              {NOTIFICATION_CHANNELS.map((channel) => {
                const enabled = settings.get(kind)?.get(channel);
                return (
                  <Table.Td key={channel}>
                    {enabled === undefined ? null : (
                      <Switch
                        checked={enabled}
                        onChange={(event) => onToggle(kind, channel, event.currentTarget.checked)}
                        aria-label={switchLabel(t, label, kind, channel)}
                        styles={{ body: { justifyContent: 'center' } }}
                      />
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function GroupCards({
  title,
  kinds,
  settings,
  onToggle,
}: {
  title: string;
  kinds: NotificationKind[];
  settings: Settings;
  onToggle: OnToggle;
}) {
  const t = useNotificationsText();
  const label = useLabels();
  const titleId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId}>
        {title}
      </Title>
      {kinds.map((kind) => (
        <Card key={kind} withBorder radius="md" padding="md">
          <Text fw={600} mb="sm">
            {label('notificationKind', kind)}
          </Text>
          <Stack gap="sm">
            {NOTIFICATION_CHANNELS.map((channel) => {
              const enabled = settings.get(kind)?.get(channel);
              if (enabled === undefined) return null;
              return (
                <Switch
                  key={channel}
                  checked={enabled}
                  onChange={(event) => onToggle(kind, channel, event.currentTarget.checked)}
                  label={label('notificationChannel', channel)}
                  aria-label={switchLabel(t, label, kind, channel)}
                  labelPosition="left"
                  styles={{ body: { justifyContent: 'space-between' }, labelWrapper: { flex: 1 } }}
                />
              );
            })}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * One switch per kind and channel, saved as soon as it moves: a table per group from 768 px, where its five
 * channel columns fit beside the kind's name, and one card per kind with five labelled switches below.
 */
export function PreferencesGrid({ preferences }: { preferences: NotificationPreference[] }) {
  const t = useNotificationsText();
  const label = useLabels();
  const isWide = useBreakpoint('md');
  const update = useUpdateNotificationPreference();
  const { groups, settings } = groupsFor(preferences);

  async function toggle(kind: NotificationKind, channel: NotificationChannel, enabled: boolean) {
    const what = switchLabel(t, label, kind, channel);
    try {
      await update.mutateAsync({ kind, channel, enabled });
      notifySuccess(enabled ? t('preferences.turnedOn', { what }) : t('preferences.turnedOff', { what }));
    } catch (error) {
      notifyError(error, t('preferences.notSaved', { what }));
    }
  }

  const onToggle: OnToggle = (kind, channel, enabled) => void toggle(kind, channel, enabled);
  const GroupView = isWide ? GroupTable : GroupCards;
  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <GroupView
          key={group.title}
          title={group.title}
          kinds={group.kinds}
          settings={settings}
          onToggle={onToggle}
        />
      ))}
    </Stack>
  );
}
