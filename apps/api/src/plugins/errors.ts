import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, type FieldError } from '../errors';
import { JSON_SECURITY_HEADERS, JSON_SECURITY_HEADERS_OVER_HTTPS } from '../lib/json-security-headers';
import { S3StorageError } from './s3-storage';

/** A database restart or failover takes seconds; asking again sooner only adds load. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
/** An object store's outage or throttling (SlowDown) lasts longer; the client is asked to wait a while. */
const FILE_STORE_RETRY_AFTER_SECONDS = 30;
export const FILE_STORE_UNAVAILABLE_MESSAGE =
  'The file store does not answer right now, so the file could not be sent or kept. Please try again in a minute.';

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

/** The driver's error under Drizzle's wrapping: its code and message, without the query. */
function driverError(error: unknown): string {
  let current = error as { cause?: unknown; code?: unknown; message?: unknown };
  while (current.cause && typeof current.cause === 'object') current = current.cause as typeof current;
  return [current.code, current.message].filter((part) => typeof part === 'string').join(' ');
}

/** One place maps every failure to its HTTP answer: always JSON with a message, never internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // Routes that send fixed headers of their own (the public tracking answers) set them in their handler;
    // a request refused before it runs (a malformed id) still gets a JSON answer's security headers.
    if (!reply.hasHeader('x-content-type-options')) {
      void reply.headers(
        request.protocol === 'https' ? JSON_SECURITY_HEADERS_OVER_HTTPS : JSON_SECURITY_HEADERS,
      );
    }
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
    // Before the database check: a store that cannot be reached carries the same socket error codes.
    if (error instanceof S3StorageError) {
      request.log.warn(
        { cause: error.message, status: error.status, s3Code: error.s3Code },
        'file store unavailable',
      );
      return reply
        .status(503)
        .header('retry-after', String(FILE_STORE_RETRY_AFTER_SECONDS))
        .send({ message: FILE_STORE_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a fault of the request or the code: the caller may send it again once the database is back.
      // One short line: while the database is away every request fails alike, and Drizzle's wrapping
      // would repeat each request's query and parameters in the log.
      request.log.warn({ cause: driverError(error) }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}
