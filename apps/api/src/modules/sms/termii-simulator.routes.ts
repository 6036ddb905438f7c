import { smsInboxQuery, smsInboxSchema } from '@freightlane/domain';
import { SMS_SIMULATOR_PATH } from '../../env';
import { errorResponses, type ZodApp } from '../../lib/route-kit';
import { sameSecret } from '../../lib/same-secret';
import { TERMII_SEND_PATH, termiiSendRequest } from './termii';
import { SIMULATED_NUMBERS, type TermiiSimulator } from './termii-simulator';

// Development and tests only (never registered in production): a stand-in for Termii that speaks its
// documented protocol on the app itself, so the real Termii client sends every message through HTTP without
// an account or a network. Each phone's inbox can be read back, and a moment after each message a signed
// delivery report goes to the API's webhook, as Termii sends one.

export function termiiSimulatorRoutes(app: ZodApp, simulator: TermiiSimulator): void {
  // It speaks a third party's protocol, not the platform's API: it is left out of the OpenAPI document.
  app.post(`${SMS_SIMULATOR_PATH}${TERMII_SEND_PATH}`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = termiiSendRequest.safeParse(request.body);
    const apiKey = (request.body as { api_key?: unknown } | null)?.api_key;
    if (typeof apiKey !== 'string' || !sameSecret(apiKey, simulator.apiKey)) {
      return reply.status(401).send({ message: 'Invalid API key' });
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply
        .status(400)
        .send({ message: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'Invalid'}` });
    }
    const received = simulator.receive(parsed.data);
    if (!received) {
      return reply.status(400).send({
        message: `Invalid phone number (the simulator refuses numbers ending in ${SIMULATED_NUMBERS.invalid})`,
      });
    }
    simulator.scheduleReport(received.messageId, request.log);
    return reply.send({
      message_id: received.messageId,
      message: 'Successfully Sent',
      balance: simulator.balanceNaira,
      user: 'Freightlane SMS simulator',
    });
  });

  app.get(
    '/api/dev/sms/inbox',
    {
      schema: {
        tags: ['Development'],
        summary:
          'What each phone received from the SMS simulator, newest first, with its delivery status (not in production)',
        description:
          `Numbers ending in ${SIMULATED_NUMBERS.undeliverable} are not delivered; numbers ending in ` +
          `${SIMULATED_NUMBERS.doNotDisturb} are on the Do-Not-Disturb register (only the dnd route delivers); ` +
          `numbers ending in ${SIMULATED_NUMBERS.invalid} are refused as invalid.`,
        querystring: smsInboxQuery,
        response: { 200: smsInboxSchema, ...errorResponses(400) },
      },
    },
    async (request) => simulator.inbox(request.query.phone),
  );
}
