import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, seedSession } from '../../../test/render';
import { profileFixture } from '../../../test/profile-fixture';
import { mockNotificationApi, notification, notificationPage } from '../test-fixtures';

// Each test clicks through several screens; a busy machine needs longer than the default 5 s.
const CLICK_JOURNEY_TIMEOUT_MS = 20_000;

const TRIP = notification({
  kind: 'TRIP_STATUS_CHANGED',
  title: 'TRP-2026-000123 is loaded',
  body: 'The container left APM Terminals, Apapa.',
  link: '/trips/trip-123',
  createdAt: '2026-11-21T13:05:00.000Z',
});
const INVOICE = notification({
  kind: 'INVOICE_RAISED',
  title: 'Invoice INV-2026-000017 raised',
  body: '₦450,000.00 is due on 5 Dec 2026.',
  link: null,
  read: true,
});

describe('the notifications page', { timeout: CLICK_JOURNEY_TIMEOUT_MS }, () => {
  it('lists the notifications newest first with the unread ones marked, and pages through them', async () => {
    const api = mockNotificationApi({
      'GET /api/v1/notifications': { body: notificationPage([TRIP, INVOICE], 1, { totalElements: 45 }) },
    });
    seedSession('role_transporter');
    const { user, router } = renderRoute('/notifications');

    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(document.title).toBe('Notifications · Freightlane');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(api.calls('GET /api/v1/notifications')[0]?.url).toBe('/api/v1/notifications?page=0&size=20');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('TRP-2026-000123 is loaded');
    expect(first).toHaveTextContent('Unread');
    expect(first).toHaveTextContent('21 Nov 2026, 14:05');
    expect(within(first!).getByRole('button', { name: 'Open: TRP-2026-000123 is loaded' })).toBeVisible();
    expect(second).not.toHaveTextContent('Unread');
    expect(within(second!).queryByRole('button', { name: /^Open/ })).toBeNull();
    expect(within(second!).queryByRole('button', { name: /^Mark as read/ })).toBeNull();
    expect(screen.getByText('1–2 of 45 notifications')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() =>
      expect(api.calls('GET /api/v1/notifications').at(-1)?.url).toBe('/api/v1/notifications?page=1&size=20'),
    );
  });

  it('shows only the unread ones when asked', async () => {
    const api = mockNotificationApi({
      'GET /api/v1/notifications': ({ url }) => ({
        body: url.includes('unreadOnly=true')
          ? notificationPage([TRIP], 1)
          : notificationPage([TRIP, INVOICE], 1),
      }),
    });
    seedSession('role_customer');
    const { user, router } = renderRoute('/notifications');

    await screen.findByRole('list', { name: 'Notifications' });
    await user.click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() => expect(router.state.location.search).toBe('?show=unread'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(api.calls('GET /api/v1/notifications').at(-1)?.url).toBe(
      '/api/v1/notifications?page=0&size=20&unreadOnly=true',
    );
  });

  it('marks one as read, and opens one at its page', async () => {
    let unread = 1;
    const api = mockNotificationApi({
      'GET /api/v1/notifications': () => ({
        body: notificationPage(unread ? [TRIP, INVOICE] : [{ ...TRIP, read: true }, INVOICE], unread),
      }),
      'POST /api/v1/notifications/read': () => {
        unread = 0;
        return { body: { unreadCount: 0 } };
      },
    });
    seedSession('role_customer');
    const { user, router } = renderRoute('/notifications');

    const list = await screen.findByRole('list', { name: 'Notifications' });
    await user.click(within(list).getByRole('button', { name: 'Mark as read: TRP-2026-000123 is loaded' }));
    await waitFor(() => expect(within(list).queryByText('Unread')).toBeNull());
    expect(api.calls('POST /api/v1/notifications/read')[0]?.body).toEqual({ ids: [TRIP.id] });
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

    await user.click(within(list).getByRole('button', { name: /^Open/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trips/trip-123'));
    // Already read: opening it does not mark it again.
    expect(api.calls('POST /api/v1/notifications/read')).toHaveLength(1);
  });

  it('marks every notification read at once', async () => {
    const api = mockNotificationApi({
      'GET /api/v1/notifications': { body: notificationPage([TRIP, INVOICE], 4) },
      'POST /api/v1/notifications/read': { body: { unreadCount: 0 } },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/notifications');

    await screen.findByRole('list', { name: 'Notifications' });
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.calls('POST /api/v1/notifications/read')).toHaveLength(1));
    expect(api.calls('POST /api/v1/notifications/read')[0]?.body).toEqual({ all: true });
  });

  it('says why the list is empty and what to do next', async () => {
    mockNotificationApi({ 'GET /api/v1/notifications': { body: notificationPage([], 0) } });
    seedSession('role_fleet_manager');
    const { user } = renderRoute('/notifications');

    expect(
      await screen.findByText('No notifications yet — you will see bids, trips and payments here'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose what you are told about' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
    await user.click(screen.getByRole('radio', { name: 'Unread' }));
    expect(await screen.findByText('No unread notifications. You are up to date.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show all notifications' }));
    expect(
      await screen.findByText('No notifications yet — you will see bids, trips and payments here'),
    ).toBeVisible();
  });

  it('shows the server’s message when the list cannot be loaded', async () => {
    mockNotificationApi({
      'GET /api/v1/notifications': { status: 503, body: { message: 'The database is restarting.' } },
    });
    seedSession('role_admin');
    renderRoute('/notifications');
    expect(await screen.findByText('The database is restarting.')).toBeVisible();
  });

  it('speaks Pidgin to a person whose profile is in Pidgin', async () => {
    mockNotificationApi({
      'GET /api/v1/notifications': { body: notificationPage([TRIP, INVOICE], 1) },
      'GET /api/v1/user/me': { body: { status: 'Successful', data: profileFixture({ language: 'pcm' }) } },
    });
    seedSession('role_transporter');
    renderRoute('/notifications');

    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first] = within(list).getAllByRole('listitem');
    expect(await within(first!).findByText('Never read')).toBeVisible();
    expect(
      within(first!).getByRole('button', { name: 'Mark am as read: TRP-2026-000123 is loaded' }),
    ).toBeVisible();
    expect(screen.getByText('Bids, trips and payments wey concern you, the new ones first.')).toBeVisible();
  });
});
