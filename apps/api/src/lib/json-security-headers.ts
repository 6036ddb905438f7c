/**
 * The security headers of the answers that skip fastify's hooks: the public tracking answers (the route and
 * the fast lane in front of fastify send the same bytes) and the refusals of requests that are not HTTP.
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
export const JSON_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
} as const;

/** The same over HTTPS, the only transport a browser takes Strict-Transport-Security from (RFC 6797 §7.2). */
export const JSON_SECURITY_HEADERS_OVER_HTTPS = {
  ...JSON_SECURITY_HEADERS,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
} as const;
