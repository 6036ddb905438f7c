import { Readable } from 'node:stream';
import { tripIdParams } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { sendDownload } from '../../lib/download';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { tripDossierFor } from './dossier.service';

export function dossierRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v1/trips/:id/dossier',
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['Trip record'],
        summary:
          "The trip's delivery dossier (PDF): parties, cargo, timeline, route map, handover, documents with their hashes, issues, charges and the record's chain head",
        description:
          "Either company on the trip, or an admin. The customer's never shows the transporter's cash on the road.",
        fileResponse: 'The dossier (PDF), with Content-Disposition: attachment',
        security: bearerSecurity,
        params: tripIdParams,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await tripDossierFor(ctx, principalOf(request), request.params.id);
      return sendDownload(reply, {
        fileName,
        contentType: 'application/pdf',
        sizeBytes: pdf.length,
        stream: Readable.from([pdf]),
      });
    },
  );
}
