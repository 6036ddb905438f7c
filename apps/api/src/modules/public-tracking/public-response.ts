import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * How a public answer goes out, shared by the route and by the fast lane in front of fastify, so both
 * send the same bytes with the same headers.
 */

/**
 * Whether `req` came over HTTPS, as fastify's request.protocol reads it under the same trustProxy setting:
 * the last hop's X-Forwarded-Proto when the proxy is trusted and sent one, else the socket's own TLS.
 */
export function cameOverHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  const proto = req.headers['x-forwarded-proto'];
  if (trustProxy && typeof proto === 'string' && proto !== '') {
    return proto.slice(proto.lastIndexOf(',') + 1).trim() === 'https';
  }
  return (req.socket as TLSSocket).encrypted === true;
}

/** Browsers may keep the answer but must ask again each time; an unchanged one then costs a 304. */
export const PUBLIC_CACHE_CONTROL = 'no-cache';
