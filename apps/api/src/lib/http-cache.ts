/** HTTP caching of JSON answers built ahead of the request: their content type, ETag and 304 check. */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * An answer as its route's response schema sends it (the schema's parse, then JSON), for answers kept as
 * JSON: the same text fastify's serializer would write.
 */
export function jsonOf<T>(schema: z.ZodType<T>, value: T): string {
  return JSON.stringify(schema.parse(value));
}

/** Sends JSON already written (a kept answer's) as it is: fastify serialises only what is not a string. */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.header('content-type', JSON_UTF8).send(json);
}

/** A strong ETag of a body: its SHA-1, which is fast and more than unique enough to tell versions apart. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when If-None-Match names this ETag (or is *); weak tags compare equal, as RFC 9110 asks for GET. */
export function etagMatches(header: string, etag: string): boolean {
  if (header === etag || header === '*') return true;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if (tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}
