import type { CustomerDashboard } from '@freightlane/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/v1/dashboard/customer: the customer's trips, payments and orders awaiting an award. */
export function useCustomerDashboard() {
  const api = useApi();
  return useQuery({
    queryKey: dashboardKeys.customer(),
    queryFn: ({ signal }) => api.get<CustomerDashboard>('/api/v1/dashboard/customer', { signal }),
  });
}
