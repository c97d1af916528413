/**
 * Background work of a server process: a task run shortly after start and
 * then every interval, never two runs of it at once, its failures logged.
 * Returns a function that stops it and waits for a run under way.
 * The work itself is safe in several processes (advisory locks, conditional
 * updates, unique rows); this only paces one process.
 */
import type { FastifyBaseLogger } from 'fastify';

/**
 * The first run's wait after start: long enough that the start itself (the
 * first requests, the other jobs' starts) is not slowed, short enough that a
 * process restarted more often than its interval (an hourly job in a process
 * restarted every few minutes) still does its work.
 */
export const FIRST_RUN_DELAY_MS = 5_000;

export function repeat(
  log: FastifyBaseLogger,
  intervalMs: number,
  label: string,
  task: () => Promise<unknown>,
): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = task()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, `${label} failed`),
      )
      .finally(() => {
        running = undefined;
      });
  };
  // An interval as short as the delay brings the first run soon enough by itself.
  const first = intervalMs > FIRST_RUN_DELAY_MS ? setTimeout(run, FIRST_RUN_DELAY_MS) : undefined;
  const timer = setInterval(run, intervalMs);
  first?.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
