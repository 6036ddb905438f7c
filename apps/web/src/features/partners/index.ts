/** What other features may use from partners. */
export { usePreferredPartners, PREFERRED_PARTNERS_QUERY_KEY } from './api/partners-api';
