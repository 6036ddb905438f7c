/** What other features may use from fleet. */
export { fetchDriverPhoto, useAvailableFleet } from './api/fleet-api';
