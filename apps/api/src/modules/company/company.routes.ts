import {
  COMPANY_DOCUMENT_TYPES,
  companyDocumentIdParams,
  companyDocumentListResponse,
  companyDocumentSchema,
  companyDocumentsValidation,
  companyResponse,
  updateCompanyRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, multipartForm, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import {
  listCompanyDocumentsOf,
  openCompanyDocumentFile,
  uploadCompanyDocument,
} from './company-documents.service';
import { updateCompanyDetails, validateCompanyDocuments } from './company.service';
import { sendDocumentFile } from './send-document-file';

export function companyRoutes(app: ZodApp, ctx: AppContext): void {
  app.put(
    '/api/v1/user/company',
    {
      // Only the owner account of a customer or transporter company edits its legal details.
      preHandler: requireAuth(ctx, 'role_customer', 'role_transporter'),
      schema: {
        tags: ['Company'],
        summary: 'Update your company details: name, CAC number, TIN, address and contact',
        security: bearerSecurity,
        body: updateCompanyRequest,
        response: { 200: companyResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: 'Successful' as const,
      data: await updateCompanyDetails(ctx, principalOf(request), request.body, request.ip),
    }),
  );

  app.get(
    '/api/v1/company/documents/validate',
    {
      preHandler: requireAuth(ctx, 'role_customer', 'role_transporter', 'role_fleet_manager'),
      schema: {
        tags: ['Company'],
        summary: 'Which company details and verification documents are missing or awaiting review',
        security: bearerSecurity,
        response: { 200: companyDocumentsValidation, ...errorResponses(401, 403) },
      },
    },
    async (request) => validateCompanyDocuments(ctx, principalOf(request)),
  );

  app.post(
    '/api/v1/company/documents',
    {
      // Like the company details, only the owner account uploads the legal documents.
      preHandler: requireAuth(ctx, 'role_customer', 'role_transporter'),
      schema: {
        tags: ['Company'],
        summary:
          'Upload a verification document (multipart: field `type`, field `file` as PDF, JPEG or PNG up to 10 MB)',
        description:
          'A new upload of a type replaces the current one (older uploads are kept). When every detail and document is in, the company goes to review.',
        consumes: ['multipart/form-data'],
        multipartBody: multipartForm('The document as a PDF, JPEG or PNG, at most 10 MB', {
          type: { description: 'Which document this is', enum: COMPANY_DOCUMENT_TYPES },
        }),
        security: bearerSecurity,
        response: { 201: companyDocumentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await uploadCompanyDocument(ctx, principalOf(request), request)),
  );

  app.get(
    '/api/v1/company/documents',
    {
      preHandler: requireAuth(ctx, 'role_customer', 'role_transporter', 'role_fleet_manager'),
      schema: {
        tags: ['Company'],
        summary: 'The current verification document of each type, newest first',
        security: bearerSecurity,
        response: { 200: companyDocumentListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listCompanyDocumentsOf(ctx, principalOf(request).companyId),
  );

  app.get(
    '/api/v1/company/documents/:id/file',
    {
      preHandler: requireAuth(ctx, 'role_customer', 'role_transporter', 'role_fleet_manager'),
      schema: {
        tags: ['Company'],
        summary: 'Download one of your company documents (always as an attachment)',
        fileResponse: 'The document (PDF, JPEG or PNG), with Content-Disposition: attachment',
        security: bearerSecurity,
        params: companyDocumentIdParams,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      sendDocumentFile(
        reply,
        await openCompanyDocumentFile(ctx, principalOf(request).companyId, request.params.id),
      ),
  );
}
