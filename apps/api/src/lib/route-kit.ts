import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse } from '@freightlane/domain';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The error answers a route can give, for its OpenAPI entry. Every one is `{message, code?, errors?}`. */
export function errorResponses<const S extends readonly (400 | 401 | 403 | 404 | 409 | 410 | 422 | 429)[]>(
  ...statuses: S
) {
  return Object.fromEntries(statuses.map((s) => [s, errorResponse])) as {
    [K in S[number]]: typeof errorResponse;
  };
}

export const bearerSecurity = [{ bearerAuth: [] }];

declare module 'fastify' {
  interface FastifySchema {
    /** The multipart form of an upload, for the OpenAPI document only; readUpload checks it. */
    multipartBody?: Record<string, unknown>;
    /** A download's success answer (the file's bytes), for the OpenAPI document only. */
    fileResponse?: string;
  }
}

/**
 * Describes an upload's multipart form (a `file` plus text fields) for OpenAPI. Multipart bodies
 * are read part by part by readUpload, never by the JSON validator, so this is documentation.
 */
export function multipartForm(
  fileDescription: string,
  fields: Record<string, { description: string; enum?: readonly string[] }> = {},
): Record<string, unknown> {
  return {
    type: 'object',
    required: ['file', ...Object.keys(fields)],
    properties: {
      file: { type: 'string', format: 'binary', description: fileDescription },
      ...Object.fromEntries(
        Object.entries(fields).map(([name, f]) => [
          name,
          { type: 'string', description: f.description, ...(f.enum ? { enum: [...f.enum] } : {}) },
        ]),
      ),
    },
  };
}

/**
 * A validator that lets path parameters through unchecked, for the public links: their services check
 * the ids against the id pattern, so a malformed link answers 404 like an unknown one (not 400), and
 * the hot path parses nothing. The zod schemas stay on such routes for the OpenAPI document.
 */
export const acceptParams = () => (value: unknown) => ({ value });
