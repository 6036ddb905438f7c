/** What other features may use from partners. */
export { useAddPreferredPartner, usePreferredPartners } from './api/partners-api';
