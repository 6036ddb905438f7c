import { reportExportQuery, reportKindParams, reportQuery, reportResponse } from '@freightlane/domain';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { attachmentHeader } from '../../lib/upload';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { ReportFile } from './report-export';
import { exportReportFor, readReport } from './report.service';

const tags = ['Reports'];

/** A download, streamed as it is written, never kept by a cache. */
function sendReportFile(reply: FastifyReply, file: ReportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentHeader(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

export function reportRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/reports/:kind',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary:
          'A report of your company over a range of Lagos dates: its figures, its chart and a page of its table',
        description:
          'Customers read the customer kinds, transporters and fleet managers the transporter kinds (docs/reports.md); any other kind answers 404. The range is at most 2 years; without one, the last 30 days.',
        security: bearerSecurity,
        params: reportKindParams,
        querystring: reportQuery,
        response: { 200: reportResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => readReport(ctx, principalOf(request), request.params.kind, request.query),
  );

  app.get(
    '/api/v1/reports/:kind/export',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags,
        summary: 'The whole report as a CSV, XLSX or PDF file (a PDF holds the first 10,000 rows)',
        fileResponse: 'The report as CSV (UTF-8), XLSX or PDF, with Content-Disposition: attachment',
        security: bearerSecurity,
        params: reportKindParams,
        querystring: reportExportQuery,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) =>
      sendReportFile(
        reply,
        await exportReportFor(ctx, principalOf(request), request.params.kind, request.query),
      ),
  );
}
