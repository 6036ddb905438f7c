// The message templates the platform sends (docs/whatsapp.md). Outside a person's 24-hour service window
// WhatsApp delivers only templates approved in the WhatsApp Manager; each one here must be registered there
// under the same name and language, with its body's {{1}}, {{2}}… in the order of `parameters`.

export interface WhatsappTemplate {
  name: string;
  /** The language code it was approved in. */
  language: string;
  /** What each body parameter is, in order ({{1}}, {{2}}…). */
  parameters: readonly string[];
  /** The approved body with {{n}} placeholders: what the person reads once filled in. */
  body: string;
}

export const WHATSAPP_TEMPLATES = {
  trip_update: {
    name: 'trip_update',
    language: 'en',
    parameters: ['trip number', 'what happened', 'link'],
    body: 'Freightlane: trip {{1}}: {{2}}. Details: {{3}}',
  },
} as const satisfies Record<string, WhatsappTemplate>;

export type WhatsappTemplateName = keyof typeof WHATSAPP_TEMPLATES;

/** The template's body with its parameters in place, as the person's phone shows it. */
export function fillTemplate(template: WhatsappTemplate, values: readonly string[]): string {
  return template.body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => values[Number(n) - 1] ?? '');
}
