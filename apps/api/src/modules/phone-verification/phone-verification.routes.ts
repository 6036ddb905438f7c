import {
  driverIdParams,
  phoneCodeCheckRequest,
  phoneVerificationResponse,
  phoneVerificationState,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { checkDriverPhoneCode, driverPhoneState, sendDriverPhoneCode } from './phone-verification.service';

const RULES =
  'A code lives 10 minutes and takes 5 wrong tries; a new one only a minute after the last, and at most 5 an hour to one number (429 with Retry-After).';

/**
 * A driver's number, proved by a code the driver reads back to the transporter. Under /api/v1/fleet/drivers/{id}
 * as the other driver calls of this session (the USSD PIN); the fleet's own driver records are
 * under /api/v1/fleet/drivers/{id}.
 */
export function phoneVerificationRoutes(app: ZodApp, ctx: AppContext): void {
  // The roles that run a transporter's fleet (the fleet module's FLEET_ROLES; importing its face from here
  // would close a circle through the user module, whose phone check uses this module).
  const fleet = requireAuth(ctx, 'role_transporter', 'role_fleet_manager');

  app.get(
    '/api/v1/fleet/drivers/:id/phone-verification',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: "Whether the driver's phone number is verified, and the open code if one was sent",
        security: bearerSecurity,
        params: driverIdParams,
        response: { 200: phoneVerificationState, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => driverPhoneState(ctx, principalOf(request), request.params.id),
  );

  app.post(
    '/api/v1/fleet/drivers/:id/phone-verification',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: "Text a 6-digit code to the driver's phone number (your company pays for the SMS)",
        description: `The driver reads the code back to you. ${RULES}`,
        security: bearerSecurity,
        params: driverIdParams,
        response: { 200: phoneVerificationResponse, ...errorResponses(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request) => sendDriverPhoneCode(ctx, principalOf(request), request.params.id, request),
  );

  app.post(
    '/api/v1/fleet/drivers/:id/phone-verification/check',
    {
      preHandler: fleet,
      schema: {
        tags: ['Fleet'],
        summary: "Check the code the driver read back; the right one verifies the driver's phone number",
        description: `A wrong code answers 400 naming \`code\` with the tries left. ${RULES}`,
        security: bearerSecurity,
        params: driverIdParams,
        body: phoneCodeCheckRequest,
        response: { 200: phoneVerificationResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      checkDriverPhoneCode(ctx, principalOf(request), request.params.id, request.body.code, request),
  );
}
