import type { BlockList } from 'node:net';
import {
  driverIdParams,
  ussdAccessSchema,
  ussdCallbackParams,
  ussdPinIssuedSchema,
  ussdPinRequest,
} from '@freightlane/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { FLEET_ROLES } from '../fleet';
import { getUssdAccess, issueUssdPin } from './ussd-pin.service';
import { answerUssdCallback } from './ussd.service';

/** Africa's Talking's callback address; the last segment is the secret (USSD_CALLBACK_SECRET). */
export const USSD_CALLBACK_PATH = '/api/v1/ussd/africastalking';

/** A callback holds five short fields; anything far larger is not one. */
const CALLBACK_BODY_LIMIT = 4096;

export function ussdRoutes(app: ZodApp, ctx: AppContext, gateway: BlockList | null): void {
  // Africa's Talking posts a form and reads a plain-text answer; the fields are checked in the service,
  // after the secret, so a caller without it learns nothing about the fields.
  void app.register(async (scope: ZodApp) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post(
      `${USSD_CALLBACK_PATH}/:secret`,
      {
        bodyLimit: CALLBACK_BODY_LIMIT,
        config: { securityHeaders: false },
        schema: {
          tags: ['USSD'],
          summary: "Africa's Talking's USSD callback: one screen of a driver's session, answered CON or END",
          description:
            'application/x-www-form-urlencoded with sessionId, serviceCode, phoneNumber, text (the answers so ' +
            'far joined by *) and networkCode; answers text/plain starting `CON ` (wait for a reply) or `END `, ' +
            'at most 182 characters. The secret in the address is USSD_CALLBACK_SECRET: a wrong one answers ' +
            '404 and records nothing; an address outside USSD_ALLOWED_IPS answers 403. The same sessionId and ' +
            'text again answers the same screen and records nothing twice.',
          params: ussdCallbackParams,
          response: {
            200: z.string().describe('CON … or END …'),
            ...errorResponses(400, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const answer = await answerUssdCallback(ctx, gateway, request.params.secret, request.body, request);
        return reply.type('text/plain; charset=utf-8').send(answer);
      },
    );
  });

  const fleetOnly = requireAuth(ctx, ...FLEET_ROLES);
  const pinPath = '/api/v1/fleet/drivers/:id/ussd-pin';
  app.get(
    pinPath,
    {
      preHandler: fleetOnly,
      schema: {
        tags: ['USSD'],
        summary: "The driver's USSD access: the code to dial, when the PIN was given, wrong tries and lock",
        security: bearerSecurity,
        params: driverIdParams,
        response: { 200: ussdAccessSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getUssdAccess(ctx, principalOf(request), request.params.id),
  );
  app.post(
    pinPath,
    {
      preHandler: fleetOnly,
      schema: {
        tags: ['USSD'],
        summary: 'Give the driver a new USSD PIN, shown this once; the old one stops working',
        description:
          'A random 4-digit PIN, kept only as an argon2 hash; a lock of wrong PINs is lifted. With ' +
          "sendBySms it also goes to the driver's phone by SMS, which needs a verified number (409 otherwise).",
        security: bearerSecurity,
        params: driverIdParams,
        body: ussdPinRequest,
        response: { 201: ussdPinIssuedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await issueUssdPin(ctx, principalOf(request), request.params.id, request.body, request)),
  );
}
