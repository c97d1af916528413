/**
 * Starts OpenTelemetry tracing (docs/operations.md, "Tracing"): the Node SDK
 * with the OTLP exporter its environment variables configure, and spans of
 * four kinds in one trace per request: the HTTP server span (@fastify/otel,
 * registered by app.ts: Fastify is bundled, so it cannot be patched as it
 * loads), the service operations (`traced`), the database statements
 * (node-postgres' and ioredis' instrumentations; the embedded database's
 * spans come from db/client.ts) and outgoing HTTP (fetch, through undici's
 * diagnostics channel: geocoding, an external sign-in provider).
 *
 * main.ts loads this module only when tracing is configured, and before the
 * rest of the server: node-postgres and ioredis stay outside the bundle and
 * are loaded from node_modules as ES modules, which OpenTelemetry can patch
 * only through import-in-the-middle's loader hook, registered here before
 * they load. The hook intercepts these two packages and nothing else.
 */
import { register } from 'node:module';
import {
  SpanKind,
  SpanStatusCode,
  context,
  trace,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { useTracing } from './hooks.js';
import type { TracingSettings } from './settings.js';

/** The packages whose ES module imports the loader hook wraps for their instrumentations. */
const HOOKED_PACKAGES = ['pg', 'ioredis'];

/** Probes and scrapes: a span every few seconds, of no use in a trace. */
const UNTRACED_PATHS = new Set(['/health', '/ready', '/metrics']);

/** PostgreSQL's name in the database semantic conventions (db.system.name); PGlite is PostgreSQL. */
const POSTGRESQL = 'postgresql';

/** The statement's operation (`SELECT`, `INSERT`, …): its first keyword, for the span's name. */
function operationOf(text: string): string | undefined {
  const keyword = /^\s*(?:--[^\n]*\n\s*)*([A-Za-z]+)/.exec(text)?.[1];
  return keyword?.toUpperCase();
}

/** Ends `span` when `fn` settles, marking a failure; `fn` runs with the span active. */
async function inSpan<T>(span: Span, fn: () => Promise<T>): Promise<T> {
  try {
    return await context.with(trace.setSpan(context.active(), span), fn);
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : String(error),
    });
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
    throw error;
  } finally {
    span.end();
  }
}

function statementSpan(tracer: Tracer, text: string): Span {
  const operation = operationOf(text);
  return tracer.startSpan(operation ?? POSTGRESQL, {
    kind: SpanKind.CLIENT,
    attributes: {
      'db.system.name': POSTGRESQL,
      // The text as the database client sent it: values travel as parameters ($1, $2, …).
      'db.query.text': text,
      ...(operation ? { 'db.operation.name': operation } : {}),
    },
  });
}

export async function startTracing(settings: TracingSettings): Promise<void> {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: HOOKED_PACKAGES },
  });
  const [
    { NodeSDK },
    { PgInstrumentation },
    { IORedisInstrumentation },
    { UndiciInstrumentation },
    { FastifyOtelInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/instrumentation-undici'),
    import('@fastify/otel'),
  ]);
  const fastifyOtel = new FastifyOtelInstrumentation({
    ignorePaths: ({ url }) => UNTRACED_PATHS.has(url.split('?')[0] ?? url),
    // The HTTP semantic conventions' name: the method and the route (its template, not the URL).
    requestHook: (span, request) => {
      const route = request.routeOptions.url;
      span.updateName(route ? `${request.method} ${route}` : request.method);
      // The id of the request's log lines and of its answer (X-Request-Id): finds the trace.
      span.setAttribute('request.id', request.id);
    },
  });
  const sdk = new NodeSDK({
    ...(settings.serviceName ? { serviceName: settings.serviceName } : {}),
    // Traces only: the metrics are /metrics' (Prometheus), the log lines standard output's.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // A statement or command outside a request or operation (the job queue's polling) makes no trace of its own.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation(),
      // Its own copy of @opentelemetry/instrumentation's types; the same interface.
      fastifyOtel as unknown as InstanceType<typeof PgInstrumentation>,
    ],
  });
  sdk.start();
  const tracer = trace.getTracer('@backoffice/server');
  useTracing({
    operation: (name, fn) => inSpan(tracer.startSpan(name), fn),
    statement: (text, fn) =>
      // Like node-postgres' spans: only inside a request or an operation.
      trace.getSpan(context.active()) ? inSpan(statementSpan(tracer, text), fn) : fn(),
    fastifyPlugin: fastifyOtel.plugin(),
    stop: () => sdk.shutdown(),
  });
}
