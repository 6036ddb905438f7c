import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Span } from '@opentelemetry/api';
import { SpanStatusCode } from '@opentelemetry/api';
import { runInContext, startRequestSpan, tracingOn } from '../lib/tracing';

/**
 * A span per request when traces are sent (lib/tracing.ts): named by the route's template, continuing the
 * caller's trace when it sent a `traceparent`, with everything the request does (its statements) inside it.
 */
export function registerRequestTracing(app: FastifyInstance): void {
  if (!tracingOn()) return;
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const { span, context } = startRequestSpan(`${request.method} ${route}`, request.headers, {
      'http.request.method': request.method,
      'http.route': route,
      'url.path': request.url.split('?')[0],
    });
    spans.set(request, span);
    runInContext(context, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}
