/** What other features may use from reference-data: the platform's terms, e.g. to show payment terms. */
export { usePlatformSettings } from './api/reference-data-api';
