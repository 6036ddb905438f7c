import { z } from 'zod';
import {
  markNotificationsReadRequest,
  notificationListQuery,
  notificationListResponse,
  notificationPreferencesResponse,
  pushKeyResponse,
  pushSubscriptionJson,
  unreadCountResponse,
  unsubscribeRequest,
  unsubscribeResponse,
  updateNotificationPreferencesRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import {
  listMyNotifications,
  markMyNotificationsRead,
  myPreferences,
  myUnreadCount,
  pushPublicKey,
  streamMyNotifications,
  subscribeMyBrowser,
  unsubscribeByToken,
  unsubscribeMyBrowser,
  updateMyPreferences,
} from './notification.service';

const tags = ['Notifications'];

const STREAM_DESCRIPTION =
  'Server-Sent Events for the signed-in user (send the Authorization header; read it with fetch). First ' +
  '`retry: 2000`, then `event: unread` with `data: {"unreadCount": n}`, sent again whenever the count ' +
  'changes (a new notification, or some read in another tab or on another instance); `event: notification` ' +
  'with one notification as data when it arrives; a `: keep-alive` comment every 20 s.';

/** RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` as a form to the link. */
const oneClickQuery = z.object({ token: unsubscribeRequest.shape.token.optional() });

export function notificationRoutes(app: ZodApp, ctx: AppContext): void {
  const signedIn = requireAuth(ctx);
  app.addHook('preClose', async () => ctx.userNotifications.stop());

  app.get(
    '/api/v1/notifications',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Your in-app notifications, newest first, with the unread count',
        security: bearerSecurity,
        querystring: notificationListQuery,
        response: { 200: notificationListResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => listMyNotifications(ctx, principalOf(request), request.query),
  );

  app.get(
    '/api/v1/notifications/unread-count',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'How many of your in-app notifications are unread',
        security: bearerSecurity,
        response: { 200: unreadCountResponse, ...errorResponses(401) },
      },
    },
    async (request) => myUnreadCount(ctx, principalOf(request)),
  );

  app.post(
    '/api/v1/notifications/read',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Mark some of your notifications (ids) or all of them (all: true) as read',
        security: bearerSecurity,
        body: markNotificationsReadRequest,
        response: { 200: unreadCountResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => markMyNotificationsRead(ctx, principalOf(request), request.body),
  );

  app.get(
    '/api/v1/notifications/events',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Your notifications live: the unread count and each new notification',
        description: STREAM_DESCRIPTION,
        security: bearerSecurity,
        response: {
          200: z.string().meta({
            description: STREAM_DESCRIPTION,
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          }),
          ...errorResponses(401, 429),
        },
      },
    },
    async (request, reply) => {
      streamMyNotifications(ctx, principalOf(request), reply.raw, () => reply.hijack());
    },
  );

  app.get(
    '/api/v1/notifications/preferences',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Your choices per kind and channel (in the app, e-mail, browser push, SMS, WhatsApp)',
        security: bearerSecurity,
        response: { 200: notificationPreferencesResponse, ...errorResponses(401) },
      },
    },
    async (request) => myPreferences(ctx, principalOf(request)),
  );

  app.put(
    '/api/v1/notifications/preferences',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Change some of your choices; the others stay as they are',
        security: bearerSecurity,
        body: updateNotificationPreferencesRequest,
        response: { 200: notificationPreferencesResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      updateMyPreferences(ctx, principalOf(request), request.body.preferences, { ip: request.ip }),
  );

  app.get(
    '/api/v1/notifications/push/key',
    {
      schema: {
        tags,
        summary: "The server's Web Push (VAPID) public key, for PushManager.subscribe",
        response: { 200: pushKeyResponse },
      },
    },
    async () => pushPublicKey(ctx),
  );

  app.post(
    '/api/v1/notifications/push/subscriptions',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: "This browser's push subscription (PushSubscription.toJSON()), linked to your session",
        security: bearerSecurity,
        body: pushSubscriptionJson,
        response: { 204: z.null(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await subscribeMyBrowser(ctx, principalOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/v1/notifications/push/subscriptions',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary: 'Stop pushes to this browser',
        security: bearerSecurity,
        body: pushSubscriptionJson.pick({ endpoint: true }),
        response: { 204: z.null(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await unsubscribeMyBrowser(ctx, principalOf(request), request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  // Mail clients send the one-click unsubscribe as a form whose only field is fixed, so its body is not
  // read; the parser is registered in this route's own scope, so no other route takes forms.
  void app.register(async (scoped: ZodApp) => {
    scoped.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    scoped.post(
      '/api/v1/notifications/unsubscribe',
      {
        schema: {
          tags,
          summary: "Turn off one kind of e-mail with an e-mail's signed unsubscribe token (no sign-in)",
          description:
            'The token comes in the JSON body ({"token"}) from the /unsubscribe page, or in the query with a ' +
            '`List-Unsubscribe=One-Click` form body from a mail client (RFC 8058).',
          querystring: oneClickQuery,
          body: unsubscribeRequest.partial().optional(),
          response: { 200: unsubscribeResponse, ...errorResponses(400, 429) },
        },
      },
      async (request) => {
        const token = request.body?.token ?? request.query.token ?? '';
        return unsubscribeByToken(ctx, token, { ip: request.ip });
      },
    );
  });
}
