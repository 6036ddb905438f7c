import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { directoryRoutes } from './directory.routes';

// Company profiles and the "Find transporters" directory, on top of scorecards and preferred partners.

export function registerDirectory(app: ZodApp, ctx: AppContext): void {
  directoryRoutes(app, ctx);
}
