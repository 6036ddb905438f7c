import type { FastifyInstance } from 'fastify';
import { unstorableTextError, unstorableTextField } from '../lib/unstorable-text';

/**
 * Every request's query, path parameters and JSON body are checked before any route sees them, so no
 * route can pass such a text to the database and answer 500. Field names follow the validation errors'
 * (`query.`, `params.`, body fields bare). Multipart fields are checked where uploads are read.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      unstorableTextField(request.query, 'query') ??
      unstorableTextField(request.params, 'params') ??
      unstorableTextField(request.body, '');
    if (field) throw unstorableTextError(field);
  });
}
