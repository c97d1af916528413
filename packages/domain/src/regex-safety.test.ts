/**
 * Every regular expression the domain package exports runs in time linear in
 * its input: a pattern that backtracks
 * quadratically lets one saved text stall the server (and the editor, which
 * runs the same checks on every keystroke). Each pattern gets inputs made of
 * long runs of the characters it repeats, at n and 8n characters: linear time
 * grows about 8-fold, quadratic time 64-fold; the test allows 24-fold. Times
 * are the fastest of several batches, and a ratio above the limit is measured
 * again (up to three times in all): a busy machine can stall one measurement,
 * while a quadratic pattern stays above the limit in every one.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import * as domain from './index.js';

/** Adversarial inputs of about `n` characters for each exported pattern. */
const ADVERSARIAL: Record<string, ((n: number) => string)[]> = {
  LANDING_PAGE_PATTERN: [(n) => `http://${'a'.repeat(n)} `, (n) => `http://${'/'.repeat(n)}`],
  TAG_PATTERN: [(n) => '<'.repeat(n), (n) => `<${'a'.repeat(n)}`, (n) => '<a'.repeat(n / 2)],
  NBSP_ENTITY_PATTERN: [(n) => '&'.repeat(n), (n) => '&nbsp'.repeat(n / 5)],
  ENTITY_PATTERN: [(n) => '&'.repeat(n), (n) => `&${'a'.repeat(n)}`, (n) => '&#'.repeat(n / 2)],
  LOCALE_KEY_PATTERN: [(n) => 'a'.repeat(n)],
  LANDING_PAGE_PROTOCOL: [(n) => 'h'.repeat(n), (n) => `http${'s'.repeat(n)}`],
  LONE_SURROGATE_PATTERN: [
    (n) => '\u{1F389}'.repeat(n / 2),
    (n) => 'a'.repeat(n),
    (n) => '\uD83D'.repeat(n),
  ],
  WHITESPACE_PATTERN: [(n) => ' '.repeat(n), (n) => ' a'.repeat(n / 2)],
  PHONE_PATTERN: [(n) => `+49${'1'.repeat(n)}x`, (n) => `00${'('.repeat(n)}`],
  URL_PATTERN: [
    (n) => `http://${'a.'.repeat(n / 2)}@`,
    (n) => `http://${'a'.repeat(n)}`,
    (n) => `http://a.b/${'a'.repeat(n)} `,
    (n) => `http://a.${'b'.repeat(n)}:1 `,
  ],
  EMAIL_PATTERN: [
    (n) => `a@${'a.'.repeat(n / 2)}@`,
    (n) => `${'a'.repeat(n)}@`,
    (n) => `a@a.${'a'.repeat(n)} `,
  ],
  VATIN_PATTERN: [(n) => `DE${'1'.repeat(n)}`],
  GERMAN_ZIP_PATTERN: [(n) => '1'.repeat(n), (n) => `${'1'.repeat(n)}a`],
  CODE_PREFIX_PATTERN: [(n) => `${'a'.repeat(n)} `],
  CODE_PATTERN: [(n) => `${'a'.repeat(n)} `, (n) => 'a '.repeat(n / 2)],
  IMAGE_SIZE_PATTERN: [(n) => `${'1'.repeat(n)}x`, (n) => `1x${'1'.repeat(n)}`],
};

const exportedPatterns = Object.entries(domain).filter(
  (entry): entry is [string, RegExp] => entry[1] instanceof RegExp,
);

/** Milliseconds per run: the fastest of several batches, each long enough to measure. */
function timePerRun(run: () => unknown): number {
  let reps = 1;
  for (;;) {
    const start = performance.now();
    for (let rep = 0; rep < reps; rep += 1) run();
    if (performance.now() - start >= 4) break;
    reps *= 2;
  }
  let best = Infinity;
  for (let round = 0; round < 5; round += 1) {
    const start = performance.now();
    for (let rep = 0; rep < reps; rep += 1) run();
    best = Math.min(best, (performance.now() - start) / reps);
  }
  return best;
}

/** Every match attempt at every position, as a global replace makes them. */
function searchAll(pattern: RegExp): (input: string) => string {
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  return (input) => input.replace(global, '');
}

/**
 * The lowest of up to three measurements of `slow / fast`, stopping at the
 * first below `limit`: a stall of the machine inflates one measurement, not
 * three in a row.
 */
function growth(slow: () => unknown, fast: () => unknown, limit: number): number {
  let lowest = Infinity;
  for (let attempt = 0; attempt < 3 && lowest >= limit; attempt += 1) {
    lowest = Math.min(lowest, timePerRun(slow) / timePerRun(fast));
  }
  return lowest;
}

const N = 2000;
const GROWTH = 8;
const ALLOWED_RATIO = 24;

describe('regular expressions of the domain package', () => {
  it('each runs in linear time on the adversarial inputs given here', () => {
    expect(exportedPatterns.map(([name]) => name).sort()).toEqual(Object.keys(ADVERSARIAL).sort());
    for (const [name, pattern] of exportedPatterns) {
      const search = searchAll(pattern);
      for (const build of ADVERSARIAL[name] ?? []) {
        const short = build(N);
        const long = build(N * GROWTH);
        const ratio = growth(
          () => search(long),
          () => search(short),
          ALLOWED_RATIO,
        );
        expect(ratio, `${name} on ${JSON.stringify(short.slice(0, 12))}…`).toBeLessThan(
          ALLOWED_RATIO,
        );
      }
    }
  });
});

describe('descriptionLength', () => {
  it('takes about as long for 20,000 "<" as for 20,000 ordinary characters', () => {
    const ratio = growth(
      () => domain.descriptionLength('<'.repeat(20_000)),
      () => domain.descriptionLength('a'.repeat(20_000)),
      40,
    );
    expect(ratio).toBeLessThan(40);
    // What it counts stays the same: text without tags, an entity as one character.
    expect(domain.descriptionLength('<p>a&amp;b&nbsp;c</p>')).toBe(5);
    expect(domain.descriptionLength('x < y > z')).toBe(4);
  });
});
