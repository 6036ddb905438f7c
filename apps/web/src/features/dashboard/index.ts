/** What other features may use from dashboard. */
export { dashboardKeys } from './api/dashboard-keys';
