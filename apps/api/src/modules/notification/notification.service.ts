import type { ServerResponse } from 'node:http';
import {
  channelOnByDefault,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS_BY_ROLE,
  pushSubscriptionJson,
  toPage,
  type MarkNotificationsReadRequest,
  type NotificationItem,
  type NotificationListQuery,
  type NotificationListResponse,
  type NotificationPreference,
  type NotificationPreferencesResponse,
  type PushSubscriptionJson,
  type UnreadCountResponse,
  type UnsubscribeResponse,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { readAll } from '../../db/read-all';
import { AppError } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import {
  announceUsers,
  countNotifications,
  deleteUserPushSubscription,
  findPreferences,
  listNotifications,
  listNotificationsSince,
  markRead,
  sessionHasPush,
  upsertPreferences,
  upsertPushSubscription,
  userPhoneVerified,
} from './notification.repository';

export { queueNotification, type NotificationEvent } from './notification-fanout.job';

/** The spec's /unsubscribe text, which the API's answer repeats. */
export const UNSUBSCRIBED_TEXT = 'You have successfully unsubscribed from an email service.';

/** A person's notifications are theirs alone: every read and write is scoped to the caller's user id. */
function ownNotifications(principal: Principal): { userId: string } {
  return { userId: principal.userId };
}

type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

function toItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listMyNotifications(
  ctx: AppContext,
  principal: Principal,
  query: NotificationListQuery,
): Promise<NotificationListResponse> {
  const { userId } = ownNotifications(principal);
  const unreadOnly = query.unreadOnly ?? false;
  const [rows, total, unreadCount] = await readAll(ctx.db, [
    () =>
      listNotifications(ctx.db, userId, { unreadOnly, offset: query.page * query.size, limit: query.size }),
    () => countNotifications(ctx.db, userId, unreadOnly),
    () => countNotifications(ctx.db, userId, true),
  ]);
  return { ...toPage(rows.map(toItem), total, query), unreadCount };
}

export async function myUnreadCount(ctx: AppContext, principal: Principal): Promise<UnreadCountResponse> {
  const { userId } = ownNotifications(principal);
  return { unreadCount: await countNotifications(ctx.db, userId, true) };
}

/** Marks some (only the caller's own: other ids change nothing) or all as read; every open tab hears it. */
export async function markMyNotificationsRead(
  ctx: AppContext,
  principal: Principal,
  request: MarkNotificationsReadRequest,
): Promise<UnreadCountResponse> {
  const { userId } = ownNotifications(principal);
  return ctx.db.transaction(async (tx) => {
    const changed = await markRead(tx, userId, request.all ? 'all' : (request.ids ?? []));
    if (changed > 0) await announceUsers(tx, [userId]);
    return { unreadCount: await countNotifications(tx, userId, true) };
  });
}

/** Opens the caller's live stream of notifications (see UserNotifications.stream). */
export function streamMyNotifications(
  ctx: AppContext,
  principal: Principal,
  res: ServerResponse,
  hijack: () => void,
): void {
  const { userId } = ownNotifications(principal);
  ctx.userNotifications.stream(
    userId,
    res,
    async (since) => {
      const [rows, unreadCount] = await readAll(ctx.db, [
        () => listNotificationsSince(ctx.db, userId, since),
        () => countNotifications(ctx.db, userId, true),
      ]);
      return { unreadCount, newest: rows.map(toItem) };
    },
    hijack,
  );
}

export async function myPreferences(
  ctx: AppContext,
  principal: Principal,
  db: Executor = ctx.db,
): Promise<NotificationPreferencesResponse> {
  const { userId } = ownNotifications(principal);
  const [saved, pushEnabled, phoneVerified] = await readAll(db, [
    () => findPreferences(db, userId),
    () => sessionHasPush(db, principal.sessionId),
    () => userPhoneVerified(db, userId),
  ]);
  const chosen = new Map(saved.map((p) => [`${p.kind} ${p.channel}`, p.enabled]));
  const preferences = NOTIFICATION_KINDS_BY_ROLE[principal.role].flatMap((kind) =>
    NOTIFICATION_CHANNELS.map((channel) => ({
      kind,
      channel,
      enabled: chosen.get(`${kind} ${channel}`) ?? channelOnByDefault(principal.role, kind, channel),
    })),
  );
  return { preferences, pushEnabled, phoneVerified };
}

export async function updateMyPreferences(
  ctx: AppContext,
  principal: Principal,
  preferences: NotificationPreference[],
  origin: RequestOrigin,
): Promise<NotificationPreferencesResponse> {
  const { userId } = ownNotifications(principal);
  const allowed = NOTIFICATION_KINDS_BY_ROLE[principal.role];
  const errors = preferences.flatMap((p, i) =>
    allowed.includes(p.kind)
      ? []
      : [{ field: `preferences.${i}.kind`, message: 'Your account does not receive this kind' }],
  );
  if (errors.length > 0) {
    throw new AppError('BAD_REQUEST', 'Some preferences cannot be set', { errors });
  }
  return ctx.db.transaction(async (tx) => {
    await upsertPreferences(tx, userId, preferences);
    await audit(tx, principal, origin, {
      action: 'notification_preferences.updated',
      entityType: 'user',
      entityId: userId,
      data: { after: preferences },
    });
    return myPreferences(ctx, principal, tx);
  });
}

export async function pushPublicKey(ctx: AppContext): Promise<{ publicKey: string }> {
  return { publicKey: await ctx.push.publicKey() };
}

async function acceptedSubscription(ctx: AppContext, subscription: PushSubscriptionJson): Promise<void> {
  if (!(await ctx.push.acceptsEndpoint(subscription.endpoint))) {
    throw new AppError('BAD_REQUEST', 'This push address cannot be used', {
      errors: [{ field: 'endpoint', message: 'endpoint must be an https address of a public push service' }],
    });
  }
}

/** This browser's subscription, linked to the caller's session: pushes stop when the session ends. */
export async function subscribeMyBrowser(
  ctx: AppContext,
  principal: Principal,
  subscription: PushSubscriptionJson,
): Promise<void> {
  const { userId } = ownNotifications(principal);
  await acceptedSubscription(ctx, subscription);
  await upsertPushSubscription(ctx.db, { userId, sessionId: principal.sessionId }, subscription);
}

export async function unsubscribeMyBrowser(
  ctx: AppContext,
  principal: Principal,
  endpoint: string,
): Promise<void> {
  const { userId } = ownNotifications(principal);
  await deleteUserPushSubscription(ctx.db, userId, endpoint);
}

/**
 * The login's deviceId header is the spec's stored notificationToken: when it is this browser's push
 * subscription (its JSON), the new session takes it over. Anything else is only a device name, kept on
 * the session as before; a subscription the server may not post to is ignored, never an error at login.
 */
export async function linkLoginDevice(
  ctx: AppContext,
  tx: Executor,
  owner: { userId: string; sessionId: string },
  deviceId: string | null,
): Promise<void> {
  if (!deviceId || !deviceId.startsWith('{')) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(deviceId);
  } catch {
    return;
  }
  const subscription = pushSubscriptionJson.safeParse(parsed);
  if (!subscription.success || !(await ctx.push.acceptsEndpoint(subscription.data.endpoint))) return;
  await upsertPushSubscription(tx, owner, subscription.data);
}

/**
 * The one-click unsubscribe of an e-mail: the token names its user and kind (signed, so it cannot be
 * made for anyone else), and turns that kind of e-mail off. Using it again changes nothing more.
 */
export async function unsubscribeByToken(
  ctx: AppContext,
  token: string,
  origin: RequestOrigin,
): Promise<UnsubscribeResponse> {
  const target = ctx.unsubscribeTokens.verify(token);
  if (!target) {
    throw new AppError(
      'BAD_REQUEST',
      'This unsubscribe link is not valid. Open the link from the e-mail again.',
      {
        errors: [{ field: 'token', message: 'The link is not valid' }],
      },
    );
  }
  await ctx.db.transaction(async (tx) => {
    await upsertPreferences(tx, target.userId, [{ kind: target.kind, channel: 'EMAIL', enabled: false }]);
    await audit(tx, { userId: target.userId, companyId: null }, origin, {
      action: 'notification_preferences.unsubscribed',
      entityType: 'user',
      entityId: target.userId,
      data: { after: { kind: target.kind, channel: 'EMAIL', enabled: false }, via: 'unsubscribe link' },
    });
  });
  return { kind: target.kind, kindLabel: NOTIFICATION_KIND_LABELS[target.kind], message: UNSUBSCRIBED_TEXT };
}
