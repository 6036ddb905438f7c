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
