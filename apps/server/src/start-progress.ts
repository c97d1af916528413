/**
 * The console of a demo start (`npm start`): one short line per phase that
 * takes a while ("Creating the database with demo data … 19 s"), on
 * standard output, while the logs go to their file (platform/http/logging.ts).
 */
import { performance } from 'node:perf_hooks';

/** A duration as the progress lines write it: "0.8 s", "19 s". */
export const seconds = (ms: number): string =>
  ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;

/** Runs `work`, saying what it does before and how long it took after, on one line. */
export async function showPhase<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  process.stdout.write(`${label} … `);
  try {
    const result = await work();
    process.stdout.write(`${seconds(performance.now() - started)}\n`);
    return result;
  } catch (error) {
    process.stdout.write('failed\n');
    throw error;
  }
}
