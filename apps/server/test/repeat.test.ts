/** Background work runs once per interval, never twice at once, and logs its failures. */
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeat } from '../src/repeat.js';

describe('repeat', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('skips a tick while the previous run is still going, and stops when told', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    const stop = repeat(pino({ level: 'silent' }), 100, 'slow task', async () => {
      runs += 1;
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 250));
      running -= 1;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(maxRunning).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(3);
    stop();
    const after = runs;
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(after);
  });

  it('logs a failure and goes on', async () => {
    const errors: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => errors.push(line) });
    let runs = 0;
    const stop = repeat(log, 100, 'failing task', async () => {
      runs += 1;
      throw new Error('boom');
    });
    await vi.advanceTimersByTimeAsync(350);
    stop();
    expect(runs).toBe(3);
    expect(errors.length).toBe(3);
    expect(errors[0]).toContain('failing task failed');
  });

  it('does nothing with an interval of 0 (scheduler switched off)', async () => {
    let runs = 0;
    repeat(pino({ level: 'silent' }), 0, 'off', async () => {
      runs += 1;
    })();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(0);
  });
});
