import { smsSegments, type NotificationKind, type SmsEncoding } from '@freightlane/domain';
import { DEFAULT_LOCALE, type Locale } from '@freightlane/domain/i18n';
import { notificationKindLabel, renderNotificationMessage } from './notification-text';

/** What a notification says, as the fan-out wrote it (in its reader's language). */
export interface NotificationText {
  kind: NotificationKind;
  /** "<subject>: <what happened>". */
  title: string;
  body: string;
  /** A path in the web app, or null. */
  link: string | null;
}

/** A notification's SMS is at most two parts: enough for the title, the gist and the link. */
export const NOTIFICATION_SMS_PARTS = 2;

/**
 * Characters outside GSM-7 that have a plain equivalent inside it. One such character would turn the whole
 * text into UCS-2 and halve what two parts hold, so ₦450,000.00 goes as N450,000.00, as Nigerian banks'
 * own texts write it.
 */
const GSM_EQUIVALENTS: [RegExp, string][] = [
  [/₦/g, 'N'],
  [/[‘’‚′]/g, "'"],
  [/[“”„″]/g, '"'],
  [/[‐‑‒–—−]/g, '-'],
  [/…/g, '...'],
  [/×/g, 'x'],
  [/·/g, '-'],
  [/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, ' '],
];

/** One line: control characters, line breaks and runs of spaces become one space. */
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function gsmFriendly(text: string): string {
  return GSM_EQUIVALENTS.reduce((out, [pattern, plain]) => out.replace(pattern, plain), oneLine(text));
}

/** The start of `text` in at most `length` characters (code points), cut after a whole word where one fits. */
function cutAt(text: string, length: number): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  const cut = chars.slice(0, length).join('');
  const space = cut.lastIndexOf(' ');
  return (space > length / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '');
}

/** The longest start of `text` for which `fits` holds, by binary search on its length (0 when none does). */
function longestFitting(text: string, fits: (part: string) => boolean): string | null {
  let low = 0;
  let high = Array.from(text).length;
  let best: string | null = null;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const part = cutAt(text, mid);
    if (fits(part)) {
      best = part;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return best;
}

function withStop(title: string): string {
  return /[.!?]$/.test(title) ? title : `${title}.`;
}

/**
 * A notification as an SMS: "Freightlane: <title>. <body> <link>", in at most two parts. When it is
 * longer, the body is cut with an ellipsis (then, if need be, the title), never the link: the link is what
 * lets the person act. The ellipsis is "..." in a GSM-7 text, as "…" would make it UCS-2.
 */
export function notificationSmsText(notification: NotificationText, appUrl: string): string {
  const title = gsmFriendly(notification.title);
  const body = gsmFriendly(notification.body);
  const url = notification.link ? `${appUrl}${notification.link}` : '';
  const compose = (t: string, b: string) =>
    [`Freightlane: ${withStop(t)}`, b, url].filter((part) => part !== '').join(' ');
  const fits = (text: string) => smsSegments(text).segments <= NOTIFICATION_SMS_PARTS;
  const whole = compose(title, body);
  if (fits(whole)) return whole;
  const ellipsis = (encoding: SmsEncoding) => (encoding === 'GSM_7' ? '...' : '…');
  const bodyEllipsis = ellipsis(smsSegments(whole).encoding);
  const shortBody = longestFitting(body, (part) => fits(compose(title, `${part}${bodyEllipsis}`)));
  if (shortBody !== null && shortBody !== '') return compose(title, `${shortBody}${bodyEllipsis}`);
  const titleEllipsis = ellipsis(smsSegments(compose(title, '')).encoding);
  const shortTitle = longestFitting(title, (part) => fits(compose(`${part}${titleEllipsis}`, '')));
  return compose(`${shortTitle ?? ''}${titleEllipsis}`, '');
}

/** The name of a notification's WhatsApp template: one per kind (whatsapp-templates.ts). */
export type NotificationTemplateName = `notify_${Lowercase<NotificationKind>}`;

/** The template a notification of this kind goes out as on WhatsApp. */
export function notificationTemplate(kind: NotificationKind): NotificationTemplateName {
  return `notify_${kind.toLowerCase() as Lowercase<NotificationKind>}`;
}

/** Parameters stay short enough to read on a phone; the link carries the rest. */
const MAX_SUBJECT = 120;
const MAX_WHAT = 200;
const MAX_DETAILS = 600;

/** At most `length` characters, cut at a word with "…" when longer. */
function capped(text: string, length: number): string {
  return Array.from(text).length <= length ? text : `${cutAt(text, length - 1)}…`;
}

/**
 * A notification's WhatsApp template parameters: [subject, what happened, details, link]. The subject and
 * what happened come from the title ("TRP-2026-000123: Container(s) Loaded"); a title without a subject
 * takes the kind's label as its subject. Each one is a single line, as WhatsApp refuses parameters with line
 * breaks, tabs or runs of spaces; a notification without a link leads to the list of notifications. The
 * words put in for what is missing are in the reader's language, like the notification itself.
 */
export function notificationWhatsappParameters(
  notification: NotificationText,
  appUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): string[] {
  const kindLabel = notificationKindLabel(locale, notification.kind);
  const title = oneLine(notification.title);
  const colon = title.indexOf(': ');
  const [subject, what] = colon > 0 ? [title.slice(0, colon), title.slice(colon + 2)] : [kindLabel, title];
  const details = oneLine(notification.body);
  return [
    capped(subject.trim() || kindLabel, MAX_SUBJECT),
    capped(what.trim() || kindLabel, MAX_WHAT),
    capped(details || renderNotificationMessage(locale, { key: 'whatsapp.noDetails' }), MAX_DETAILS),
    `${appUrl}${notification.link ?? '/notifications'}`,
  ];
}
