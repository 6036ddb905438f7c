import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * How a public answer goes out, shared by the route and by the fast lane in front of fastify, so both
 * send the same bytes with the same headers.
 */

/**
 * The security headers a JSON answer needs, fixed once: those the OWASP REST Security Cheat Sheet asks of
 * every API response. A JSON body with nosniff is never rendered, so its CSP reduces to "render nothing,
 * frame nothing"; HSTS is per host and also comes with every page. Referrer-Policy and
 * Cross-Origin-Resource-Policy, which helmet adds, act on documents and on data a foreign page must not
 * read; a public answer is neither, as whoever holds its link may fetch it anyway. Helmet also rebuilds
 * its middleware on every request, which cost these routes half their throughput. Every header line is a
 * cost to each client that parses it, on the hottest answer the product gives.
 */
export const PUBLIC_JSON_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
} as const;

/** The same over HTTPS, the only transport a browser takes Strict-Transport-Security from (RFC 6797 §7.2). */
export const PUBLIC_JSON_HEADERS_OVER_HTTPS = {
  ...PUBLIC_JSON_HEADERS,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
} as const;

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
