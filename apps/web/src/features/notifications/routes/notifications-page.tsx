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
import { useNotificationsText } from '../text';

const FILTERS = ['all', 'unread'] as const;
type Filter = (typeof FILTERS)[number];

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
  const t = useNotificationsText();
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
            {t('page.unread')}
          </Badge>
        )}
      </Group>
      {path || !item.read ? (
        <Group gap="xs" mt="sm">
          {path ? (
            <Button
              size="xs"
              variant="light"
              onClick={() => onOpen(path)}
              aria-label={t('page.openLabel', { title: item.title })}
            >
              {t('page.open')}
            </Button>
          ) : null}
          {item.read ? null : (
            <Button
              size="xs"
              variant="default"
              onClick={onMarkRead}
              loading={marking}
              aria-label={t('page.markReadLabel', { title: item.title })}
            >
              {t('page.markRead')}
            </Button>
          )}
        </Group>
      ) : null}
    </Card>
  );
}

/** /notifications: everything the user has been told, newest first, all or only the unread. */
export function NotificationsPage() {
  const t = useNotificationsText();
  usePageTitle(t('page.title'));
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
    markRead.mutate(request, { onError: (error) => notifyError(error, t('notMarkedRead')) });
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
      skeleton={<ListSkeleton label={t('loading')} height={96} />}
      failure={t('failure')}
      empty={
        filter === 'unread' ? (
          <EmptyList
            icon={IconChecks}
            action={
              <Button variant="light" onClick={() => list.update({ show: null })}>
                {t('page.showAll')}
              </Button>
            }
          >
            {t('page.noUnread')}
          </EmptyList>
        ) : (
          <EmptyList
            icon={IconBell}
            action={
              <Anchor component={Link} to={PATHS.notificationSettings}>
                {t('page.chooseWhat')}
              </Anchor>
            }
          >
            {t('noneYet')}
          </EmptyList>
        )
      }
    >
      {(rows) => (
        <Stack
          gap="sm"
          component="ul"
          aria-label={t('page.list')}
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
        title={t('page.title')}
        description={t('page.description')}
        action={
          <Group gap="sm">
            <Button variant="default" component={Link} to={PATHS.notificationSettings}>
              {t('page.settings')}
            </Button>
            <Button
              leftSection={<IconChecks size={18} aria-hidden />}
              disabled={unreadCount === 0}
              loading={markRead.isPending && markRead.variables?.all === true}
              onClick={() => mark({ all: true })}
            >
              {t('markAllRead')}
            </Button>
          </Group>
        }
      />
      <Stack gap="md" maw={860}>
        <Stack gap={4}>
          <Text id={filterLabelId} size="sm" fw={500}>
            {t('page.show')}
          </Text>
          <SegmentedControl
            aria-labelledby={filterLabelId}
            data={FILTERS.map((value) => ({ value, label: t(`page.filter.${value}`) }))}
            value={filter}
            onChange={(value) => list.update({ show: readFilter(value) === 'unread' ? 'unread' : null })}
            w="fit-content"
          />
        </Stack>
        {content}
        {data ? (
          <ListPagination
            page={data}
            noun={[t('page.nounOne'), t('page.nounMany')]}
            onChange={list.setPage}
          />
        ) : null}
      </Stack>
    </>
  );
}
