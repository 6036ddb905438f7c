import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';

// OpenTelemetry traces, off unless an OTLP endpoint is configured (decision 042): a span per request, a
// child span per PostgreSQL statement, a span per background job. Spans are made by our own code, not by
// auto-instrumentation, which patches modules as Node loads them and so misses the bundled server.

const tracer = () => trace.getTracer('freightlane');
let sending = false;

export interface TracingOptions {
  /** OTLP/HTTP endpoint of traces, e.g. http://collector:4318/v1/traces. */
  url: string;
  serviceName: string;
  /** Extra headers for the collector (an API key). */
  headers?: Record<string, string>;
}

/** Where traces go, from the standard variables: the traces endpoint, else the base endpoint + /v1/traces. */
export function tracingFromEnv(env: NodeJS.ProcessEnv = process.env): TracingOptions | null {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const url = traces || (base ? `${base.replace(/\/$/, '')}/v1/traces` : '');
  if (!url || env.OTEL_TRACES_EXPORTER === 'none') return null;
  const headers = Object.fromEntries(
    (env.OTEL_EXPORTER_OTLP_HEADERS ?? '')
      .split(',')
      .map((pair) => pair.split('=').map((part) => decodeURIComponent(part.trim())))
      .filter((pair): pair is [string, string] => pair.length === 2 && pair[0] !== ''),
  );
  return { url, serviceName: env.OTEL_SERVICE_NAME || 'freightlane', headers };
}

interface QueryableClient {
  query: (...args: unknown[]) => unknown;
}

/**
 * Starts sending traces; returns how to stop (flushing what is left). `pgClient` is pg's Client class, whose
 * query method is wrapped so each statement is a span of the request or job that sent it.
 */
export function startTracing(
  options: TracingOptions,
  pgClient?: { prototype: QueryableClient },
): { stop: () => Promise<void>; flush: () => Promise<void> } {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: options.url, headers: options.headers ?? {} })),
    ],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const unwrap = pgClient ? traceStatements(pgClient.prototype) : () => undefined;
  sending = true;
  return {
    flush: () => provider.forceFlush(),
    stop: async () => {
      sending = false;
      unwrap();
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** Wraps a pg client's query so each statement is a span; returns how to undo it. */
function traceStatements(client: QueryableClient): () => void {
  const original = client.query;
  client.query = function tracedQuery(this: unknown, ...args: unknown[]) {
    const parent = trace.getSpan(context.active());
    // Only statements of a request or a job: the pool's own checks and LISTEN connections stay out.
    if (!parent) return original.apply(this, args);
    const first = args[0] as string | { text?: string; name?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const span = tracer().startSpan('db.query', {
      kind: SpanKind.CLIENT,
      // The statement with its placeholders, never the values sent with it.
      attributes: { 'db.system.name': 'postgresql', 'db.query.text': text.slice(0, 2_000) },
    });
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => span.end(),
        (error: unknown) => {
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      );
    } else {
      span.end();
    }
    return result;
  };
  return () => {
    client.query = original;
  };
}

/** Runs `work` in a span of its own (a job, a sweep), ended when it settles; errors are recorded. */
export async function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The span of a request, started from the caller's `traceparent` when it sent one. */
export function startRequestSpan(
  name: string,
  headers: Record<string, string | string[] | undefined>,
  attributes: Attributes,
): { span: Span; context: Context } {
  const parent = propagation.extract(context.active(), headers);
  const span = tracer().startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Runs `next` (the rest of the request's handling) inside the request span's context. */
export function runInContext(ctx: Context, next: () => void): void {
  context.with(ctx, next);
}

/** Whether traces are being sent; when not, the request and job hooks are not even installed. */
export function tracingOn(): boolean {
  return sending;
}
