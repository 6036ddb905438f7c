/** What other features may use from bids. */
export { useTransporterDashboard, TRANSPORTER_DASHBOARD_QUERY_KEY } from './api/bids-api';
