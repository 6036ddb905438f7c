import { screen, waitFor, within } from '@testing-library/react';
import { notifications as toasts } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';
import {
  createEventStream,
  mockNotificationApi,
  notification,
  notificationPage,
  sseEvent,
} from '../test-fixtures';

// Each test clicks through the shell; a busy machine needs longer than the default 5 s.
const CLICK_JOURNEY_TIMEOUT_MS = 20_000;

const PROFILE = {
  body: {
    status: 'Successful',
    data: profileFixture({ userType: 'CUSTOMER', role: 'role_customer', firstName: 'Adaeze' }),
  },
};

const BID = notification({
  title: 'New bid on ORD-2026-000042',
  body: 'Kano Haulage Ltd bid ₦450,000.00 per truck.',
  link: '/orders/order-42',
  createdAt: '2026-11-21T13:05:00.000Z',
});
const PAID = notification({
  kind: 'PAYMENT_RECEIVED',
  title: 'Payment received for INV-2026-000017',
  body: '₦450,000.00 was received.',
  link: null,
  read: true,
});

function bell(count: number) {
  return screen.findByRole('button', { name: `Notifications, ${count} unread` });
}

afterEach(() => {
  toasts.clean();
});

describe('the notification bell', { timeout: CLICK_JOURNEY_TIMEOUT_MS }, () => {
  it('shows the unread count and follows the unread events of the stream', async () => {
    const stream = createEventStream();
    const api = mockNotificationApi(
      {
        'GET /api/v1/user/me': PROFILE,
        'GET /api/v1/notifications/unread-count': { body: { unreadCount: 3 } },
      },
      [stream],
    );
    seedSession('role_customer');
    renderRoute('/profile');

    expect(await bell(3)).toBeVisible();
    // The page's own data is asked for before the bell's.
    expect(api.requests[0]?.url).toBe('/api/v1/user/me');
    await waitFor(() => expect(api.opened).toHaveLength(1));
    expect(new Headers(api.opened[0]!.headers).get('authorization')).toMatch(/^Bearer /);

    stream.send(sseEvent('unread', { unreadCount: 5 }));
    expect(await bell(5)).toBeVisible();
    stream.send(': heartbeat\n\n');
    stream.send('event: unread\ndata: {"unreadCount":');
    stream.send('0}\n\n');
    expect(await bell(0)).toBeVisible();
  });

  it('lists the latest ten with their times, and marks all as read', async () => {
    const stream = createEventStream();
    let unread = 1;
    const api = mockNotificationApi(
      {
        'GET /api/v1/user/me': PROFILE,
        'GET /api/v1/notifications/unread-count': () => ({ body: { unreadCount: unread } }),
        'GET /api/v1/notifications': () => ({
          body: notificationPage(unread ? [BID, PAID] : [{ ...BID, read: true }, PAID], unread),
        }),
        'POST /api/v1/notifications/read': () => {
          unread = 0;
          return { body: { unreadCount: 0 } };
        },
      },
      [stream],
    );
    seedSession('role_customer');
    const { user } = renderRoute('/profile');

    await user.click(await bell(1));
    const list = await screen.findByRole('list', { name: 'Latest notifications' });
    expect(api.calls('GET /api/v1/notifications')[0]?.url).toBe('/api/v1/notifications?page=0&size=10');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Unread: New bid on ORD-2026-000042');
    expect(first).toHaveTextContent('Kano Haulage Ltd bid ₦450,000.00 per truck.');
    // Relative time beside the absolute one in Lagos (13:05 UTC is 14:05 in Lagos).
    expect(first).toHaveTextContent(/ago · 21 Nov 2026, 14:05/);
    expect(second).not.toHaveTextContent('Unread');
    const popover = screen.getByRole('dialog');
    expect(within(popover).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/notifications');
    expect(within(popover).getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await bell(0)).toBeVisible();
    expect(api.calls('POST /api/v1/notifications/read')[0]?.body).toEqual({ all: true });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Latest notifications' })).queryByText(/Unread/),
      ).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('marks a notification read when it is opened and goes to its page', async () => {
    const api = mockNotificationApi({
      'GET /api/v1/user/me': PROFILE,
      'GET /api/v1/notifications/unread-count': { body: { unreadCount: 1 } },
      'GET /api/v1/notifications': { body: notificationPage([BID, PAID]) },
      'POST /api/v1/notifications/read': { body: { unreadCount: 0 } },
    });
    seedSession('role_customer');
    const { user, router } = renderRoute('/profile');

    await user.click(await bell(1));
    await user.click(await screen.findByRole('button', { name: /New bid on ORD-2026-000042/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/order-42'));
    expect(api.calls('POST /api/v1/notifications/read')[0]?.body).toEqual({ ids: [BID.id] });
    expect(await bell(0)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Latest notifications' })).toBeNull();
  });

  it('shows a new notification once as a toast and refreshes the list', async () => {
    const stream = createEventStream();
    const fresh = notification({ title: 'Bid won on ORD-2026-000051', body: 'You won 2 containers.' });
    let listed = [BID];
    const api = mockNotificationApi(
      {
        'GET /api/v1/user/me': PROFILE,
        'GET /api/v1/notifications/unread-count': { body: { unreadCount: 1 } },
        'GET /api/v1/notifications': () => ({ body: notificationPage(listed) }),
      },
      [stream],
    );
    seedSession('role_customer');
    const { user } = renderRoute('/profile');

    await user.click(await bell(1));
    await screen.findByRole('list', { name: 'Latest notifications' });
    expect(api.calls('GET /api/v1/notifications')).toHaveLength(1);

    listed = [fresh, BID];
    stream.send(sseEvent('notification', fresh));
    stream.send(sseEvent('unread', { unreadCount: 2 }));
    // The stream may repeat one after reconnecting: it is announced once.
    stream.send(sseEvent('notification', fresh));
    expect(await bell(2)).toBeVisible();

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Bid won on ORD-2026-000051');
    expect(toast).toHaveTextContent('You won 2 containers.');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Latest notifications' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
