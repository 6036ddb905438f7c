/** What other features may use from partners. */
export { usePreferredPartners } from './api/partners-api';
