// The message templates the platform sends (docs/whatsapp.md). Outside a person's 24-hour service window
// WhatsApp delivers only templates approved in the WhatsApp Manager; each one here must be registered there
// under the same name and language, with its body's {{1}}, {{2}}… in the order of `parameters`.

import { NOTIFICATION_KINDS, type NotificationKind } from '@freightlane/domain';
import {
  createTranslator,
  DEFAULT_LOCALE,
  LOCALES,
  NOTIFICATION_CATALOG,
  type Locale,
  type NotificationKey,
  type Translate,
} from '@freightlane/domain/i18n';

export interface WhatsappTemplate {
  name: string;
  /** The language code it was approved in. */
  language: string;
  /** What each body parameter is, in order ({{1}}, {{2}}…). */
  parameters: readonly string[];
  /** The approved body with {{n}} placeholders: what the person reads once filled in. */
  body: string;
}

/** What each notification template's parameters are, in order. */
export const NOTIFICATION_TEMPLATE_PARAMETERS = ['subject', 'what happened', 'details', 'link'] as const;

type NotifyTemplateName = `notify_${Lowercase<NotificationKind>}`;

/**
 * How each language's templates are approved. WhatsApp takes templates in English (`en`) and Hausa (`ha`)
 * but has no code for Nigerian Pidgin, Yoruba or Igbo. Their templates are templates of their own, named
 * with the language (`notify_bid_won_yo`), worded wholly in it and approved under `en`, as a name holds one
 * template per code. A template of parameters only, with the words passed in, would not pass Meta's
 * review. When WhatsApp adds a code, the row becomes `{ code, suffix: '' }`.
 */
export const TEMPLATE_LANGUAGES: Record<Locale, { code: string; suffix: string }> = {
  'en-NG': { code: 'en', suffix: '' },
  ha: { code: 'ha', suffix: '' },
  pcm: { code: 'en', suffix: '_pcm' },
  yo: { code: 'en', suffix: '_yo' },
  ig: { code: 'en', suffix: '_ig' },
};

/**
 * A notification's template in one language: a heading worded for its kind, the event's subject and what
 * happened (its title, "<subject>: <what happened>"), the details (its body) and a link to act on it. The
 * heading and the action's word come from the `notification` catalog; what is approved in the WhatsApp
 * Manager is that wording, so changing it there means approving the template again.
 */
function notifyTemplate(
  kind: NotificationKind,
  locale: Locale,
  t: Translate<NotificationKey>,
): WhatsappTemplate {
  const { code, suffix } = TEMPLATE_LANGUAGES[locale];
  const heading = t(`whatsappTemplate.${kind}.heading`);
  const action = t(`whatsappTemplate.${kind}.action`);
  return {
    name: `notify_${kind.toLowerCase()}${suffix}`,
    language: code,
    parameters: NOTIFICATION_TEMPLATE_PARAMETERS,
    body: `Freightlane · ${heading}\n*{{1}}*: {{2}}\n{{3}}\n${action}: {{4}}`,
  };
}

/** Every notification template in one language, by the name the notification asks for (its English one). */
function notificationTemplatesIn(locale: Locale): Record<NotifyTemplateName, WhatsappTemplate> {
  const t = createTranslator(locale, NOTIFICATION_CATALOG);
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [`notify_${kind.toLowerCase()}`, notifyTemplate(kind, locale, t)]),
  ) as Record<NotifyTemplateName, WhatsappTemplate>;
}

const TRIP_UPDATE: WhatsappTemplate = {
  name: 'trip_update',
  language: 'en',
  parameters: ['trip number', 'what happened', 'link'],
  body: 'Freightlane: trip {{1}}: {{2}}. Details: {{3}}',
};

/** The templates by name, in English (Nigeria): what a request names, and what a language lacking one gets. */
export const WHATSAPP_TEMPLATES: Record<'trip_update' | NotifyTemplateName, WhatsappTemplate> = {
  trip_update: TRIP_UPDATE,
  ...notificationTemplatesIn(DEFAULT_LOCALE),
};

export type WhatsappTemplateName = keyof typeof WHATSAPP_TEMPLATES;

/** The templates of the other languages, by the English name a request gives. */
const TRANSLATED_TEMPLATES = new Map<Locale, Partial<Record<WhatsappTemplateName, WhatsappTemplate>>>(
  LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => [
    locale,
    notificationTemplatesIn(locale),
  ]),
);

/** Every template approved in the WhatsApp Manager: each name and language the platform may send. */
export const APPROVED_TEMPLATES: readonly WhatsappTemplate[] = [
  ...Object.values(WHATSAPP_TEMPLATES),
  ...[...TRANSLATED_TEMPLATES.values()].flatMap((templates) => Object.values(templates)),
];

/**
 * The template to send a reader of `locale` for `name`: the one approved in their language, or the English
 * one when a template has none (trip_update is in English only).
 */
export function whatsappTemplateIn(name: WhatsappTemplateName, locale: Locale): WhatsappTemplate | undefined {
  return TRANSLATED_TEMPLATES.get(locale)?.[name] ?? WHATSAPP_TEMPLATES[name];
}

/** The template approved under this name and language code, as the Cloud API looks it up. */
export function approvedTemplate(name: string, language: string): WhatsappTemplate | null {
  return APPROVED_TEMPLATES.find((t) => t.name === name && t.language === language) ?? null;
}

/** The template's body with its parameters in place, as the person's phone shows it. */
export function fillTemplate(template: WhatsappTemplate, values: readonly string[]): string {
  return template.body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => values[Number(n) - 1] ?? '');
}
