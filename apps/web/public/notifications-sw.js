/* global self -- a service worker's own global */
// Shows the signed-in app's push notifications (scope /, registered from /settings/notifications). It has
// no fetch handler on purpose: the app is not cached by it, so every page and call goes to the network as
// if it were not there. The driver page's own worker (/driver/sw.js) keeps its narrower scope.
const ICON = '/driver/icon-192.png';
const DEFAULT_TITLE = 'Freightlane';

/** Only a path on this site is opened, so a message can never send the user to another site. */
function appPath(link) {
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) {
    return '/';
  }
  return link;
}

/** The API sends {title, body, link, tag} as JSON; anything else is shown as plain text. */
function readMessage(data) {
  if (!data) return { title: DEFAULT_TITLE, body: '', link: '/', tag: undefined };
  let message;
  try {
    message = data.json();
  } catch {
    return { title: DEFAULT_TITLE, body: data.text(), link: '/', tag: undefined };
  }
  return {
    title: typeof message.title === 'string' && message.title ? message.title : DEFAULT_TITLE,
    body: typeof message.body === 'string' ? message.body : '',
    link: appPath(message.link),
    tag: typeof message.tag === 'string' && message.tag ? message.tag : undefined,
  };
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: ICON,
      badge: ICON,
      // The same tag replaces the earlier message (a retried delivery, a trip's next status) instead of
      // stacking up.
      tag: message.tag,
      data: { link: message.link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = appPath(event.notification.data && event.notification.data.link);
  const url = new URL(link, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window' });
      const tab = windows.find((client) => {
        const { origin, pathname } = new URL(client.url);
        return origin === self.location.origin && !pathname.startsWith('/driver/');
      });
      if (tab) {
        // Focus first, while the click still allows it; then the tab goes to the page the message names.
        await tab.focus();
        try {
          await tab.navigate(url);
          return;
        } catch {
          // A tab this worker does not control cannot be navigated: a new window opens instead.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
