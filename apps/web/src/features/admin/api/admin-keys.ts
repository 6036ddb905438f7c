import type { AdminUserStatus, CompanyType, Role, VerificationStatus } from '@freightlane/domain';

export interface AdminCompanyFilter {
  /** null: every status. */
  status: VerificationStatus | null;
  /** null: customers and transporters. */
  type: CompanyType | null;
  q: string;
  /** true: suspended companies only; false: those not suspended; absent or null: both. */
  suspended?: boolean | null;
  /** Zero-based, as the API counts. */
  page: number;
  size?: number;
}

export interface AdminUserFilter {
  /** A name, an e-mail or a phone number; empty: everyone. */
  q: string;
  role: Role | null;
  status: AdminUserStatus | null;
  companyId: string | null;
  /** Zero-based, as the API counts. */
  page: number;
  size?: number;
}

/** The log's filters as the page keeps them in its address; empty text means no filter. */
export interface AuditLogFilter {
  q: string;
  entityType: string;
  entityId: string;
  actorUserId: string;
  companyId: string;
  /** Lagos calendar days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  /** Zero-based, as the API counts. */
  page: number;
  size?: number;
}

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
