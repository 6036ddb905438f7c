import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { dossierRoutes } from './dossier.routes';

// The delivery dossier: one PDF of a trip for a dispute, its record's chain head on it
// (docs/decisions/049-tamper-evident-trip-record.md).

export function registerDossier(app: ZodApp, ctx: AppContext): void {
  dossierRoutes(app, ctx);
}
