import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { adminCompanyRoutes } from './admin-company.routes';
import { adminUserRoutes } from './admin-user.routes';
import { registerAuditLogPartitions } from './audit-log.job';
import { auditLogRoutes } from './audit-log.routes';
import { userSearchRoutes } from './user-search.routes';

// The back office: company verification and suspension, users, the audit log, platform administrators.

export function registerAdmin(app: ZodApp, ctx: AppContext): void {
  adminCompanyRoutes(app, ctx);
  adminUserRoutes(app, ctx);
  auditLogRoutes(app, ctx);
  userSearchRoutes(app, ctx);
  registerAuditLogPartitions(app, ctx);
}

export { prepareAuditLog } from './audit-log.service';

export { checkPlatformAdminInput, createPlatformAdmin } from './platform-admin.service';
export type { PlatformAdminInput } from './platform-admin.service';
