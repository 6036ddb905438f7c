import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { healthRoutes } from './health.routes';

// Health, the OpenAPI document and the JSON 404 of unknown API routes.

export function registerHealth(app: ZodApp, ctx: AppContext): void {
  healthRoutes(app, ctx);
}
