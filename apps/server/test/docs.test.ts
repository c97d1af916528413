/**
 * The repository's documents serve someone who has only the repository
 * (issue 11, point 2): no link leads outside it, and the README answers what
 * the product is, how to start it, which address to open, how to sign in,
 * how to test it and what is not built yet. `npm start` says what it does
 * while its first start builds, and builds what is stale.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo-data.js';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const documents = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The section of a markdown text under a second-level heading. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

describe('the documents', () => {
  it('never point outside the repository', () => {
    const outside: string[] = [];
    for (const file of documents) {
      const text = read(file);
      // Paths in code spans are read from the repository's root, link targets from the file.
      for (const match of text.matchAll(/`(\.\.\/[^`]*)`/g)) {
        if (!path.resolve(root, match[1] ?? '').startsWith(`${root}${path.sep}`))
          outside.push(`${file}: ${match[1]}`);
      }
      for (const match of text.matchAll(/\]\((\.\.\/[^)]*)\)/g)) {
        const target = path.resolve(root, path.dirname(file), match[1] ?? '');
        if (!target.startsWith(`${root}${path.sep}`)) outside.push(`${file}: ${match[1]}`);
      }
      const links = [...text.matchAll(/\]\(([^)]+)\)|<(https?:\/\/[^>]+)>/g)];
      for (const link of links) {
        const href = link[1] ?? link[2] ?? '';
        if (/^https?:\/\//.test(href) && !/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(href))
          outside.push(`${file}: ${href}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('name no file of the specification or design documents, and every linked file exists', () => {
    const problems: string[] = [];
    for (const file of documents) {
      const text = read(file);
      // The specification is cited by its section numbers in words, never by its files.
      for (const match of text.matchAll(
        /[\w./-]*(?:product-spec|ARCHITECTURE|CONVENTIONS)(?:\.md)?|\/work\/|\.\.\/shared/g,
      ))
        problems.push(`${file}: ${match[0]}`);
      for (const match of text.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)) {
        const target = match[1] ?? '';
        if (/^[a-z]+:/.test(target)) continue;
        if (!existsSync(path.resolve(root, path.dirname(file), target)))
          problems.push(`${file}: ${target}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the README lays out the folders that exist, and CONTRIBUTING walks a feature through real files', () => {
    const layout = section(read('README.md'), 'Layout');
    const folders = [...layout.matchAll(/^\| `([^`]+)`/gm)].map((match) => match[1] ?? '');
    expect(folders).toEqual(
      expect.arrayContaining([
        'packages/domain/src',
        'apps/server/src/modules',
        'apps/web/src/features',
      ]),
    );
    for (const folder of folders) expect(existsSync(path.join(root, folder)), folder).toBe(true);
    const contributing = read('CONTRIBUTING.md');
    const files = [...contributing.matchAll(/`((?:apps|packages)\/[\w./-]+\.(?:ts|tsx|json))`/g)];
    expect(files.length).toBeGreaterThan(10);
    for (const [, file] of files) expect(existsSync(path.join(root, file ?? '')), file).toBe(true);
  });

  it('the README says what it is, how to start it, where to open it, how to sign in and test it', () => {
    const readme = read('README.md');
    expect(readme.split('\n## ')[0]?.length ?? 0).toBeGreaterThan(400);
    const start = section(readme, 'Start it');
    expect(start).toContain('npm start');
    expect(start).toMatch(/open \*\*<http:\/\/localhost:3000>\*\*/);
    const signIn = section(readme, 'Sign in');
    for (const user of DEMO_USERS) expect(signIn).toContain(user.email);
    expect(signIn).toContain('`demo`');
    expect(signIn).not.toContain('autocomplete');
    expect(section(readme, 'Test it')).toContain('npm test');
    expect(section(readme, 'Not built yet')).toMatch(/^- /m);
    // Uploaded images live in a local folder: processes share more than the database.
    expect(readme).not.toContain('share nothing but');
  });
});

describe('npm start', () => {
  it('prints one line saying what it does before it builds, and nothing when nothing is stale', () => {
    const notice = (workspaces: string[]) =>
      execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { buildNotice } = await import(${JSON.stringify(path.join(root, 'scripts/build-state.mjs'))});
           process.stdout.write(String(buildNotice(${JSON.stringify(workspaces)}) ?? ''));`,
        ],
        { encoding: 'utf8' },
      );
    expect(notice(['apps/server', 'apps/web'])).toMatch(
      /^Building the server and the web app .*first time takes a minute or two/,
    );
    expect(notice(['apps/server', 'apps/web'])).not.toContain('\n');
    expect(notice([])).toBe('');
    expect(read('scripts/start.mjs')).toContain('buildNotice(');
  });

  it('rebuilds the server bundle when a source or the installed packages are newer, and the web app when its sources are', () => {
    const tree = mkdtempSync(path.join(tmpdir(), 'build-state-'));
    const files = {
      'packages/domain/src/index.ts': 10,
      'apps/server/src/main.ts': 10,
      'apps/server/scripts/bundle.mjs': 10,
      'node_modules/.package-lock.json': 10,
      'apps/server/dist/bundle/main.js': 20,
      'apps/web/src/main.tsx': 10,
      'apps/web/index.html': 10,
      'apps/web/dist/index.html': 20,
    };
    const touch = (file: string, seconds: number) => {
      const full = path.join(tree, file);
      mkdirSync(path.dirname(full), { recursive: true });
      if (!existsSync(full)) writeFileSync(full, '');
      utimesSync(full, seconds, seconds);
    };
    const stale = () =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const { workspacesToBuild } = await import(${JSON.stringify(path.join(root, 'scripts/build-state.mjs'))});
             process.stdout.write(JSON.stringify(workspacesToBuild(${JSON.stringify(tree)})));`,
          ],
          { encoding: 'utf8' },
        ),
      ) as string[];
    try {
      for (const [file, seconds] of Object.entries(files)) touch(file, seconds);
      expect(stale()).toEqual([]);
      // npm ci or npm install: the bundle holds packages from node_modules.
      touch('node_modules/.package-lock.json', 30);
      expect(stale()).toEqual(['apps/server']);
      touch('apps/server/dist/bundle/main.js', 40);
      touch('packages/domain/src/index.ts', 50);
      expect(stale()).toEqual(['apps/server', 'apps/web']);
      rmSync(path.join(tree, 'apps/server/dist'), { recursive: true });
      touch('apps/web/dist/index.html', 60);
      expect(stale()).toEqual(['apps/server']);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
