/** HTTP caching of JSON answers built ahead of the request: their content type, ETag and 304 check. */
import { createHash } from 'node:crypto';

export const JSON_UTF8 = 'application/json; charset=utf-8';

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
