import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false on routes that send their own fixed headers (the public tracking answers). */
    securityHeaders?: false;
  }
}

/**
 * The headers helmet sets for these options. With static options they are the same on every response, so
 * they are worked out once here: @fastify/helmet rebuilt helmet's middleware, parsing the CSP directives
 * again, on every request, a tenth of a signed-in request's CPU.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const first = recordHeaders(options);
  // A function among the directives (a nonce) would make the headers differ per request.
  if (JSON.stringify(recordHeaders(options)) !== JSON.stringify(first)) {
    throw new Error('The security headers differ per request: their options must be static');
  }
  return first;
}

function recordHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let passed = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    passed = true;
  });
  if (!passed) throw new Error('helmet did not finish synchronously: its options are not static');
  return headers;
}

const HSTS = 'strict-transport-security';

/**
 * Sends helmet's headers for `options` with every response, except on routes configured without them.
 * Strict-Transport-Security goes only with answers to HTTPS requests (RFC 6797 §7.2: a browser ignores it
 * over plain HTTP), which behind a proxy fastify reads from X-Forwarded-Proto when TRUST_PROXY is set.
 */
export function sendSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { [HSTS]: transportSecurity, ...headers } = helmetHeaders(options);
  const overHttps = transportSecurity === undefined ? headers : { ...headers, [HSTS]: transportSecurity };
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false) {
      reply.headers(request.protocol === 'https' ? overHttps : headers);
    }
    done();
  });
}
