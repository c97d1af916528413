/**
 * What the server's own code knows of tracing (docs/operations.md,
 * "Tracing"): spans around service operations (`traced`) and around the
 * embedded database's statements (`tracedStatement`, db/client.ts), and the
 * Fastify plugin that makes the HTTP server spans (app.ts). Without tracing
 * configured these are plain calls: no OpenTelemetry module is loaded at
 * all, so a start without tracing costs nothing. With it, start.ts (loaded
 * by main.ts before the rest of the server) hands its tracer over here.
 */
import type { FastifyPluginCallback } from 'fastify';

/** The tracer's part, given by start.ts once the SDK runs. */
export interface Tracing {
  /** Runs `fn` in an active span of the service level named `name`; ends it when `fn` settles. */
  operation<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Runs `fn` in an active database client span for the statement `text` (its parameters not included). */
  statement<T>(text: string, fn: () => Promise<T>): Promise<T>;
  /** The Fastify plugin making a server span of each request (@fastify/otel). */
  fastifyPlugin: FastifyPluginCallback;
  /** Sends the spans still buffered and stops the SDK. */
  stop(): Promise<void>;
}

let tracing: Tracing | undefined;

export function useTracing(given: Tracing): void {
  tracing = given;
}

/** Whether spans are made in this process. */
export const tracingOn = (): boolean => tracing !== undefined;

/**
 * Runs a service operation (`campaign.save`) in a span of its own, the
 * parent of the statements it runs and the child of the request's span;
 * without tracing, just runs it.
 */
export function traced<T>(name: string, fn: () => Promise<T>): Promise<T> {
  return tracing ? tracing.operation(name, fn) : fn();
}

/** Runs one SQL statement of the embedded database in a client span (PostgreSQL's are made by its instrumentation). */
export function tracedStatement<T>(text: string, fn: () => Promise<T>): Promise<T> {
  return tracing ? tracing.statement(text, fn) : fn();
}

/** The plugin app.ts registers first when tracing is on. */
export const tracingPlugin = (): FastifyPluginCallback | undefined => tracing?.fastifyPlugin;

/** Longest a stop waits for the last spans to be sent (a collector that does not answer). */
const STOP_TIMEOUT_MS = 2000;

/** Flushes and stops tracing at the end of the process, for at most 2 s; nothing without it. */
export async function stopTracing(): Promise<void> {
  if (!tracing) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, STOP_TIMEOUT_MS);
  });
  // A span that cannot be sent is lost, not a failure of the stop.
  await Promise.race([tracing.stop().catch(() => undefined), late]);
  clearTimeout(timer);
}
