import { z } from 'zod';
import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { pingDatabase } from '../../queries/health.repository';

export function healthRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['Platform'],
        summary: 'Liveness and which database is in use',
        response: {
          200: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) }),
          503: z.object({ status: z.literal('unavailable'), message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(ctx.db);
        return { status: 'ok' as const, db: ctx.database.kind };
      } catch {
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, message: 'The database does not answer' });
      }
    },
  );
}
