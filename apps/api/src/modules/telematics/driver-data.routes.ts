import { driverDataExport, driverIdParams, driverLocationErasureResponse } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { attachmentHeader } from '../../lib/upload';
import { principalOf, requireAuth } from '../../plugins/auth';
import { FLEET_OWNER_ROLES, FLEET_ROLES } from '../fleet';
import { eraseDriverLocationHistory, exportDriverData } from './driver-data.service';

export function driverDataRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/fleet/drivers/:id/data',
    {
      preHandler: requireAuth(ctx, ...FLEET_ROLES),
      schema: {
        tags: ['Fleet'],
        summary: 'Download everything Freightlane holds about one of your drivers, as a JSON file',
        description:
          "For the driver's request under the NDPA: the driver's record, when their phone was verified and their USSD PIN given, their phone link, each trip they drove with its positions (as recorded for 90 days, then the route the trip kept) and what they reported from their phone. At most 5 an hour per driver.",
        security: bearerSecurity,
        params: driverIdParams,
        response: { 200: driverDataExport, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { fileName, data } = await exportDriverData(ctx, principalOf(request), request.params.id);
      return reply
        .header('content-disposition', attachmentHeader(fileName))
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );

  app.post(
    '/api/v1/fleet/drivers/:id/location-history/erasure',
    {
      preHandler: requireAuth(ctx, ...FLEET_OWNER_ROLES),
      schema: {
        tags: ['Fleet'],
        summary: "Erase where one of your drivers went: their trips' positions and kept routes (owner only)",
        description:
          'The trips stay, with the length of their routes. Refused (409) while the driver is on a trip that has not ended. Cannot be undone.',
        security: bearerSecurity,
        params: driverIdParams,
        response: { 200: driverLocationErasureResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => eraseDriverLocationHistory(ctx, principalOf(request), request.params.id, request),
  );
}
