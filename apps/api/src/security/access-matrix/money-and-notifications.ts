import { paystackSignature } from '../../modules/payment/paystack';
import { termiiSignature } from '../../modules/sms/termii';
import { whatsappSignature } from '../../modules/whatsapp/cloud-api';
import {
  freshNotification,
  freshPushSubscription,
  lagosToday,
  paidInvoice,
  payableInvoice,
  sharedPerSide,
  uniqueReference,
} from '../../test/access-money';
import type { AccessWorld } from '../../test/access-world';
import { lagosDate } from '../../test/marketplace';
import {
  anySignedIn,
  everyone,
  listsOnlyOwn,
  namesNothingOfOtherSide,
  namesOwnAndNothingOfOtherSide,
  onlyRoles,
  own,
  type Cell,
  type MatrixRow,
} from './row';

/**
 * Money, notifications and reports: /api/v1/invoices/**, /api/v1/payments/** (the Paystack webhook
 * included), /api/v1/sms/** (Termii's delivery reports), /api/v1/whatsapp/** (the Cloud API's webhook), /api/v1/ussd/** (Africa's Talking's USSD callback), /api/v1/admin/invoices, /api/v1/admin/payouts, /api/v1/earnings, /api/v1/reports/**,
 * /api/v1/company/waiting-terms and /api/v1/notifications/** (unsubscribe and push key included).
 *
 * An invoice is read by its customer, its transporter's company (owner and fleet managers) and the admin;
 * the transporter's side proposes, revises and withdraws charges, the customer answers them and pays, the
 * admin records bank transfers and payouts (decision 019). Notifications, preferences and push
 * subscriptions belong to one user. Another company's invoice, payment or payout answers 404.
 */

const bothOfInvoice = { customer: own(200, 404), transporter: own(200, 404), fleetManager: own(200, 404) };
const transporterSide = (outcome: ReturnType<typeof own>) =>
  onlyRoles({ transporter: outcome, fleetManager: outcome });

/** The side's invoice with a charge awaiting its customer's answer, or a new one for a cell that changes it. */
const chargedInvoiceOf = async ({ world, owner, side, fresh }: Cell) =>
  fresh ? await world.freshInvoiceWithCharge(owner) : { invoiceId: side.invoiceId, chargeId: side.chargeId };

/** An unpaid invoice with no charge pending, which refused payment cells must leave unpaid. */
const payable = sharedPerSide(payableInvoice);
const payableOf = async ({ world, owner, fresh }: Cell) =>
  fresh ? await payableInvoice(world, owner) : await payable.get(world, owner);

/** A paid invoice with its pending payout, shared by the reads and the refused payout cells. */
const paid = sharedPerSide(paidInvoice);

const chargesOf = ({ world, side }: Cell) => world.stored('invoiceCharges', { invoiceId: side.invoiceId });
const invoiceRow = async (cell: Cell) =>
  cell.world.stored('invoices', { id: (await payable.get(cell.world, cell.owner)).id });

/** The master report's range that holds the world's trips, whose pickup is a few days ahead. */
const worldPickupRange = () => `from=${lagosDate(0)}&to=${lagosDate(30)}`;

/** The objects a cell made for itself, for its check (a request builder runs before the check). */
const madeFor = new WeakMap<Cell, string>();

/** The token of a user made for this cell, like the caller, so changing its own settings spares the caller's. */
const freshCallerToken = async (cell: Cell) =>
  cell.principal === 'anonymous' ? null : (await cell.world.freshSession(cell.principal)).accessToken;

/** A notification kind each role is told about; admins are told about none. */
const KIND_OF_ROLE = {
  customerA: 'TRIP_STATUS_CHANGED',
  customerB: 'TRIP_STATUS_CHANGED',
  transporterA: 'BID_WON',
  transporterB: 'BID_WON',
  fleetManagerA: 'BID_WON',
  admin: 'TRIP_STATUS_CHANGED',
  anonymous: 'TRIP_STATUS_CHANGED',
} as const;

/** A `charge.success` event as Paystack posts it, signed with the platform's secret key. */
function signedWebhook(world: AccessWorld) {
  const body = JSON.stringify({
    event: 'charge.success',
    data: {
      id: 4099260516,
      status: 'success',
      reference: uniqueReference('UNKNOWN'),
      amount: 150_000_00,
      currency: 'NGN',
      channel: 'card',
      paid_at: new Date().toISOString(),
      customer: { email: 'payer@example.com' },
      metadata: {},
    },
  });
  const secret = world.t.ctx.env.paystack?.secretKey;
  if (!secret) throw new Error('The test app takes no online payments');
  return { body, signature: paystackSignature(secret, body) };
}

/** A delivery report as Termii posts it, signed with the platform's secret key, for a message of no one's. */
function signedDeliveryReport(world: AccessWorld) {
  const messageId = uniqueReference('9').replace(/\D/g, '');
  const body = JSON.stringify({
    type: 'sms',
    id: messageId,
    message_id: messageId,
    receiver: '2348031234567',
    sender: 'Freightlane',
    message: 'Your code is 482913',
    sent_at: '2026-11-21 14:05:00',
    cost: '4.00',
    status: 'DELIVERED',
    channel: 'dnd',
  });
  const secret = world.t.ctx.env.sms.termii?.secretKey;
  if (!secret) throw new Error('The test app takes no SMS delivery reports');
  return { body, signature: termiiSignature(secret, body) };
}

/** A status notification as the WhatsApp Cloud API posts it, signed with the app secret, for no one's message. */
function signedWhatsappNotification(world: AccessWorld) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              statuses: [
                {
                  id: `wamid.${uniqueReference('W')}`,
                  status: 'delivered',
                  timestamp: '1764648000',
                  recipient_id: '2348031234567',
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const secret = world.t.ctx.env.whatsapp.cloud?.appSecret;
  if (!secret) throw new Error('The test app takes no WhatsApp notifications');
  return { body, signature: whatsappSignature(secret, body) };
}

export const rows: MatrixRow[] = [
  // Invoices ---------------------------------------------------------------------------------------------
  {
    op: 'GET /api/v1/invoices',
    expect: anySignedIn(200),
    note: 'Each company lists its own invoices; the admin lists every invoice.',
    request: async ({ world, side }) => {
      const [invoice] = await world.stored('invoices', { id: side.invoiceId });
      return { url: `/api/v1/invoices?q=${invoice!.invoiceNumber}` };
    },
    check: listsOnlyOwn((s) => s.invoiceId),
  },
  {
    op: 'GET /api/v1/invoices/summary',
    owned: false,
    expect: anySignedIn(200),
    request: () => ({ url: '/api/v1/invoices/summary' }),
  },
  {
    op: 'GET /api/v1/invoices/{id}',
    expect: { anonymous: 401, ...bothOfInvoice, admin: 200 },
    request: ({ side }) => ({ url: `/api/v1/invoices/${side.invoiceId}` }),
  },
  {
    op: 'GET /api/v1/invoices/{id}/pdf',
    expect: { anonymous: 401, ...bothOfInvoice, admin: 200 },
    request: ({ side }) => ({ url: `/api/v1/invoices/${side.invoiceId}/pdf` }),
  },
  {
    op: 'POST /api/v1/invoices/{id}/charges',
    expect: transporterSide(own(201, 404)),
    request: async (cell) => ({
      url: `/api/v1/invoices/${(await chargedInvoiceOf(cell)).invoiceId}/charges`,
      body: { amountKobo: 1_200_000, reason: 'Second night at the holding bay' },
    }),
    snapshot: chargesOf,
  },
  {
    op: 'PATCH /api/v1/invoices/{id}/charges/{chargeId}',
    expect: transporterSide(own(200, 404)),
    note: 'Only a disputed charge is revised: a succeeding cell disputes its own first.',
    request: async (cell) => {
      const { invoiceId, chargeId } = await chargedInvoiceOf(cell);
      if (cell.fresh) {
        await cell.world.send(
          'POST',
          `/api/v1/invoices/${invoiceId}/charges/${chargeId}/dispute`,
          cell.side.customer.accessToken,
          { note: 'We agreed on one night only' },
        );
      }
      return {
        url: `/api/v1/invoices/${invoiceId}/charges/${chargeId}`,
        body: { amountKobo: 2_000_000, reason: 'Night parking at Tin Can, one night' },
      };
    },
    snapshot: chargesOf,
  },
  {
    op: 'POST /api/v1/invoices/{id}/charges/{chargeId}/withdraw',
    expect: transporterSide(own(200, 404)),
    request: async (cell) => {
      const { invoiceId, chargeId } = await chargedInvoiceOf(cell);
      return { url: `/api/v1/invoices/${invoiceId}/charges/${chargeId}/withdraw` };
    },
    snapshot: chargesOf,
  },
  {
    op: 'POST /api/v1/invoices/{id}/charges/{chargeId}/accept',
    expect: onlyRoles({ customer: own(200, 404) }),
    request: async (cell) => {
      const { invoiceId, chargeId } = await chargedInvoiceOf(cell);
      return { url: `/api/v1/invoices/${invoiceId}/charges/${chargeId}/accept` };
    },
    snapshot: chargesOf,
  },
  {
    op: 'POST /api/v1/invoices/{id}/charges/{chargeId}/dispute',
    expect: onlyRoles({ customer: own(200, 404) }),
    request: async (cell) => {
      const { invoiceId, chargeId } = await chargedInvoiceOf(cell);
      return {
        url: `/api/v1/invoices/${invoiceId}/charges/${chargeId}/dispute`,
        body: { note: 'The truck left the port the same day' },
      };
    },
    snapshot: chargesOf,
  },

  // Payments and payouts ---------------------------------------------------------------------------------
  {
    op: 'POST /api/v1/invoices/{id}/checkout',
    expect: onlyRoles({ customer: own(201, 404) }),
    note: 'Only the customer pays its invoice online (the simulated checkout stands in for Paystack).',
    request: async (cell) => ({ url: `/api/v1/invoices/${(await payableOf(cell)).id}/checkout` }),
    snapshot: async (cell) =>
      cell.world.stored('payments', { invoiceId: (await payable.get(cell.world, cell.owner)).id }),
  },
  {
    op: 'GET /api/v1/payments/verify',
    expect: { ...onlyRoles({ customer: own(200, 404) }), admin: 200 },
    request: async ({ world, owner }) => ({
      url: `/api/v1/payments/verify?reference=${(await paid.get(world, owner)).paymentReference}`,
    }),
  },
  {
    op: 'POST /api/v1/admin/invoices/{id}/bank-transfer',
    expect: onlyRoles({ admin: 201 }),
    request: async (cell) => ({
      url: `/api/v1/admin/invoices/${(await payableOf(cell)).id}/bank-transfer`,
      body: { reference: uniqueReference('TRF'), receivedOn: lagosToday(), note: 'Seen on the statement' },
    }),
    snapshot: invoiceRow,
  },
  {
    op: 'GET /api/v1/earnings',
    expect: onlyRoles({ transporter: 200, fleetManager: 200 }),
    request: async ({ world, owner }) => {
      await paid.get(world, owner);
      return { url: '/api/v1/earnings?status=PENDING&size=100' };
    },
    check: (answer, cell) => listsOnlyOwn(() => paid.now(cell.world, cell.owner).invoiceId)(answer, cell),
  },
  {
    op: 'GET /api/v1/earnings/summary',
    owned: false,
    expect: onlyRoles({ transporter: 200, fleetManager: 200 }),
    request: () => ({ url: '/api/v1/earnings/summary' }),
  },
  {
    op: 'GET /api/v1/admin/payouts',
    owned: false,
    expect: onlyRoles({ admin: 200 }),
    request: () => ({ url: '/api/v1/admin/payouts' }),
  },
  {
    op: 'POST /api/v1/admin/payouts/{id}/paid',
    expect: onlyRoles({ admin: 200 }),
    request: async ({ world, owner, fresh }) => {
      const { payoutId } = fresh ? await paidInvoice(world, owner) : await paid.get(world, owner);
      return {
        url: `/api/v1/admin/payouts/${payoutId}/paid`,
        body: { reference: uniqueReference('PAYOUT') },
      };
    },
    snapshot: async ({ world, owner }) =>
      world.stored('payouts', { id: (await paid.get(world, owner)).payoutId }),
  },
  {
    op: 'POST /api/v1/payments/paystack/webhook',
    owned: false,
    expect: everyone(200),
    note: 'Trusted by its signature alone: a bearer token neither helps nor hinders.',
    request: ({ world }) => {
      const { body, signature } = signedWebhook(world);
      return {
        url: '/api/v1/payments/paystack/webhook',
        body,
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      };
    },
  },

  {
    op: 'POST /api/v1/sms/delivery-reports/termii',
    owned: false,
    expect: everyone(200),
    note: 'Trusted by its signature alone: a bearer token neither helps nor hinders.',
    request: ({ world }) => {
      const { body, signature } = signedDeliveryReport(world);
      return {
        url: '/api/v1/sms/delivery-reports/termii',
        body,
        headers: { 'content-type': 'application/json', 'x-termii-signature': signature },
      };
    },
  },

  {
    op: 'POST /api/v1/ussd/africastalking/{secret}',
    owned: false,
    expect: everyone(200),
    note: "Africa's Talking's callback, trusted by the secret in its address: a bearer token neither helps nor hinders.",
    request: ({ world }) => {
      const ussd = world.t.ctx.env.ussd;
      const fields = {
        sessionId: `matrix_${Date.now()}_${Math.floor(Math.random() * 1e9)}`,
        serviceCode: ussd?.serviceCode ?? '',
        phoneNumber: '+2348099990001',
        text: '',
      };
      return {
        url: `/api/v1/ussd/africastalking/${ussd?.callbackSecret ?? ''}`,
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    },
  },

  {
    op: 'GET /api/v1/whatsapp/webhook',
    owned: false,
    expect: everyone(200),
    note: "Meta's verification handshake: the verify token decides, a bearer token neither helps nor hinders.",
    request: ({ world }) => {
      const token = world.t.ctx.env.whatsapp.cloud?.verifyToken ?? '';
      return {
        url: `/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=42`,
      };
    },
  },
  {
    op: 'POST /api/v1/whatsapp/webhook',
    owned: false,
    expect: everyone(200),
    note: 'Trusted by its signature alone: a bearer token neither helps nor hinders.',
    request: ({ world }) => {
      const { body, signature } = signedWhatsappNotification(world);
      return {
        url: '/api/v1/whatsapp/webhook',
        body,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      };
    },
  },

  // Reports ----------------------------------------------------------------------------------------------
  {
    op: 'GET /api/v1/reports/{kind}',
    owned: false,
    expect: { anonymous: 401, customer: 200, transporter: 404, fleetManager: 404, admin: 404 },
    note: 'A report kind of another role answers 404 as if it did not exist (docs/reports.md 1.1).',
    request: () => ({ url: `/api/v1/reports/master?${worldPickupRange()}` }),
    check: namesOwnAndNothingOfOtherSide((s) => [s.trip.tripNumber]),
  },
  {
    op: 'GET /api/v1/reports/{kind}/export',
    owned: false,
    expect: { anonymous: 401, customer: 200, transporter: 404, fleetManager: 404, admin: 404 },
    request: () => ({ url: `/api/v1/reports/master/export?format=csv&${worldPickupRange()}` }),
    check: namesOwnAndNothingOfOtherSide((s) => [s.trip.tripNumber]),
  },

  // Waiting terms ----------------------------------------------------------------------------------------
  {
    op: 'GET /api/v1/company/waiting-terms',
    owned: false,
    expect: onlyRoles({ transporter: 200, fleetManager: 200 }),
    request: () => ({ url: '/api/v1/company/waiting-terms' }),
  },
  {
    op: 'PUT /api/v1/company/waiting-terms',
    owned: false,
    expect: onlyRoles({ transporter: 200 }),
    note: "The transporter's owner account sets its terms; fleet managers read them.",
    request: async (cell) => ({
      url: '/api/v1/company/waiting-terms',
      body: { freeHours: 6, rateKoboPerHour: 1_500_000 },
      // A succeeding cell sets the terms of a company of its own, so no trip of the world is charged for waiting.
      ...(cell.fresh ? { token: (await cell.world.freshCompanyAccount('TRANSPORTER')).accessToken } : {}),
    }),
    snapshot: ({ world }) => world.stored('companies', { id: world.sides.A.transporterCompanyId }),
  },

  // Notifications ----------------------------------------------------------------------------------------
  {
    op: 'GET /api/v1/notifications',
    expect: anySignedIn(200),
    request: () => ({ url: '/api/v1/notifications?size=100' }),
    check: namesNothingOfOtherSide((s) => [s.customerNotification.id, s.transporterNotification.id]),
  },
  {
    op: 'GET /api/v1/notifications/unread-count',
    owned: false,
    expect: anySignedIn(200),
    request: () => ({ url: '/api/v1/notifications/unread-count' }),
  },
  {
    op: 'POST /api/v1/notifications/read',
    expect: anySignedIn(200),
    note: "Ids of someone else's notifications are ignored: 200, and they stay unread.",
    request: async (cell) => {
      const id = await freshNotification(cell.world, cell.side.customer.userId);
      madeFor.set(cell, id);
      return { url: '/api/v1/notifications/read', body: { ids: [id] } };
    },
    check: async (answer, cell) => {
      if (answer.status !== 200) return;
      const [row] = await cell.world.stored('notifications', { id: madeFor.get(cell) });
      const mine = cell.caller?.userId === cell.side.customer.userId;
      if (mine !== (row!.readAt !== null)) {
        throw new Error(
          mine ? 'its own notification stayed unread' : "it marked someone else's notification read",
        );
      }
    },
  },
  {
    op: 'GET /api/v1/notifications/events',
    owned: false,
    stream: true,
    expect: anySignedIn(200),
    request: () => ({ url: '/api/v1/notifications/events' }),
  },
  {
    op: 'GET /api/v1/notifications/preferences',
    owned: false,
    expect: anySignedIn(200),
    request: () => ({ url: '/api/v1/notifications/preferences' }),
  },
  {
    op: 'PUT /api/v1/notifications/preferences',
    owned: false,
    expect: { ...anySignedIn(200), admin: 400 },
    note: 'Admins are told of no kind of notification, so they have no preference to set.',
    request: async (cell) => ({
      url: '/api/v1/notifications/preferences',
      body: { preferences: [{ kind: KIND_OF_ROLE[cell.principal], channel: 'EMAIL', enabled: false }] },
      token: await freshCallerToken(cell),
    }),
  },
  {
    op: 'GET /api/v1/notifications/push/key',
    owned: false,
    expect: everyone(200),
    request: () => ({ url: '/api/v1/notifications/push/key' }),
  },
  {
    op: 'POST /api/v1/notifications/push/subscriptions',
    owned: false,
    expect: anySignedIn(204),
    request: async (cell) => ({
      url: '/api/v1/notifications/push/subscriptions',
      body: cell.world.push.browser().subscription,
      token: await freshCallerToken(cell),
    }),
  },
  {
    op: 'DELETE /api/v1/notifications/push/subscriptions',
    expect: anySignedIn(204),
    note: "Removing someone else's browser address answers 204 and leaves it subscribed.",
    request: async (cell) => {
      const endpoint = await freshPushSubscription(cell.world, cell.side.customer.accessToken);
      madeFor.set(cell, endpoint);
      return { url: '/api/v1/notifications/push/subscriptions', body: { endpoint } };
    },
    check: async (answer, cell) => {
      if (answer.status !== 204) return;
      const left = await cell.world.stored('pushSubscriptions', { endpoint: madeFor.get(cell) });
      const mine = cell.caller?.userId === cell.side.customer.userId;
      if (mine !== (left.length === 0)) {
        throw new Error(
          mine ? 'its own subscription is still there' : "it removed someone else's subscription",
        );
      }
    },
  },
  {
    op: 'POST /api/v1/notifications/unsubscribe',
    owned: false,
    expect: everyone(200),
    note: "The signed token names the user and kind; the caller's sign-in plays no part (RFC 8058).",
    request: ({ world }) => ({
      url: '/api/v1/notifications/unsubscribe',
      body: { token: world.t.ctx.unsubscribeTokens.sign(world.sides.A.customer.userId, 'PAYMENT_DUE') },
    }),
  },
];
