import { Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { NotificationItem } from '@freightlane/domain';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams } from '../../../components/use-list-params';
import { notifyError } from '../../../lib/notify';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { NOTIFICATION_PAGE_SIZE, useMarkNotificationsRead, useNotifications } from '../api/notifications-api';
import { NotificationTime } from '../components/notification-time';
import { appPath } from '../notification-link';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

function readFilter(value: string | null): Filter {
  return value === 'unread' ? 'unread' : 'all';
}

function NotificationCard({
  item,
  onOpen,
  onMarkRead,
  marking,
}: {
  item: NotificationItem;
  onOpen: (path: string) => void;
  onMarkRead: () => void;
  marking: boolean;
}) {
  const path = appPath(item.link);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="li"
      bg={item.read ? undefined : 'green.0'}
      style={item.read ? undefined : { borderLeft: '4px solid var(--mantine-color-green-7)' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={item.read ? 500 : 700} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.body}
          </Text>
          <NotificationTime iso={item.createdAt} />
        </Stack>
        {item.read ? null : (
          <Badge color="green" variant="filled" style={{ flexShrink: 0 }}>
            Unread
          </Badge>
        )}
      </Group>
      {path || !item.read ? (
        <Group gap="xs" mt="sm">
          {path ? (
            <Button size="xs" variant="light" onClick={() => onOpen(path)} aria-label={`Open: ${item.title}`}>
              Open
            </Button>
          ) : null}
          {item.read ? null : (
            <Button
              size="xs"
              variant="default"
              onClick={onMarkRead}
              loading={marking}
              aria-label={`Mark as read: ${item.title}`}
            >
              Mark as read
            </Button>
          )}
        </Group>
      ) : null}
    </Card>
  );
}

/** /notifications: everything the user has been told, newest first, all or only the unread. */
export function NotificationsPage() {
  usePageTitle('Notifications');
  const navigate = useNavigate();
  const list = useListParams();
  const filter = readFilter(list.params.get('show'));
  const filterLabelId = useId();
  const notifications = useNotifications({
    page: list.page,
    size: NOTIFICATION_PAGE_SIZE,
    unreadOnly: filter === 'unread',
  });
  const markRead = useMarkNotificationsRead();
  const unreadCount = notifications.data?.unreadCount ?? 0;

  function mark(request: { ids: string[] } | { all: true }) {
    markRead.mutate(request, { onError: (error) => notifyError(error, 'Not marked as read') });
  }

  function open(item: NotificationItem, path: string) {
    if (!item.read) mark({ ids: [item.id] });
    void navigate(path);
  }

  const markingId =
    markRead.isPending && markRead.variables && 'ids' in markRead.variables
      ? markRead.variables.ids?.[0]
      : undefined;

  const data = notifications.data;
  const content = (
    <QueryList
      query={notifications}
      skeleton={<ListSkeleton label="Loading notifications" height={96} />}
      failure="Could not load your notifications"
      empty={
        filter === 'unread' ? (
          <EmptyList
            icon={IconChecks}
            action={
              <Button variant="light" onClick={() => list.update({ show: null })}>
                Show all notifications
              </Button>
            }
          >
            No unread notifications. You are up to date.
          </EmptyList>
        ) : (
          <EmptyList
            icon={IconBell}
            action={
              <Anchor component={Link} to={PATHS.notificationSettings}>
                Choose what you are told about
              </Anchor>
            }
          >
            No notifications yet — you will see bids, trips and payments here
          </EmptyList>
        )
      }
    >
      {(rows) => (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Notifications"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {rows.map((item) => (
            <NotificationCard
              key={item.id}
              item={item}
              onOpen={(path) => open(item, path)}
              onMarkRead={() => mark({ ids: [item.id] })}
              marking={markingId === item.id}
            />
          ))}
        </Stack>
      )}
    </QueryList>
  );

  return (
    <>
      <PageHeader
        title="Notifications"
        description="Bids, trips and payments that concern you, newest first."
        action={
          <Group gap="sm">
            <Button variant="default" component={Link} to={PATHS.notificationSettings}>
              Settings
            </Button>
            <Button
              leftSection={<IconChecks size={18} aria-hidden />}
              disabled={unreadCount === 0}
              loading={markRead.isPending && markRead.variables?.all === true}
              onClick={() => mark({ all: true })}
            >
              Mark all as read
            </Button>
          </Group>
        }
      />
      <Stack gap="md" maw={860}>
        <Stack gap={4}>
          <Text id={filterLabelId} size="sm" fw={500}>
            Show
          </Text>
          <SegmentedControl
            aria-labelledby={filterLabelId}
            data={FILTERS.map((f) => ({ value: f.value, label: f.label }))}
            value={filter}
            onChange={(value) => list.update({ show: readFilter(value) === 'unread' ? 'unread' : null })}
            w="fit-content"
          />
        </Stack>
        {content}
        {data ? (
          <ListPagination page={data} noun={['notification', 'notifications']} onChange={list.setPage} />
        ) : null}
      </Stack>
    </>
  );
}
