import {
  EXPENSE_KINDS,
  TRIP_DOCUMENT_KINDS,
  driverExpenseParams,
  driverActionResult,
  driverIdParams,
  driverIssueRequest,
  driverLanguageRequest,
  driverPageSchema,
  driverStatusRequest,
  driverPhoneLinkSchema,
  driverTokenParams,
  osmandQuery,
  phonePositionsRequest,
  positionIngestResponse,
} from '@freightlane/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, multipartForm, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { FLEET_ROLES } from '../fleet';
import {
  addDriverPhoto,
  answerDriverExpenseQuery,
  recordDriverExpense,
  recordDriverStatus,
  reportDriverIssue,
  type DriverActionOutcome,
} from './driver-action.service';
import {
  chooseDriverLanguage,
  driverPageOf,
  getDriverPhoneLink,
  issueDriverPhoneLink,
  recordOsmandPosition,
  recordPhonePositions,
  revokeDriverPhoneLink,
} from './driver-phone.service';

export function driverPhoneRoutes(app: ZodApp, ctx: AppContext): void {
  const fleetOnly = requireAuth(ctx, ...FLEET_ROLES);
  const tags = ['Telematics'];
  const linkPath = '/api/v1/fleet/drivers/:id/phone-link';

  app.get(
    linkPath,
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: "The driver's private phone link, to send again (404 when none was given)",
        security: bearerSecurity,
        params: driverIdParams,
        response: { 200: driverPhoneLinkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getDriverPhoneLink(ctx, principalOf(request), request.params.id),
  );

  app.post(
    linkPath,
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: 'Give the driver a new private phone link; an earlier one stops working',
        security: bearerSecurity,
        params: driverIdParams,
        response: { 201: driverPhoneLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await issueDriverPhoneLink(ctx, principalOf(request), request.params.id, request)),
  );

  app.delete(
    linkPath,
    {
      preHandler: fleetOnly,
      schema: {
        tags,
        summary: "Turn off the driver's phone link",
        security: bearerSecurity,
        params: driverIdParams,
        response: { 204: z.null().describe('Turned off'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeDriverPhoneLink(ctx, principalOf(request), request.params.id, request);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/driver/:token',
    {
      schema: {
        tags,
        summary: "The driver's page: who, which company, and the trip in progress",
        params: driverTokenParams,
        response: { 200: driverPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => driverPageOf(ctx, request.params.token),
  );

  app.put(
    '/api/v1/driver/:token/language',
    {
      schema: {
        tags,
        summary: "The language the driver chose on the phone page, kept as the driver's own",
        description:
          'No sign-in: the link token is the access. The USSD menu and the SMS the driver gets follow the ' +
          'same choice; choosing the language the driver already has changes nothing.',
        params: driverTokenParams,
        body: driverLanguageRequest,
        response: { 200: driverLanguageRequest, ...errorResponses(400, 404) },
      },
    },
    async (request) => chooseDriverLanguage(ctx, request.params.token, request.body, request),
  );

  app.post(
    '/api/v1/driver/:token/positions',
    {
      schema: {
        tags,
        summary: "Positions of the driver's phone (the queue kept while offline, oldest first)",
        params: driverTokenParams,
        body: phonePositionsRequest,
        response: { 200: positionIngestResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => recordPhonePositions(ctx, request.params.token, request.body),
  );

  // The driver's actions. A first send answers as its signed-in twin does; a resend of the same
  // clientActionId answers 200 with the first answer and changes nothing.
  const actionNote =
    'No sign-in: the link token is the access. clientActionId (a UUID the phone makes per action) makes a ' +
    'resend answer the first result (200) without acting twice. 409 when the driver has no trip in progress.';
  const answered = (outcome: DriverActionOutcome, firstStatus: 200 | 201) =>
    [outcome.resent ? 200 : firstStatus, outcome.result] as const;

  app.post(
    '/api/v1/driver/:token/status',
    {
      schema: {
        tags,
        summary: "Record the next step of the driver's trip (Delivered needs the consignee's handover code)",
        description: `${actionNote} The rules of PATCH /api/v1/trips/{id}/status apply: a refused move answers 409 with allowedNextStatuses, a wrong handover code 422.`,
        params: driverTokenParams,
        body: driverStatusRequest,
        response: { 200: driverActionResult, ...errorResponses(400, 404, 409, 422) },
      },
    },
    async (request) => (await recordDriverStatus(ctx, request.params.token, request.body, request.ip)).result,
  );

  app.post(
    '/api/v1/driver/:token/issues',
    {
      schema: {
        tags,
        summary: "Report an issue on the driver's trip (breakdown, checkpoint delay...)",
        description: `${actionNote} The fields of POST /api/v1/trips/{id}/issues.`,
        params: driverTokenParams,
        body: driverIssueRequest,
        response: { 200: driverActionResult, 201: driverActionResult, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const [status, body] = answered(
        await reportDriverIssue(ctx, request.params.token, request.body, request.ip),
        201,
      );
      return reply.status(status).send(body);
    },
  );

  app.post(
    '/api/v1/driver/:token/documents',
    {
      schema: {
        tags,
        summary:
          "Add a photo to the driver's trip (multipart: fields `clientActionId` and `kind`, then `file` as JPEG, PNG or WebP up to 10 MB)",
        description: `${actionNote} The file type is read from its content, never from its name.`,
        consumes: ['multipart/form-data'],
        multipartBody: multipartForm('The photo as a JPEG, PNG or WebP, at most 10 MB', {
          clientActionId: { description: 'A UUID the phone made for this action' },
          kind: { description: 'What the photo shows', enum: TRIP_DOCUMENT_KINDS },
        }),
        params: driverTokenParams,
        response: { 200: driverActionResult, 201: driverActionResult, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const [status, body] = answered(await addDriverPhoto(ctx, request.params.token, request), 201);
      return reply.status(status).send(body);
    },
  );

  app.post(
    '/api/v1/driver/:token/expenses',
    {
      schema: {
        tags,
        summary:
          "Record money spent on the driver's trip (multipart: the fields, then the receipt `file` as JPEG, PNG or WebP up to 10 MB, when there is one)",
        description: `${actionNote} Diesel is \`litres\` and \`pricePerLitreKobo\`; every other kind is \`amountKobo\`. \`tripId\` names the trip the expense was recorded on (it may have been delivered since); the trip in progress when absent. The expense waits for the owner's review.`,
        consumes: ['multipart/form-data'],
        multipartBody: {
          type: 'object',
          required: ['clientActionId', 'kind'],
          properties: {
            clientActionId: { type: 'string', description: 'A UUID the phone made for this action' },
            tripId: { type: 'string' },
            kind: { type: 'string', enum: [...EXPENSE_KINDS] },
            amountKobo: { type: 'string' },
            litres: { type: 'string' },
            pricePerLitreKobo: { type: 'string' },
            note: { type: 'string' },
            spentAt: { type: 'string' },
            latitude: { type: 'string' },
            longitude: { type: 'string' },
            file: { type: 'string', format: 'binary', description: 'The receipt photo' },
          },
        },
        params: driverTokenParams,
        response: { 200: driverActionResult, 201: driverActionResult, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const [status, body] = answered(await recordDriverExpense(ctx, request.params.token, request), 201);
      return reply.status(status).send(body);
    },
  );

  app.post(
    '/api/v1/driver/:token/expenses/:expenseId/reply',
    {
      schema: {
        tags,
        summary:
          "Answer the owner's question about an expense (multipart: `clientActionId`, `note`, and a receipt `file` when asked)",
        description: `${actionNote} The expense waits for review again.`,
        consumes: ['multipart/form-data'],
        multipartBody: {
          type: 'object',
          required: ['clientActionId', 'note'],
          properties: {
            clientActionId: { type: 'string', description: 'A UUID the phone made for this action' },
            note: { type: 'string', description: 'The answer' },
            file: { type: 'string', format: 'binary', description: 'The receipt photo' },
          },
        },
        params: driverExpenseParams,
        response: { 200: driverActionResult, 201: driverActionResult, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const [status, body] = answered(
        await answerDriverExpenseQuery(ctx, request.params.token, request.params.expenseId, request),
        201,
      );
      return reply.status(status).send(body);
    },
  );

  // The Traccar Client app (OsmAnd protocol) sends its fields in the query string, or as a form.
  void app.register(async (scope: ZodApp) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const schema = {
      tags,
      summary: 'A position in the OsmAnd protocol of the Traccar Client app (id = the driver link token)',
      querystring: osmandQuery,
      response: { 200: positionIngestResponse, ...errorResponses(400, 404) },
    };
    // A tracking app, not a browser, reads these answers: the page headers (CSP and the rest) would
    // only add a kilobyte to every one of thousands of small answers a second.
    scope.get('/api/v1/driver/osmand', { schema, config: { securityHeaders: false } }, async (request) =>
      recordOsmandPosition(ctx, request.query),
    );
    scope.post(
      '/api/v1/driver/osmand',
      {
        schema,
        config: { securityHeaders: false },
        preValidation: async (request) => {
          if (request.body && typeof request.body === 'object') {
            request.query = {
              ...(request.query as object),
              ...(request.body as object),
            } as typeof request.query;
          }
        },
      },
      async (request) => recordOsmandPosition(ctx, request.query),
    );
  });
}
