import { randomBytes } from 'node:crypto';
import { notifications } from '../db/schema';
import type { AccessWorld, Side } from './access-world';
import { call } from './test-app';

/**
 * Money and notification objects the access matrix's money rows need beyond the shared world: invoices
 * that can be paid, paid invoices with their payouts, and notifications and push subscriptions made for
 * one cell.
 */

/** Today in Lagos as YYYY-MM-DD: the day a bank transfer is recorded as received. */
export const lagosToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());

/** A payment or payout reference no other cell uses. */
export const uniqueReference = (prefix: string) =>
  `${prefix}-${randomBytes(5).toString('hex').toUpperCase()}`;

/** A new unpaid invoice of the side's pair with no charge awaiting an answer: it can be paid at once. */
export async function payableInvoice(
  world: AccessWorld,
  side: Side,
): Promise<{ id: string; invoiceNumber: string }> {
  const { order } = await world.freshAwarded(side);
  const invoice = await world.invoiceOf(order.trips[0]!.id);
  return { id: invoice.id, invoiceNumber: invoice.invoiceNumber };
}

export interface PaidInvoice {
  invoiceId: string;
  /** The bank transfer's reference, which GET /payments/verify reads. */
  paymentReference: string;
  payoutId: string;
}

/** A new invoice of the side's pair paid by bank transfer (recorded by the admin): its payout is pending. */
export async function paidInvoice(world: AccessWorld, side: Side): Promise<PaidInvoice> {
  const invoice = await payableInvoice(world, side);
  const paymentReference = uniqueReference('TRF');
  await world.send(
    'POST',
    `/api/v1/admin/invoices/${invoice.id}/bank-transfer`,
    world.sessions.admin.accessToken,
    {
      reference: paymentReference,
      receivedOn: lagosToday(),
    },
  );
  const payouts = await world.read(
    '/api/v1/admin/payouts?status=PENDING&size=100',
    world.sessions.admin.accessToken,
  );
  const earning = (payouts.content as { invoiceId: string; payout: { id: string } }[]).find(
    (e) => e.invoiceId === invoice.id,
  );
  if (!earning) throw new Error(`No payout for the paid invoice ${invoice.invoiceNumber}`);
  return { invoiceId: invoice.id, paymentReference, payoutId: earning.payout.id };
}

/**
 * Objects made once per world and side and shared by the refused cells of several rows; `now` answers the
 * one already made, for checks that run after the request was built.
 */
export function sharedPerSide<T>(make: (world: AccessWorld, side: Side) => Promise<T>) {
  const made = new WeakMap<AccessWorld, Partial<Record<Side, Promise<T>>>>();
  const settled = new WeakMap<AccessWorld, Partial<Record<Side, T>>>();
  return {
    get(world: AccessWorld, side: Side): Promise<T> {
      const bySide = made.get(world) ?? {};
      made.set(world, bySide);
      bySide[side] ??= make(world, side).then((value) => {
        const done = settled.get(world) ?? {};
        settled.set(world, done);
        done[side] = value;
        return value;
      });
      return bySide[side];
    },
    now(world: AccessWorld, side: Side): T {
      const value = settled.get(world)?.[side];
      if (value === undefined) throw new Error(`The shared object of side ${side} was not made yet`);
      return value;
    },
  };
}

/** A new unread in-app notification of `userId`, for a cell that marks notifications read. */
export async function freshNotification(world: AccessWorld, userId: string): Promise<string> {
  const [row] = await world.t.ctx.db
    .insert(notifications)
    .values({
      userId,
      kind: 'TRIP_STATUS_CHANGED',
      title: 'Trip started',
      body: 'Your container left the terminal.',
      sourceKey: `access-matrix:${randomBytes(6).toString('hex')}`,
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/**
 * A browser push subscription of the user signed in with `token`, at the world's push service on loopback
 * (a public address would make every later notification wait on the internet).
 */
export async function freshPushSubscription(world: AccessWorld, token: string): Promise<string> {
  const { subscription } = world.push.browser();
  const endpoint = subscription.endpoint;
  const res = await call(world.t.app, 'POST', '/api/v1/notifications/push/subscriptions', subscription, {
    token,
  });
  if (res.status !== 204)
    throw new Error(`Subscribing a browser failed: ${res.status} ${JSON.stringify(res.body)}`);
  return endpoint;
}

/** A browser's PushSubscription JSON with well-formed keys. */
export function pushSubscriptionBody(endpoint: string) {
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: `B${randomBytes(64).toString('base64url')}`.slice(0, 87),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}
