/**
 * Background work runs shortly after start and then once per interval, never
 * twice at once, logs its failures, and its stop waits for a run under way.
 */
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_RUN_DELAY_MS, repeat } from '../src/repeat.js';

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

  it('runs an hourly task shortly after start, not only after its first hour', async () => {
    let runs = 0;
    const stop = repeat(pino({ level: 'silent' }), 3600_000, 'hourly task', async () => {
      runs += 1;
    });
    // Not during the start itself.
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(FIRST_RUN_DELAY_MS);
    expect(runs).toBe(1);
    // Then every interval, counted from the start.
    await vi.advanceTimersByTimeAsync(3600_000 - FIRST_RUN_DELAY_MS - 1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await stop();
  });

  it('skips the first interval’s run while the run at start is still going', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    const interval = FIRST_RUN_DELAY_MS + 100;
    const stop = repeat(pino({ level: 'silent' }), interval, 'slow task', async () => {
      runs += 1;
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      running -= 1;
    });
    await vi.advanceTimersByTimeAsync(interval);
    expect(runs).toBe(1);
    expect(maxRunning).toBe(1);
    await vi.advanceTimersByTimeAsync(interval);
    expect(runs).toBe(2);
    expect(maxRunning).toBe(1);
    const stopping = stop();
    await vi.advanceTimersByTimeAsync(1000);
    await stopping;
  });

  it('waits for a run under way when stopped', async () => {
    let finished = false;
    const stop = repeat(pino({ level: 'silent' }), 3600_000, 'slow task', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      finished = true;
    });
    await vi.advanceTimersByTimeAsync(FIRST_RUN_DELAY_MS);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    await stopping;
    expect(finished).toBe(true);
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
