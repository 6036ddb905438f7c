import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { reportRoutes } from './report.routes';

// The customers' and transporters' reports, their charts and exports (docs/reports.md).

export function registerReport(app: ZodApp, ctx: AppContext): void {
  reportRoutes(app, ctx);
}
