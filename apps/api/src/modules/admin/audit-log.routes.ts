import { auditLogPage, auditLogQuery } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { listAuditLog } from './audit-log.service';

/** The audit log is read here and nowhere changed: there is no route that updates or deletes a row. */
export function auditLogRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/admin/audit-log',
    {
      preHandler: requireAuth(ctx, 'role_admin'),
      schema: {
        tags: ['Admin'],
        summary: 'Who changed what and when, newest first (append-only: read here, changed nowhere)',
        description:
          'q finds text in the action, the entity type or the entity id. from and to are Lagos calendar days (YYYY-MM-DD), both included.',
        security: bearerSecurity,
        querystring: auditLogQuery,
        response: { 200: auditLogPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAuditLog(ctx, principalOf(request), request.query),
  );
}
