import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { dashboardRoutes } from './dashboard.routes';

// The customer's and the transporter's home figures.

export function registerDashboard(app: ZodApp, ctx: AppContext): void {
  dashboardRoutes(app, ctx);
}
