/** What other features may use from earnings. */
export { earningKeys } from './api/earning-keys';
export { PayoutList } from './components/payout-list';
