import type { PushKeyResponse, PushSubscriptionJson } from '@freightlane/domain';
import type { ApiClient } from '../../../lib/api';
import { NOTIFICATION_TOKEN_KEY } from '../../../lib/session';
import { NOTIFICATIONS_PATH } from './notifications-api';

/** The worker that shows push messages (apps/web/public/notifications-sw.js), for the whole app. */
export const NOTIFICATIONS_WORKER_PATH = '/notifications-sw.js';
export const PUSH_KEY_PATH = `${NOTIFICATIONS_PATH}/push/key`;
export const PUSH_SUBSCRIPTIONS_PATH = `${NOTIFICATIONS_PATH}/push/subscriptions`;

/** Push needs a service worker, the Push API and the Notification API; older browsers lack one. */
export function browserSupportsPush(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window.PushManager !== 'undefined' &&
    typeof window.Notification !== 'undefined'
  );
}

export function pushPermission(): NotificationPermission {
  return typeof window.Notification === 'undefined' ? 'default' : window.Notification.permission;
}

/** The VAPID key the API gives in base64url, as the bytes PushManager.subscribe expects. */
export function base64UrlToUint8Array(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current || current.byteLength !== wanted.byteLength) return false;
  const bytes = new Uint8Array(current);
  return bytes.every((byte, i) => byte === wanted[i]);
}

export type TurnOnOutcome = 'on' | 'denied' | 'dismissed';

/**
 * Subscribes this browser to push: permission first (browsers ignore a request that a click did not
 * lead to, and a slow registration could outlast the click), then the worker, then a subscription with
 * the API's key. The subscription is kept in localStorage as the spec's notificationToken (the next
 * sign-in sends it as deviceId) and given to the API, which links it to this session.
 */
export async function turnOnPush(api: ApiClient): Promise<TurnOnOutcome> {
  const permission = await window.Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  await navigator.serviceWorker.register(NOTIFICATIONS_WORKER_PATH, { scope: '/' });
  // Ready once the worker of this page's scope is active, which subscribing needs.
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api.get<PushKeyResponse>(PUSH_KEY_PATH, { auth: false });
  const key = base64UrlToUint8Array(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    // Made with a key the API no longer has: its messages could never be sent.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const json = subscription.toJSON() as PushSubscriptionJson;
  window.localStorage.setItem(NOTIFICATION_TOKEN_KEY, JSON.stringify(json));
  await api.post<void>(PUSH_SUBSCRIPTIONS_PATH, json);
  return 'on';
}

function storedEndpoint(): string | null {
  const token = window.localStorage.getItem(NOTIFICATION_TOKEN_KEY);
  if (!token) return null;
  try {
    const parsed: unknown = JSON.parse(token);
    const endpoint = (parsed as { endpoint?: unknown } | null)?.endpoint;
    return typeof endpoint === 'string' ? endpoint : null;
  } catch {
    return null;
  }
}

/**
 * Stops push on this browser: the API forgets the subscription first (so a refusal leaves everything
 * as it was), then the browser drops it and the notificationToken goes.
 */
export async function turnOffPush(api: ApiClient): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = (await registration?.pushManager.getSubscription()) ?? null;
  const endpoint = subscription?.endpoint ?? storedEndpoint();
  if (endpoint) {
    await api.request<void>(PUSH_SUBSCRIPTIONS_PATH, { method: 'DELETE', body: { endpoint } });
  }
  await subscription?.unsubscribe();
  window.localStorage.removeItem(NOTIFICATION_TOKEN_KEY);
}
