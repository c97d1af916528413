/**
 * Stopping the server (docs/operations.md, "Stopping"): on SIGTERM or
 * SIGINT it takes no new connections and answers requests that still arrive
 * on open ones with 503 (/ready too, so a load balancer sends no more), lets
 * the requests under way and the running jobs finish within
 * SHUTDOWN_TIMEOUT_SECONDS, closes the database and exits 0. Requests still
 * under way at the deadline are cut (their connections closed) and named in
 * an error log line, and the process exits 1. Jobs still running then go
 * back to the queue (platform/jobs/queue.ts) and are retried: that is no failure of
 * the stop. Idle keep-alive connections are closed at once, and each
 * connection whose request ends during the stop after its answer. A second
 * signal ends the process at once.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/** After the deadline, how long the closing (jobs handed back, the database) may still take. */
const CLOSE_GRACE_MS = 5000;

let deadline: number | undefined;

/**
 * How long the work still running may take: the time left until the stop's
 * deadline, or `fallbackMs` when no stop has begun (tests closing their app).
 * At least a second, for jobs to be handed back.
 */
export function shutdownTimeLeftMs(fallbackMs: number): number {
  return deadline === undefined ? fallbackMs : Math.max(1000, deadline - Date.now());
}

interface OpenRequest {
  request: IncomingMessage;
  response: ServerResponse;
}

/** The requests under way on `server`, for a stop to wait for and its deadline to cut. */
export function trackRequests(server: Server) {
  const open = new Set<OpenRequest>();
  let draining = false;
  const closeWhenAnswered = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const entry = { request, response };
    open.add(entry);
    if (draining) closeWhenAnswered(response);
    response.once('close', () => {
      open.delete(entry);
      // A keep-alive connection whose answer went out before the stop idles now: closed.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    /** From now on every connection closes after its answer. */
    drain(): void {
      draining = true;
      for (const { response } of open) closeWhenAnswered(response);
    },
    /** The requests under way: method, path (no query) and request id. */
    open(): { method?: string; path: string; reqId?: string }[] {
      return [...open].map(({ request, response }) => ({
        method: request.method,
        path: (request.url ?? '').split('?')[0] ?? '',
        reqId: String(response.getHeader('x-request-id') ?? '') || undefined,
      }));
    },
  };
}

export type RequestTracker = ReturnType<typeof trackRequests>;

export interface StopOptions {
  server: Server;
  log: FastifyBaseLogger;
  requests: RequestTracker;
  timeoutSeconds: number;
  /** Closes the app (its requests and jobs), the database, the rest. */
  close: () => Promise<void>;
}

/** Stops the process as above on SIGTERM and SIGINT. */
export function stopOnSignals(options: StopOptions): void {
  const stop = (signal: NodeJS.Signals) => {
    // A second signal, either of them, ends the process at once (the signal's default).
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
    void stopProcess(signal, options);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function stopProcess(
  signal: string,
  { server, log, requests, timeoutSeconds, close }: StopOptions,
): Promise<void> {
  deadline = Date.now() + timeoutSeconds * 1000;
  log.info({ signal, timeoutSeconds }, 'shutting down');
  requests.drain();
  let cut = 0;
  const atDeadline = setTimeout(() => {
    const open = requests.open();
    cut = open.length;
    if (cut > 0) {
      log.error(
        { requests: open, timeoutSeconds },
        `shutdown deadline passed: ${cut} request(s) under way cut`,
      );
      server.closeAllConnections();
    }
    setTimeout(() => {
      log.error({ timeoutSeconds }, 'shutdown deadline passed: closing did not end, exiting');
      process.exit(1);
    }, CLOSE_GRACE_MS).unref();
  }, timeoutSeconds * 1000);
  atDeadline.unref();
  let failed = false;
  try {
    await close();
  } catch (error) {
    failed = true;
    log.error({ err: error }, 'shutdown failed');
  }
  clearTimeout(atDeadline);
  log.info({ cut }, cut > 0 || failed ? 'stopped, not cleanly' : 'stopped');
  process.exit(cut > 0 || failed ? 1 : 0);
}
