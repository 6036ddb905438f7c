import type { AuditLogFilter } from '../audit-log/api/audit-log-api';
import type { AdminUserFilter } from '../users/api/admin-users-api';
import type { AdminCompanyFilter } from './admin-companies-api';

/** The query keys of the back office: every one starts with ['admin']. */
export const adminKeys = {
  all: ['admin'] as const,
  companies: () => [...adminKeys.all, 'companies'] as const,
  companyLists: () => [...adminKeys.companies(), 'list'] as const,
  companyList: (filter: AdminCompanyFilter) => [...adminKeys.companyLists(), filter] as const,
  pendingCount: () => [...adminKeys.companies(), 'pending-count'] as const,
  company: (companyId: string) => [...adminKeys.companies(), 'detail', companyId] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userLists: () => [...adminKeys.users(), 'list'] as const,
  userList: (filter: AdminUserFilter) => [...adminKeys.userLists(), filter] as const,
  user: (userId: string) => [...adminKeys.users(), 'detail', userId] as const,
  auditLog: () => [...adminKeys.all, 'audit-log'] as const,
  auditLogPage: (filter: AuditLogFilter) => [...adminKeys.auditLog(), filter] as const,
};
