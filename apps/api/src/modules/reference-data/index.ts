import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { referenceDataRoutes } from './reference-data.routes';

// Reference data kept by the back office: tracking companies, shipping lines and tariffs, terminals, platform terms.

export function registerReferenceData(app: ZodApp, ctx: AppContext): void {
  referenceDataRoutes(app, ctx);
}
