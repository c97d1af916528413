/**
 * Background work of a server process: a task run every interval, never two
 * runs of it at once, its failures logged. Returns a function that stops it.
 * The work itself is safe in several processes (advisory locks, conditional
 * updates, unique rows); this only paces one process.
 */
import type { FastifyBaseLogger } from 'fastify';

export function repeat(
  log: FastifyBaseLogger,
  intervalMs: number,
  label: string,
  task: () => Promise<unknown>,
): () => void {
  if (intervalMs <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((error: unknown) => log.error({ err: error }, `${label} failed`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
