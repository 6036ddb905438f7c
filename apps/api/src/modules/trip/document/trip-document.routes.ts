import {
  messageResponse,
  TRIP_DOCUMENT_KINDS,
  tripDocumentIdParams,
  tripDocumentSchema,
  tripIdParams,
} from '@freightlane/domain';
import type { AppContext } from '../../../context';
import { bearerSecurity, errorResponses, multipartForm, type ZodApp } from '../../../lib/route-kit';
import { sendDownload } from '../../../lib/download';
import { principalOf, requireAuth } from '../../../plugins/auth';
import { deleteTripDocumentFor, openTripDocumentFile, uploadTripDocument } from './trip-document.service';

const tags = ['Trip documents'];

export function tripDocumentRoutes(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/api/v1/trips/:id/documents',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary:
          'Attach a document to a trip (multipart: field `kind`, then `file` as PDF, JPEG, PNG or WebP up to 10 MB)',
        description:
          'Any party of the trip may attach one, unless the trip was cancelled. The file type is read from its content, never from its name.',
        consumes: ['multipart/form-data'],
        multipartBody: multipartForm('The document as a PDF, JPEG, PNG or WebP, at most 10 MB', {
          kind: { description: 'What the document is', enum: TRIP_DOCUMENT_KINDS },
        }),
        security: bearerSecurity,
        params: tripIdParams,
        response: { 201: tripDocumentSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await uploadTripDocument(ctx, principalOf(request), request.params.id, request)),
  );

  app.get(
    '/api/v1/trips/documents/:id',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: 'Download a document of one of your trips (always as an attachment)',
        fileResponse: 'The document (PDF, JPEG, PNG or WebP), with Content-Disposition: attachment',
        security: bearerSecurity,
        params: tripDocumentIdParams,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) =>
      sendDownload(reply, await openTripDocumentFile(ctx, principalOf(request), request.params.id)),
  );

  app.delete(
    '/api/v1/trips/documents/:id',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: 'Delete a document you uploaded to a trip (admins may delete any)',
        security: bearerSecurity,
        params: tripDocumentIdParams,
        response: { 200: messageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteTripDocumentFor(ctx, principalOf(request), request.params.id, request);
      return { message: 'Document deleted' };
    },
  );
}
