import {
  adminCompanyDetailSchema,
  adminCompanyListQuery,
  adminCompanyPage,
  companyDocumentParams,
  companyIdParams,
  rejectCompanyRequest,
  suspendCompanyRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { sendDocumentFile } from '../company';
import {
  getCompanyForReview,
  listCompaniesForReview,
  openCompanyDocumentForReview,
  rejectCompany,
  suspendCompany,
  unsuspendCompany,
  verifyCompany,
} from './admin-company.service';

export function adminCompanyRoutes(app: ZodApp, ctx: AppContext): void {
  const adminOnly = requireAuth(ctx, 'role_admin');

  app.get(
    '/api/v1/admin/companies',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Customer and transporter companies; without a status, those awaiting review come first',
        security: bearerSecurity,
        querystring: adminCompanyListQuery,
        response: { 200: adminCompanyPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listCompaniesForReview(ctx, request.query),
  );

  app.get(
    '/api/v1/admin/companies/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'A company with its current documents and what it still lacks',
        security: bearerSecurity,
        params: companyIdParams,
        response: { 200: adminCompanyDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getCompanyForReview(ctx, request.params.id),
  );

  app.get(
    '/api/v1/admin/companies/:id/documents/:documentId/file',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: "Download one of a company's documents (always as an attachment)",
        fileResponse: 'The document (PDF, JPEG or PNG), with Content-Disposition: attachment',
        security: bearerSecurity,
        params: companyDocumentParams,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      sendDocumentFile(
        reply,
        await openCompanyDocumentForReview(ctx, request.params.id, request.params.documentId),
      ),
  );

  app.post(
    '/api/v1/admin/companies/:id/verify',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Verify a complete company: approves its current documents and e-mails its users',
        security: bearerSecurity,
        params: companyIdParams,
        response: { 200: adminCompanyDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => verifyCompany(ctx, principalOf(request), request.params.id, request.ip),
  );

  app.post(
    '/api/v1/admin/companies/:id/reject',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary:
          'Reject a company with a reason: rejects the documents awaiting review and e-mails its users',
        security: bearerSecurity,
        params: companyIdParams,
        body: rejectCompanyRequest,
        response: { 200: adminCompanyDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      rejectCompany(ctx, principalOf(request), request.params.id, request.body.reason, request.ip),
  );

  app.post(
    '/api/v1/admin/companies/:id/suspend',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Suspend a company with a reason: its users cannot sign in and their sessions end at once',
        security: bearerSecurity,
        params: companyIdParams,
        body: suspendCompanyRequest,
        response: { 200: adminCompanyDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      suspendCompany(ctx, principalOf(request), request.params.id, request.body.reason, request.ip),
  );

  app.post(
    '/api/v1/admin/companies/:id/unsuspend',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Lift a suspension: the company’s users may sign in again',
        security: bearerSecurity,
        params: companyIdParams,
        response: { 200: adminCompanyDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => unsuspendCompany(ctx, principalOf(request), request.params.id, request.ip),
  );
}
