import { screen, waitFor, within } from '@testing-library/react';
import { notifications as toasts } from '@mantine/notifications';
import {
  NOTIFICATION_CHANNELS,
  notificationPreferencesResponse,
  type NotificationKind,
  type NotificationPreferencesResponse,
} from '@freightlane/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { base64UrlToUint8Array } from '../api/push-device';
import english from '../catalog/en-NG.json';
import { mockNotificationApi } from '../test-fixtures';

// Each test clicks through several screens; a busy machine needs longer than the default 5 s.
const CLICK_JOURNEY_TIMEOUT_MS = 20_000;

const PREFERENCES_URL = 'PUT /api/v1/notifications/preferences';

function preferences(
  kinds: NotificationKind[],
  { pushEnabled = false, phoneVerified = true, off = [] as string[] } = {},
): NotificationPreferencesResponse {
  return apiFixture(notificationPreferencesResponse, {
    preferences: kinds.flatMap((kind) =>
      NOTIFICATION_CHANNELS.map((channel) => ({
        kind,
        channel,
        enabled: !off.includes(`${kind}:${channel}`),
      })),
    ),
    pushEnabled,
    phoneVerified,
  });
}

const CUSTOMER_KINDS: NotificationKind[] = ['BID_RECEIVED', 'TRIP_STATUS_CHANGED', 'PAYMENT_DUE'];
/** Of CUSTOMER_KINDS, the ones in the "Orders and bids" group. */
const CUSTOMER_KINDS_IN_ORDERS = 1;

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

const VAPID_KEY = 'BAMGCQwPEhUYGx4hJCcqLTAzNjk8P0JFSEtOUVRXWl1gY2ZpbG9ydXh7foGEh4qNkJOWmZyfoqWoq66xtLe6vcA';
const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example.net/send/abc123',
  expirationTime: null,
  keys: {
    p256dh: 'BAcOFRwjKjE4P0ZNVFtiaXB3foWMk5qhqK-2vcTL0tng5-71_AMKERgfJi00O0JJUFdeZWxzeoGIj5adpKuyucA',
    auth: 'CQkJCQkJCQkJCQkJCQkJCQ',
  },
};

/** The Push API, the Notification API and a service worker container, as a browser that has them. */
function fakePushBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  subscribed = false,
} = {}) {
  const subscription = {
    endpoint: SUBSCRIPTION_JSON.endpoint,
    options: { applicationServerKey: base64UrlToUint8Array(VAPID_KEY).buffer },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => true),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async (_url: string, _options: RegistrationOptions) => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
  };
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', class PushManager {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  return { serviceWorker, pushManager, subscription, requestPermission };
}

afterEach(() => {
  toasts.clean();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the notification settings page', { timeout: CLICK_JOURNEY_TIMEOUT_MS }, () => {
  it('groups the kinds the API lists, and saves a switch as soon as it moves', async () => {
    pretendDesktop();
    const api = mockNotificationApi({
      'GET /api/v1/notifications/preferences': { body: preferences(CUSTOMER_KINDS) },
      [PREFERENCES_URL]: {
        body: preferences(CUSTOMER_KINDS, { off: ['BID_RECEIVED:EMAIL'] }),
      },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/settings/notifications');

    const orders = await screen.findByRole('table', { name: 'Orders and bids' });
    expect(document.title).toBe('Notification settings · Freightlane');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('table', { name: 'Trips' })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Money' })).toBeVisible();
    // Only what this user can be told about: no company group, no bids won.
    expect(screen.queryByRole('table', { name: 'Your company and fleet' })).toBeNull();
    expect(screen.queryByText('Bids won')).toBeNull();
    const headers = within(orders)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['What happened', 'In the app', 'E-mail', 'Browser push', 'SMS', 'WhatsApp']);
    expect(within(orders).getAllByRole('switch')).toHaveLength(CUSTOMER_KINDS_IN_ORDERS * 5);
    // A verified phone: no note about verifying it.
    expect(screen.queryByText(english['phoneNote.title'])).toBeNull();

    const email = within(orders).getByRole('switch', { name: 'Bids received on your orders: E-mail' });
    expect(email).toBeChecked();
    await user.click(email);
    await waitFor(() => expect(api.calls(PREFERENCES_URL)).toHaveLength(1));
    expect(api.calls(PREFERENCES_URL)[0]?.body).toEqual({
      preferences: [{ kind: 'BID_RECEIVED', channel: 'EMAIL', enabled: false }],
    });
    expect(await screen.findByText('Bids received on your orders: E-mail turned off.')).toBeVisible();
    expect(email).not.toBeChecked();

    await user.click(screen.getByRole('switch', { name: 'Payments falling due: Browser push' }));
    await waitFor(() => expect(api.calls(PREFERENCES_URL)).toHaveLength(2));
    expect(api.calls(PREFERENCES_URL)[1]?.body).toEqual({
      preferences: [{ kind: 'PAYMENT_DUE', channel: 'PUSH', enabled: false }],
    });

    const whatsapp = screen.getByRole('switch', { name: 'Trip status changes: WhatsApp' });
    await user.click(whatsapp);
    await waitFor(() => expect(api.calls(PREFERENCES_URL)).toHaveLength(3));
    expect(api.calls(PREFERENCES_URL)[2]?.body).toEqual({
      preferences: [{ kind: 'TRIP_STATUS_CHANGED', channel: 'WHATSAPP', enabled: false }],
    });
    await user.click(screen.getByRole('switch', { name: 'Payments falling due: SMS' }));
    await waitFor(() => expect(api.calls(PREFERENCES_URL)).toHaveLength(4));
    expect(api.calls(PREFERENCES_URL)[3]?.body).toEqual({
      preferences: [{ kind: 'PAYMENT_DUE', channel: 'SMS', enabled: false }],
    });
  });

  it('says SMS and WhatsApp need a verified number, with the way to the profile, and keeps the switches', async () => {
    pretendDesktop();
    const api = mockNotificationApi({
      'GET /api/v1/notifications/preferences': {
        body: preferences(CUSTOMER_KINDS, { phoneVerified: false, off: ['TRIP_STATUS_CHANGED:SMS'] }),
      },
      [PREFERENCES_URL]: { body: preferences(CUSTOMER_KINDS, { phoneVerified: false }) },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/settings/notifications');

    expect(await screen.findByText(english['phoneNote.title'])).toBeVisible();
    expect(screen.getByText(english['phoneNote.text'])).toBeVisible();
    expect(screen.getByRole('link', { name: 'Verify your phone number on your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    const sms = screen.getByRole('switch', { name: 'Trip status changes: SMS' });
    expect(sms).not.toBeChecked();
    await user.click(sms);
    await waitFor(() => expect(api.calls(PREFERENCES_URL)).toHaveLength(1));
    expect(api.calls(PREFERENCES_URL)[0]?.body).toEqual({
      preferences: [{ kind: 'TRIP_STATUS_CHANGED', channel: 'SMS', enabled: true }],
    });
  });

  it('puts a refused switch back and shows the server’s message', async () => {
    pretendDesktop();
    mockNotificationApi({
      'GET /api/v1/notifications/preferences': { body: preferences(CUSTOMER_KINDS) },
      [PREFERENCES_URL]: { status: 400, body: { message: 'Unknown notification kind' } },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/settings/notifications');

    const inApp = await screen.findByRole('switch', { name: 'Trip status changes: In the app' });
    await user.click(inApp);
    expect(await screen.findByText('Unknown notification kind')).toBeVisible();
    expect(screen.getByText('Trip status changes: In the app not saved')).toBeVisible();
    await waitFor(() => expect(inApp).toBeChecked());
  });

  it('shows one card per kind on a phone, each with its five labelled switches', async () => {
    const api = mockNotificationApi({
      'GET /api/v1/notifications/preferences': {
        body: preferences(['ORDER_OPEN_FOR_BIDS', 'FLEET_DOCUMENT_EXPIRING'], {
          off: ['ORDER_OPEN_FOR_BIDS:PUSH'],
        }),
      },
      [PREFERENCES_URL]: { body: preferences(['ORDER_OPEN_FOR_BIDS', 'FLEET_DOCUMENT_EXPIRING']) },
    });
    seedSession('role_transporter');
    const { user } = renderRoute('/settings/notifications');

    const fleet = await screen.findByRole('region', { name: 'Your company and fleet' });
    expect(within(fleet).getByText('Fleet documents expiring')).toBeVisible();
    expect(within(fleet).getAllByRole('switch')).toHaveLength(5);
    expect(within(fleet).getByText('SMS')).toBeVisible();
    expect(within(fleet).getByText('WhatsApp')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    const push = screen.getByRole('switch', { name: 'New orders you can bid on: Browser push' });
    expect(push).not.toBeChecked();
    await user.click(push);
    await waitFor(() => expect(api.calls(PREFERENCES_URL)).toHaveLength(1));
    expect(api.calls(PREFERENCES_URL)[0]?.body).toEqual({
      preferences: [{ kind: 'ORDER_OPEN_FOR_BIDS', channel: 'PUSH', enabled: true }],
    });
  });

  it('says when the browser cannot do push', async () => {
    mockNotificationApi({
      'GET /api/v1/notifications/preferences': { body: preferences(CUSTOMER_KINDS) },
    });
    seedSession('role_customer');
    renderRoute('/settings/notifications');
    expect(await screen.findByText(/This browser cannot show push notifications/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /push notifications on this device/ })).toBeNull();
  });

  it('turns push on: permission, the worker, a subscription with the API’s key, stored and sent', async () => {
    const browser = fakePushBrowser();
    let pushEnabled = false;
    const api = mockNotificationApi({
      'GET /api/v1/notifications/preferences': () => ({ body: preferences(CUSTOMER_KINDS, { pushEnabled }) }),
      'GET /api/v1/notifications/push/key': { body: { publicKey: VAPID_KEY } },
      'POST /api/v1/notifications/push/subscriptions': () => {
        pushEnabled = true;
        return { status: 204 };
      },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/settings/notifications');

    await user.click(
      await screen.findByRole('button', { name: 'Turn on push notifications on this device' }),
    );
    expect(
      await screen.findByRole('button', { name: 'Turn off push notifications on this device' }),
    ).toBeVisible();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/notifications-sw.js', { scope: '/' });
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(
      Array.from(Buffer.from(VAPID_KEY, 'base64url')),
    );
    expect(window.localStorage.getItem('notificationToken')).toBe(JSON.stringify(SUBSCRIPTION_JSON));
    expect(api.calls('POST /api/v1/notifications/push/subscriptions')[0]?.body).toEqual(SUBSCRIPTION_JSON);
    expect(screen.getByText('Push notifications are on for this device.', { selector: 'p' })).toBeVisible();
  });

  it('says what to do when the browser’s question is closed without an answer', async () => {
    const browser = fakePushBrowser({ answer: 'default' });
    const api = mockNotificationApi({
      'GET /api/v1/notifications/preferences': { body: preferences(CUSTOMER_KINDS) },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/settings/notifications');

    await user.click(
      await screen.findByRole('button', { name: 'Turn on push notifications on this device' }),
    );
    expect(await screen.findByText(/Press the button again to be asked again/)).toBeVisible();
    expect(browser.serviceWorker.register).not.toHaveBeenCalled();
    expect(api.calls('POST /api/v1/notifications/push/subscriptions')).toHaveLength(0);
  });

  it('turns push off: the API forgets it, the browser drops it, the token goes', async () => {
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    window.localStorage.setItem('notificationToken', JSON.stringify(SUBSCRIPTION_JSON));
    let pushEnabled = true;
    const api = mockNotificationApi({
      'GET /api/v1/notifications/preferences': () => ({ body: preferences(CUSTOMER_KINDS, { pushEnabled }) }),
      'DELETE /api/v1/notifications/push/subscriptions': () => {
        pushEnabled = false;
        return { status: 204 };
      },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/settings/notifications');

    await user.click(
      await screen.findByRole('button', { name: 'Turn off push notifications on this device' }),
    );
    expect(
      await screen.findByRole('button', { name: 'Turn on push notifications on this device' }),
    ).toBeVisible();
    expect(api.calls('DELETE /api/v1/notifications/push/subscriptions')[0]?.body).toEqual({
      endpoint: SUBSCRIPTION_JSON.endpoint,
    });
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('notificationToken')).toBeNull();
  });

  it('keeps push on when the API refuses to turn it off, with the server’s message', async () => {
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    window.localStorage.setItem('notificationToken', JSON.stringify(SUBSCRIPTION_JSON));
    mockNotificationApi({
      'GET /api/v1/notifications/preferences': { body: preferences(CUSTOMER_KINDS, { pushEnabled: true }) },
      'DELETE /api/v1/notifications/push/subscriptions': {
        status: 503,
        body: { message: 'Something went wrong on our side. Please try again in a moment.' },
      },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/settings/notifications');

    await user.click(
      await screen.findByRole('button', { name: 'Turn off push notifications on this device' }),
    );
    expect(
      await screen.findByText('Something went wrong on our side. Please try again in a moment.'),
    ).toBeVisible();
    expect(browser.subscription.unsubscribe).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('notificationToken')).toBe(JSON.stringify(SUBSCRIPTION_JSON));
  });

  it('says how to allow notifications when the browser blocks them', async () => {
    fakePushBrowser({ permission: 'denied' });
    mockNotificationApi({
      'GET /api/v1/notifications/preferences': { body: preferences(CUSTOMER_KINDS) },
    });
    seedSession('role_customer');
    renderRoute('/settings/notifications');
    expect(await screen.findByText(english['push.blocked'])).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn on push notifications on this device' })).toBeNull();
  });

  it('tells an account with nothing to choose so, with a way on', async () => {
    mockNotificationApi({
      'GET /api/v1/notifications/preferences': { body: preferences([]) },
    });
    seedSession('role_admin');
    renderRoute('/settings/notifications');
    expect(
      await screen.findByText('Your account is not sent notifications, so there is nothing to choose here.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute('href', '/admin');
  });
});
