/**
 * What other features may use from return loads: a truck's match list and its query for the trip page, and
 * the "Return loads welcome" badge for the customer's order and the market's.
 */
export { useTripReturnLoads } from './api/return-loads-api';
export { ReturnLoadMatches } from './components/return-load-matches';
export { ReturnLoadsWelcomeBadge } from './components/return-loads-welcome-badge';
