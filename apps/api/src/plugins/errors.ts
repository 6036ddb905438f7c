import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../errors';

const CONTEXT_PREFIX: Record<string, string> = {
  body: '',
  querystring: 'query.',
  params: 'params.',
  headers: 'headers.',
};

function fieldErrors(
  error: { validation: { keyword: string; instancePath: string; message?: string; params?: unknown }[] },
  context?: string,
): FieldError[] {
  const prefix = CONTEXT_PREFIX[context ?? 'body'] ?? '';
  return error.validation.flatMap((v) => {
    const keys = (v.params as { keys?: string[] } | undefined)?.keys;
    if (v.keyword === 'unrecognized_keys' && keys) {
      return keys.map((k) => ({ field: `${prefix}${k}`, message: 'Unknown field' }));
    }
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return [
      {
        field: `${prefix}${field}` || prefix.replace(/\.$/, '') || 'body',
        message: v.message ?? 'Invalid value',
      },
    ];
  });
}

/** One place maps every failure to its HTTP answer: always JSON with a message, never internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error, error.validationContext);
      const summary = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
      return reply.status(400).send({ message: `Invalid request. ${summary}`, code: 'BAD_REQUEST', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is empty; send a JSON object'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Send the request body as application/json'
            : error.message;
      return reply.status(status).send({ message, code: status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}
