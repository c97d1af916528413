/**
 * The catalogue's parts: together they are the whole catalogue, and a part's
 * own keys are used only by the sources of its folders (any other screen
 * would show the bare key until the part happens to be loaded).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { changeLanguage, i18n, initI18n, loadTexts } from './i18n';
import {
  coreTexts,
  partTexts,
  partsWith,
  TEXT_PART_NAMES,
  TEXT_PARTS,
  type TextPart,
} from './text-parts';

const SRC = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function merge(target: Record<string, unknown>, source: Record<string, unknown>) {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && value !== null && typeof existing === 'object' && existing) {
      merge(existing as Record<string, unknown>, value as Record<string, unknown>);
    } else target[key] = value;
  }
  return target;
}

describe('text parts', () => {
  it('add up to the whole catalogue in both languages, each key in one part', () => {
    for (const catalogue of [de, en]) {
      const parts = [coreTexts(catalogue), ...TEXT_PART_NAMES.map((n) => partTexts(catalogue, n))];
      const whole = parts.reduce((all, part) => merge(all, structuredClone(part)), {});
      expect(whole).toEqual(catalogue);
      const core = coreTexts(catalogue);
      for (const name of TEXT_PART_NAMES) {
        for (const key of Object.keys(TEXT_PARTS[name].subtrees)) {
          const own = Object.keys(partTexts(catalogue, name)[key] as object);
          expect(own.length, `${name}: ${key}`).toBeGreaterThan(0);
          const kept = Object.keys((core[key] as object | undefined) ?? {});
          expect(own.filter((inner) => kept.includes(inner))).toEqual([]);
        }
      }
    }
  });

  it("are used only by their folders' sources, apart from the keys the core keeps", () => {
    const misplaced: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      const text = readFileSync(file, 'utf8');
      for (const part of Object.values(TEXT_PARTS) as TextPart[]) {
        if (part.features.some((folder) => relative.startsWith(`${folder}/`))) continue;
        for (const [subtree, shared] of Object.entries(part.subtrees)) {
          const uses = text.matchAll(new RegExp(`['"\`]${subtree}\\.([A-Za-z]+|\\$\\{)`, 'g'));
          for (const [, key = ''] of uses) {
            if (!shared.includes(key)) misplaced.push(`${relative}: ${subtree}.${key}`);
          }
        }
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('bring along only parts that exist', () => {
    for (const name of TEXT_PART_NAMES) {
      for (const other of partsWith(name)) expect(TEXT_PART_NAMES).toContain(other);
    }
  });

  it('load with their feature and follow a change of language', async () => {
    await initI18n('de-DE', ['de-DE', 'en-GB']);
    await changeLanguage('de');
    expect(i18n.t('campaigns.statuses.created')).not.toBe('campaigns.statuses.created');
    expect(i18n.exists('apiKeys.title')).toBe(false);
    await loadTexts('apiKeys');
    expect(i18n.t('apiKeys.title')).toBe(de.apiKeys.title);
    // A part brings the parts it needs along: the campaign forms show field labels.
    expect(i18n.exists('fieldLabels.valid_from')).toBe(false);
    await loadTexts('campaigns');
    expect(i18n.exists('fieldLabels.valid_from')).toBe(true);
    await changeLanguage('en');
    expect(i18n.t('apiKeys.title')).toBe(en.apiKeys.title);
    await changeLanguage('de');
  });
});
