import { whatsappWebhookAnswer } from '@freightlane/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, type ZodApp } from '../../lib/route-kit';
import { WHATSAPP_WEBHOOK_PATH } from './whatsapp-channel';
import { receiveWhatsappNotification, verifyWhatsappWebhook } from './whatsapp.service';

/** Notifications carry at most a few hundred statuses; anything far larger is not one. */
const NOTIFICATION_BODY_LIMIT = 1024 * 1024;

const verificationQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

export function whatsappRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    WHATSAPP_WEBHOOK_PATH,
    {
      schema: {
        tags: ['WhatsApp'],
        summary: "Meta's webhook verification: answers hub.challenge when hub.verify_token is ours",
        querystring: verificationQuery,
        response: { 200: z.string(), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) =>
      reply.type('text/plain; charset=utf-8').send(verifyWhatsappWebhook(ctx, request.query)),
  );

  // The signature is an HMAC of the body's exact bytes, so this route alone reads its JSON as raw bytes.
  void app.register(async (scope: ZodApp) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      WHATSAPP_WEBHOOK_PATH,
      {
        bodyLimit: NOTIFICATION_BODY_LIMIT,
        schema: {
          tags: ['WhatsApp'],
          summary:
            "The WhatsApp Cloud API's notifications: message statuses (each applied once) and messages people send",
          description:
            'Signed with X-Hub-Signature-256 (sha256= and the HMAC-SHA256 of the raw body with the app secret); a ' +
            'bad or missing signature answers 401 and changes nothing. Statuses of no message of ours, or already ' +
            'applied, are counted as ignored; an inbound message is kept once by its id.',
          response: { 200: whatsappWebhookAnswer, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return receiveWhatsappNotification(ctx, rawBody, request.headers, request);
      },
    );
  });
}
