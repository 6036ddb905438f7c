import type { TransporterDashboard } from '@freightlane/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/v1/dashboard/transporter: the four figures of the transporter's home. */
export function useTransporterDashboard() {
  const api = useApi();
  return useQuery({
    queryKey: dashboardKeys.transporter(),
    queryFn: () => api.get<TransporterDashboard>('/api/v1/dashboard/transporter'),
  });
}
