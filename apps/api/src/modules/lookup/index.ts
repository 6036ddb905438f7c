import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { lookupRoutes } from './lookup.routes';

// Terminals and liners for the order wizard and the trip dialogs.

export function registerLookup(app: ZodApp, ctx: AppContext): void {
  lookupRoutes(app, ctx);
}
