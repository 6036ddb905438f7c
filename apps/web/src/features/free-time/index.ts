/** What other features may use from free-time: the free-time badge and card of the trip page. */
export { freeTimeKeys } from './api/free-time-keys';
export { FreeTimeBadge } from './components/free-time-badge';
export { FreeTimeCard } from './components/free-time-card';
