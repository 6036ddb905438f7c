import { isUrgentNotification, MESSAGE_SPEND_CAP_REACHED, type NotificationKind } from '@freightlane/domain';
import type { Locale, NotificationKey } from '@freightlane/domain/i18n';
import type { AppContext } from '../../context';
import { notificationsDelivered } from '../../lib/metrics';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { renderEmail } from '../../lib/mail-layout';
import type { MailMessage } from '../../plugins/mail';
import { queueSms } from '../sms';
import type { DeliveryJob, RenderedEmail } from './notification-fanout.job';
import {
  notificationSmsText,
  notificationTemplate,
  notificationWhatsappParameters,
  type NotificationTemplateName,
} from './notification-phone-text';
import {
  notificationKindLabel,
  readerLocale,
  renderNotificationMessage,
  type NotificationValue,
} from './notification-text';
import {
  deletePushSubscriptionById,
  findDelivery,
  findLivePushSubscriptions,
  lockQueuedDelivery,
  markDeliveryAttemptFailed,
  markDeliverySent,
  settlePhoneDelivery,
  touchPushSubscription,
} from './notification.repository';

/** Six tries over about three hours: 30 s, 2 min, 8 min, 32 min, then about two hours. */
export const DELIVERY_MAX_ATTEMPTS = 6;
export function deliveryBackoffSeconds(attempt: number): number {
  return Math.min(30 * 4 ** (attempt - 1), 2 * 60 * 60);
}

export class DeliveryError extends Error {}

/**
 * A notification's WhatsApp message: one of the `notify_<kind>` templates in the reader's language, with the
 * SMS to fall back on.
 */
export interface NotificationWhatsappRequest {
  to: string;
  purpose: string;
  companyId: string;
  urgent: boolean;
  template: NotificationTemplateName;
  /** The reader's language: the WhatsApp channel sends the template approved in it. */
  language: Locale;
  parameters: string[];
  fallbackSmsText?: string;
}

/**
 * The WhatsApp channel's queueWhatsapp, handed in by app.ts rather than imported: the WhatsApp module
 * answers trip questions through public tracking and trips, which raise notifications, so importing its face
 * here would close a circle of modules.
 */
export interface WhatsappSender {
  queueWhatsapp(
    ctx: AppContext,
    executor: Executor,
    request: NotificationWhatsappRequest,
  ): Promise<{ id: string; status: 'QUEUED' | 'FAILED' }>;
}

/**
 * Sends one delivery and records what came of it: SENT, or after the last try FAILED with the reason.
 * A failure throws, so the job queue tries again later with its backoff.
 */
export async function deliver(
  ctx: AppContext,
  job: DeliveryJob,
  attempt: { final: boolean },
  whatsapp: WhatsappSender,
): Promise<void> {
  const delivery = await findDelivery(ctx.db, job.deliveryId);
  if (!delivery || delivery.status !== 'QUEUED') return;
  if (delivery.deactivatedAt || delivery.erasedAt) {
    await markDeliveryAttemptFailed(ctx.db, delivery.id, 'The account was closed before sending', true);
    counted(delivery.channel, 'failed');
    return;
  }
  if (delivery.channel === 'SMS' || delivery.channel === 'WHATSAPP') {
    await deliverToPhone(ctx, delivery, delivery.channel, attempt, whatsapp);
    return;
  }
  try {
    if (delivery.channel === 'EMAIL') {
      await ctx.mailer.send(notificationMail(ctx, delivery, job.email));
    } else {
      await sendPush(ctx, delivery);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // An answer saying the subscription is gone is final at once: trying again cannot help.
    const final = attempt.final || error instanceof GoneError;
    await markDeliveryAttemptFailed(ctx.db, delivery.id, reason, final);
    counted(delivery.channel, final ? 'failed' : 'retry');
    if (error instanceof GoneError) return;
    throw error;
  }
  await markDeliverySent(ctx.db, delivery.id);
  counted(delivery.channel, 'sent');
}

/** Counts a delivery's outcome for GET /metrics. */
function counted(channel: string, outcome: 'sent' | 'handed_over' | 'retry' | 'failed'): void {
  notificationsDelivered.inc({ channel, outcome });
}

class GoneError extends DeliveryError {}

type Delivery = NonNullable<Awaited<ReturnType<typeof findDelivery>>>;

/** What a notification's SMS and WhatsApp messages are kept under: `notification.trip-status-changed`. */
export function notificationPurpose(kind: NotificationKind): string {
  return `notification.${kind.toLowerCase().replaceAll('_', '-')}`;
}

/**
 * Hands an SMS or WhatsApp delivery to its channel, in one transaction with the delivery's update: the
 * message is recorded and its sending queued (the channel's own job sends it, with its retries, quiet
 * hours and, for WhatsApp, the SMS fallback), and the delivery links it, SENT once the message was taken
 * for sending, or FAILED with the reason the channel refused it (the company's spend cap). The company
 * pays for its own people's messages. A message the channel refuses as malformed fails at once, as
 * trying again would send the same thing.
 */
async function deliverToPhone(
  ctx: AppContext,
  delivery: Delivery,
  channel: 'SMS' | 'WHATSAPP',
  attempt: { final: boolean },
  sender: WhatsappSender,
): Promise<void> {
  if (!delivery.phoneVerifiedAt) {
    await markDeliveryAttemptFailed(ctx.db, delivery.id, 'The phone number is not verified', true);
    counted(channel, 'failed');
    return;
  }
  const { appUrl } = ctx.env;
  const locale = readerLocale(delivery.language);
  const smsText = notificationSmsText(delivery, appUrl);
  const common = {
    to: delivery.phoneNumber,
    purpose: notificationPurpose(delivery.kind),
    companyId: delivery.companyId,
    urgent: isUrgentNotification(delivery.kind),
  };
  let settled: string | null | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await lockQueuedDelivery(tx, delivery.id))) return;
      if (channel === 'SMS') {
        const sms = await queueSms(ctx, tx, { ...common, text: smsText });
        settled = refusal(sms.status);
        await settlePhoneDelivery(tx, delivery.id, { smsMessageId: sms.id }, settled);
      } else {
        const whatsapp = await sender.queueWhatsapp(ctx, tx, {
          ...common,
          template: notificationTemplate(delivery.kind),
          language: locale,
          parameters: notificationWhatsappParameters(delivery, appUrl, locale),
          // Someone who also takes this notification by SMS gets it that way already.
          ...(delivery.smsAlso ? {} : { fallbackSmsText: smsText }),
        });
        settled = refusal(whatsapp.status);
        await settlePhoneDelivery(tx, delivery.id, { whatsappMessageId: whatsapp.id }, settled);
      }
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const refused = error instanceof AppError && error.code === 'BAD_REQUEST';
    await markDeliveryAttemptFailed(ctx.db, delivery.id, reason, attempt.final || refused);
    counted(channel, attempt.final || refused ? 'failed' : 'retry');
    if (refused) return;
    throw error;
  }
  // Undefined when another worker had settled it already.
  if (settled !== undefined) counted(channel, settled === null ? 'handed_over' : 'failed');
  ctx.jobs.kick();
}

function refusal(status: 'QUEUED' | 'FAILED'): string | null {
  return status === 'FAILED' ? MESSAGE_SPEND_CAP_REACHED : null;
}

/**
 * Pushes to every browser the person is signed in on. A subscription the push service calls gone
 * (404/410) is removed. One browser failing otherwise fails the try, so the others may see a repeat on
 * the retry; the tag makes the browser show it once.
 */
async function sendPush(ctx: AppContext, delivery: Delivery): Promise<void> {
  const targets = await findLivePushSubscriptions(ctx.db, delivery.userId);
  if (targets.length === 0) throw new GoneError('No browser is subscribed to push any more');
  const message = {
    title: delivery.title,
    body: delivery.body,
    link: delivery.link,
    tag: `${delivery.kind}:${delivery.link ?? delivery.notificationId}`,
  };
  const errors: string[] = [];
  let sent = 0;
  for (const target of targets) {
    try {
      const outcome = await ctx.push.send(target, message);
      if (outcome === 'gone') {
        await deletePushSubscriptionById(ctx.db, target.id);
      } else {
        sent += 1;
        await touchPushSubscription(ctx.db, target.id);
      }
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (errors.length > 0) throw new DeliveryError(errors.join('; '));
  if (sent === 0) throw new GoneError('The push service said every subscription is gone (404/410)');
}

/**
 * The e-mail of a notification: the product's layout, the person's name, and a one-click way out, all in the
 * person's language (the fan-out wrote the event's own texts in it already).
 */
export function notificationMail(
  ctx: AppContext,
  delivery: Pick<
    Delivery,
    'email' | 'firstName' | 'userId' | 'kind' | 'title' | 'body' | 'link' | 'language'
  >,
  email?: RenderedEmail,
): MailMessage {
  const { appUrl } = ctx.env;
  const locale = readerLocale(delivery.language);
  const words = (key: NotificationKey, values: Record<string, NotificationValue> = {}) =>
    renderNotificationMessage(locale, { key, values });
  const token = ctx.unsubscribeTokens.sign(delivery.userId, delivery.kind);
  const unsubscribePage = `${appUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
  const oneClick = `${appUrl}/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  const rendered = renderEmail({
    subject: email?.subject ?? delivery.title,
    greeting: words('email.greeting', { firstName: delivery.firstName }),
    paragraphs: email?.paragraphs ?? [delivery.body],
    ...(delivery.link
      ? { action: { label: email?.actionLabel ?? words('email.open'), url: `${appUrl}${delivery.link}` } }
      : {}),
    words: { buttonHint: words('email.buttonHint'), tagline: words('email.tagline') },
    footer: [
      {
        text: words('email.footerKind', { kind: notificationKindLabel(locale, delivery.kind) }),
        link: { label: words('email.unsubscribe'), url: unsubscribePage },
      },
      {
        text: words('email.footerSettings'),
        link: { label: words('email.settings'), url: `${appUrl}/settings/notifications` },
      },
    ],
  });
  return {
    to: delivery.email,
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
