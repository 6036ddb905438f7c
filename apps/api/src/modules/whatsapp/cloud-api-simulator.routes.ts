import {
  simulatedWhatsappInbound,
  whatsappConversationsQuery,
  whatsappConversationsSchema,
} from '@freightlane/domain';
import { z } from 'zod';
import { WHATSAPP_SIMULATOR_PATH } from '../../env';
import { errorResponses, type ZodApp } from '../../lib/route-kit';
import { sameSecret } from '../../lib/same-secret';
import { cloudSendRequest } from './cloud-api';
import { SIMULATED_UNDELIVERABLE, type CloudApiSimulator } from './cloud-api-simulator';

// Development and tests only (never registered in production): a stand-in for the WhatsApp Business Cloud
// API that speaks its protocol on the app itself, so the real client sends every message through HTTP
// without a Meta account. Each phone's conversation can be read back; a moment after each message, signed
// status notifications go to the API's webhook; and a phone can be played writing to the platform.

/** The Graph API's error shape. */
function graphError(message: string, type: string, code: number, subcode?: number) {
  return {
    error: {
      message,
      type,
      code,
      ...(subcode === undefined ? {} : { error_subcode: subcode }),
      fbtrace_id: 'SimulatedTrace',
    },
  };
}

export function cloudApiSimulatorRoutes(app: ZodApp, simulator: CloudApiSimulator): void {
  // It speaks a third party's protocol, not the platform's API: it is left out of the OpenAPI document.
  app.post(
    `${WHATSAPP_SIMULATOR_PATH}/:version/:phoneNumberId/messages`,
    { schema: { hide: true } },
    async (request, reply) => {
      const authorization = request.headers.authorization ?? '';
      const token = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
      if (!token || !sameSecret(token, simulator.token)) {
        return reply
          .status(401)
          .send(graphError('Invalid OAuth access token - Cannot parse access token', 'OAuthException', 190));
      }
      const { phoneNumberId } = request.params as { phoneNumberId: string };
      if (phoneNumberId !== simulator.phoneNumberId) {
        return reply
          .status(400)
          .send(
            graphError(
              `Unsupported post request. Object with ID '${phoneNumberId.slice(0, 40)}' does not exist`,
              'GraphMethodException',
              100,
              33,
            ),
          );
      }
      const parsed = cloudSendRequest.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return reply
          .status(400)
          .send(
            graphError(
              `(#100) Invalid parameter: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'Invalid'}`,
              'OAuthException',
              100,
            ),
          );
      }
      const body = parsed.data;
      if (body.type === 'template' && !simulator.template(body.template.name, body.template.language.code)) {
        return reply
          .status(404)
          .send(
            graphError('(#132001) Template name does not exist in the translation', 'OAuthException', 132001),
          );
      }
      const held = simulator.receive(body);
      simulator.scheduleStatuses(held.messageId, request.log);
      return reply.send({
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: held.messageId }],
      });
    },
  );

  app.get(
    `${WHATSAPP_SIMULATOR_PATH}/conversations`,
    {
      schema: {
        tags: ['Development'],
        summary:
          "Each phone's WhatsApp conversation with the platform in the simulator, with statuses (not in production)",
        description: `Numbers ending in ${SIMULATED_UNDELIVERABLE} are not delivered (131026 Message undeliverable).`,
        querystring: whatsappConversationsQuery,
        response: { 200: whatsappConversationsSchema, ...errorResponses(400) },
      },
    },
    async (request) => simulator.conversations(request.query.phone),
  );

  app.post(
    `${WHATSAPP_SIMULATOR_PATH}/inbound`,
    {
      schema: {
        tags: ['Development'],
        summary:
          'Plays a phone sending the platform a WhatsApp text: posted as a signed webhook notification (not in production)',
        body: simulatedWhatsappInbound,
        response: {
          200: z.object({ messageId: z.string(), webhookStatus: z.number().int() }),
          ...errorResponses(400),
        },
      },
    },
    async (request) => simulator.sendInbound(request.body.phone, request.body.text),
  );
}
