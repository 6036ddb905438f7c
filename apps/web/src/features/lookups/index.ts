/** What other features may use from lookups. */
export { useLiners, useTerminals } from './api/lookups-api';
