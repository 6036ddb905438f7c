import type { TransporterDashboard } from '@freightlane/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/v1/dashboard/transporter: the four figures of the transporter's home. */
export function useTransporterDashboard() {
  return useQuery({
    queryKey: dashboardKeys.transporter(),
    queryFn: () => api.get<TransporterDashboard>('/api/v1/dashboard/transporter'),
  });
}
