import { WHATSAPP_SIMULATOR_APP_SECRET } from '../../env';
import { whatsappSignature } from './cloud-api';
import type { TestApp } from '../../test/test-app';

export const WHATSAPP_WEBHOOK = '/api/v1/whatsapp/webhook';

/** A notification as Meta posts it, around the given `value` fields (statuses, messages). */
export function whatsappNotification(value: Record<string, unknown>) {
  return {
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
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/**
 * Posts a notification to the webhook signed with the simulator's app secret (or the signature given;
 * null: none), as Meta does.
 */
export async function postWhatsappNotification(t: TestApp, body: unknown, signature?: string | null) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: WHATSAPP_WEBHOOK,
    headers: {
      'content-type': 'application/json',
      ...(signature === null
        ? {}
        : { 'x-hub-signature-256': signature ?? whatsappSignature(WHATSAPP_SIMULATOR_APP_SECRET, raw) }),
    },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}
