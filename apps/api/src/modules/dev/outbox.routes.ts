import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, type ZodApp } from '../../lib/route-kit';
import { readOutbox } from '../../plugins/mail';

const outboxEntry = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
});

/** Development only: the e-mails that would have been sent, newest first. Never registered in production. */
export function outboxRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['Development'],
        summary: 'E-mails written to the outbox folder, newest first (not in production)',
        querystring: z.strictObject({
          to: z.string().max(254).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.array(outboxEntry), ...errorResponses(400) },
      },
    },
    async (request) => readOutbox(ctx.outboxDir, { to: request.query.to, limit: request.query.limit }),
  );
}
