import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { NotificationItem } from '@freightlane/domain';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryList } from '../../../components/query-list';
import { notifyError } from '../../../lib/notify';
import { PATHS } from '../../../lib/paths';
import {
  BELL_LIST_SIZE,
  useMarkNotificationsRead,
  useNotifications,
  useUnreadCount,
} from '../api/notifications-api';
import { appPath } from '../notification-link';
import { useNotificationsText } from '../text';
import { NotificationTime } from './notification-time';

/** What the badge shows: the count, or 99+ beyond that so it keeps its size. */
function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

function BellItem({
  item,
  first,
  onOpen,
}: {
  item: NotificationItem;
  first: boolean;
  onOpen: (item: NotificationItem) => void;
}) {
  const t = useNotificationsText();
  return (
    <Box component="li" style={first ? undefined : { borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <UnstyledButton
        onClick={() => onOpen(item)}
        w="100%"
        px="md"
        py="sm"
        bg={item.read ? undefined : 'green.0'}
        style={{ display: 'block' }}
      >
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <Box
            aria-hidden
            mt={6}
            w={8}
            h={8}
            bg={item.read ? 'transparent' : 'green.7'}
            style={{ borderRadius: '50%', flexShrink: 0 }}
          />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={item.read ? 500 : 700} style={{ overflowWrap: 'anywhere' }}>
              {item.read ? null : <VisuallyHidden>{`${t('bell.unread')} `}</VisuallyHidden>}
              {item.title}
            </Text>
            <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              {item.body}
            </Text>
            <NotificationTime iso={item.createdAt} />
          </Stack>
        </Group>
      </UnstyledButton>
    </Box>
  );
}

function LatestNotifications({ unreadCount, onClose }: { unreadCount: number; onClose: () => void }) {
  const t = useNotificationsText();
  const navigate = useNavigate();
  const latest = useNotifications({ page: 0, size: BELL_LIST_SIZE, unreadOnly: false });
  const markRead = useMarkNotificationsRead();

  function open(item: NotificationItem) {
    if (!item.read) {
      markRead.mutate({ ids: [item.id] }, { onError: (error) => notifyError(error, t('notMarkedRead')) });
    }
    const path = appPath(item.link);
    if (path) {
      onClose();
      void navigate(path);
    }
  }

  // The rows run to the menu's edges; the other states keep off them.
  const content = (
    <QueryList
      query={latest}
      skeleton={
        <Stack gap="xs" p="md" role="status" aria-label={t('loading')}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={56} radius="sm" />
          ))}
        </Stack>
      }
      failure={t('failure')}
      inset="md"
      empty={
        <Text size="sm" c="dimmed" p="md">
          {t('noneYet')}
        </Text>
      }
    >
      {(rows) => (
        <Box
          component="ul"
          aria-label={t('bell.latest')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {rows.map((item, index) => (
            <BellItem key={item.id} item={item} first={index === 0} onOpen={open} />
          ))}
        </Box>
      )}
    </QueryList>
  );

  return (
    <>
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <Text fw={700}>{t('bell.title')}</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={unreadCount === 0}
          loading={markRead.isPending && markRead.variables?.all === true}
          onClick={() =>
            markRead.mutate({ all: true }, { onError: (error) => notifyError(error, t('notMarkedRead')) })
          }
        >
          {t('markAllRead')}
        </Button>
      </Group>
      <Divider />
      <ScrollArea.Autosize mah="min(420px, 60vh)" type="auto">
        {content}
      </ScrollArea.Autosize>
      <Divider />
      <Group justify="space-between" px="md" py="sm">
        <Anchor component={Link} to={PATHS.notifications} size="sm" fw={600} onClick={onClose}>
          {t('bell.seeAll')}
        </Anchor>
        <Anchor component={Link} to={PATHS.notificationSettings} size="sm" onClick={onClose}>
          {t('bell.settings')}
        </Anchor>
      </Group>
    </>
  );
}

/**
 * The bell in the app's header: the unread count (kept live by NotificationLiveUpdates) and, when
 * opened, the latest ten notifications.
 */
export function NotificationBell() {
  const t = useNotificationsText();
  const [opened, setOpened] = useState(false);
  const count = useUnreadCount({ load: false }).data?.unreadCount ?? 0;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      shadow="md"
      radius="md"
      trapFocus
      returnFocus
      middlewares={{ flip: true, shift: { padding: 8 } }}
    >
      <Indicator
        label={<span aria-hidden>{badgeText(count)}</span>}
        disabled={count === 0}
        color="red"
        size={18}
        // Sits on the button's corner, off the bell itself, so even "99+" leaves the bell in view.
        offset={1}
        position="top-end"
        inline
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('bell.button', { count })}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={22} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)">
        {opened ? <LatestNotifications unreadCount={count} onClose={() => setOpened(false)} /> : null}
      </Popover.Dropdown>
    </Popover>
  );
}
