import type { AdminCompanyFilter } from './admin-companies-api';

/** The query keys of the back office: every one starts with ['admin']. */
export const adminKeys = {
  all: ['admin'] as const,
  companies: () => [...adminKeys.all, 'companies'] as const,
  companyLists: () => [...adminKeys.companies(), 'list'] as const,
  companyList: (filter: AdminCompanyFilter) => [...adminKeys.companyLists(), filter] as const,
  pendingCount: () => [...adminKeys.companies(), 'pending-count'] as const,
  company: (companyId: string) => [...adminKeys.companies(), 'detail', companyId] as const,
  userSearch: (phone: string | null) => [...adminKeys.all, 'users', 'search', phone] as const,
};
