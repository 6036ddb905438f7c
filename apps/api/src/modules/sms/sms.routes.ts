import { smsDeliveryReportAnswer } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { errorResponses, type ZodApp } from '../../lib/route-kit';
import { TERMII_DELIVERY_REPORT_PATH } from './sms-channel';
import { receiveDeliveryReport } from './sms.service';

/** Termii's delivery reports are well under a kilobyte; anything far larger is not one. */
const REPORT_BODY_LIMIT = 64 * 1024;

export function smsRoutes(app: ZodApp, ctx: AppContext): void {
  // The signature is an HMAC of the body's exact bytes, so this route alone reads its JSON as raw bytes.
  void app.register(async (scope: ZodApp) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: REPORT_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      TERMII_DELIVERY_REPORT_PATH,
      {
        bodyLimit: REPORT_BODY_LIMIT,
        schema: {
          tags: ['SMS'],
          summary:
            "Termii's delivery reports: each updates the status and timeline of the message it names, once",
          description:
            'Signed with the X-Termii-Signature header (HMAC-SHA512 of the raw body with the secret key); a bad ' +
            'or missing signature answers 401 and changes nothing. A report of no message of ours answers 200 ' +
            '(IGNORED) so the gateway stops sending it; the same report again answers DUPLICATE.',
          response: { 200: smsDeliveryReportAnswer, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return receiveDeliveryReport(ctx, rawBody, request.headers, request);
      },
    );
  });
}
