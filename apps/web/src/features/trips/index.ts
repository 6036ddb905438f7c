/** What other features may use from trips. */
export { tripKeys } from './api/trip-keys';
