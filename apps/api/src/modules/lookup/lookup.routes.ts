import { linerListResponse, terminalListResponse } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { requireAuth } from '../../plugins/auth';
import { listLiners, listTerminals } from './lookup.repository';

export function lookupRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/lookups/terminals',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['Lookups'],
        summary:
          'Port terminals, holding bays and inland depots offered for new orders, by state, port and name',
        security: bearerSecurity,
        response: { 200: terminalListResponse, ...errorResponses(401) },
      },
    },
    async () => listTerminals(ctx.db),
  );

  app.get(
    '/api/v1/lookups/liners',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['Lookups'],
        summary: 'Shipping lines (liners) offered for new orders, by name',
        security: bearerSecurity,
        response: { 200: linerListResponse, ...errorResponses(401) },
      },
    },
    async () => listLiners(ctx.db),
  );
}
