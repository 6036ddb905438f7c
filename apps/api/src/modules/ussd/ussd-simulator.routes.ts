import {
  USSD_DEMO_DRIVER,
  ussdSimulatorAnswerSchema,
  ussdSimulatorRequest,
  ussdSimulatorSetupSchema,
} from '@freightlane/domain';
import type { UssdSettings } from '../../env';
import { AppError } from '../../errors';
import { errorResponses, type ZodApp } from '../../lib/route-kit';
import { USSD_CALLBACK_PATH } from './ussd.routes';

// Development and tests only (never registered in production): a USSD phone. Each screen goes to the real
// callback as Africa's Talking would send it (a form, with the configured secret in the address), so the
// simulator page plays exactly what a driver's handset would.

export function ussdSimulatorRoutes(app: ZodApp, settings: UssdSettings): void {
  app.get(
    '/api/dev/ussd',
    {
      schema: {
        tags: ['Development'],
        summary:
          'The USSD code and the demo driver’s number, for the USSD simulator page (not in production)',
        response: { 200: ussdSimulatorSetupSchema },
      },
    },
    async () => ({ serviceCode: settings.serviceCode, demoPhoneNumber: USSD_DEMO_DRIVER.phoneNumber }),
  );

  app.post(
    '/api/dev/ussd/session',
    {
      schema: {
        tags: ['Development'],
        summary:
          'One screen of a simulated USSD session, played through the real callback (not in production)',
        body: ussdSimulatorRequest,
        response: { 200: ussdSimulatorAnswerSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { sessionId, phoneNumber, text } = request.body;
      const res = await app.inject({
        method: 'POST',
        url: `${USSD_CALLBACK_PATH}/${encodeURIComponent(settings.callbackSecret)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: request.ip,
        payload: new URLSearchParams({
          sessionId,
          serviceCode: settings.serviceCode,
          phoneNumber,
          text,
          networkCode: '62130',
        }).toString(),
      });
      if (res.statusCode !== 200) {
        const message = (JSON.parse(res.body) as { message?: string }).message ?? 'The callback refused';
        const code =
          res.statusCode === 403 ? 'FORBIDDEN' : res.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
        throw new AppError(code, message);
      }
      const kind: 'CON' | 'END' = res.body.startsWith('CON ') ? 'CON' : 'END';
      return { kind, screen: res.body.slice(4) };
    },
  );
}
