/** What other features may use from containers: the free-time badge and card of the trip page. */
export { containerKeys } from './api/container-keys';
export { FreeTimeBadge } from './components/free-time-badge';
export { FreeTimeCard } from './components/free-time-card';
