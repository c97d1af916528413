/**
 * Dates and money follow the configured locale and time zone, formatted and
 * parsed in this folder alone: no other source file of the web app names
 * the German locale or time zone (tests and their helpers in shared/testing
 * may, as fixtures).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');
const FORMAT_MODULE = path.resolve(import.meta.dirname);
const TEST_HELPERS = path.join(SRC, 'shared', 'testing');
const FORBIDDEN = ['de-DE', 'Europe/Berlin'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return file === FORMAT_MODULE || file === TEST_HELPERS ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

describe('one module formats and parses dates and money', () => {
  it('finds the source files it checks', () => {
    expect(sourceFiles(SRC).length).toBeGreaterThan(50);
  });

  it('leaves locale and time zone to the configuration outside shared/format', () => {
    const offenders = sourceFiles(SRC).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return FORBIDDEN.filter((name) => text.includes(name)).map(
        (name) => `${path.relative(SRC, file)}: ${name}`,
      );
    });
    expect(offenders).toEqual([]);
  });
});
