/**
 * The repository's documents serve someone who has only the repository
 * (issue 11, point 2): no link leads outside it, and the README answers what
 * the product is, how to start it (and on which port), which address to
 * open, how to sign in, how to test it and what is not built yet. `npm start`
 * says what it does while its first start builds, one line per phase, builds
 * what is stale, logs into DATA_DIR/logs in demo mode and ends its console
 * with the address to open (issue 30, point 12).
 */
import { execFileSync, spawn } from 'node:child_process';
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
import { DEMO_USERS } from '../src/ops/seed/demo-data.js';
import { freePort } from './fixtures/ports.js';
import { until } from './fixtures/until.js';

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
  it('the README names every setting the server reads from its environment', () => {
    // Each config*.ts declares its variables as the keys of a zod object: `NAME: z.…`.
    const folder = path.join(root, 'apps/server/src/platform/config');
    const settings = readdirSync(folder)
      .filter((name) => /^config.*\.ts$/.test(name))
      .flatMap((name) =>
        [
          ...read(`apps/server/src/platform/config/${name}`).matchAll(
            /^\s+([A-Z][A-Z0-9_]{2,}):\s*z\./gm,
          ),
        ].map((match) => match[1] ?? ''),
      );
    expect(settings.length).toBeGreaterThan(50);
    const readme = read('README.md');
    expect(settings.filter((name) => !readme.includes(`| \`${name}\``))).toEqual([]);
  });

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
    // Another port, when 3000 is taken, and what a 2-core machine takes to start.
    expect(start).toMatch(/`PORT=\d+ npm start`/);
    expect(start).toMatch(/2-core machine/);
    expect(start).toContain('data/logs/server.log');
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
  it('builds with one progress line per phase, showing the tools output only when a build fails', () => {
    const run = (outcomes: Record<string, number>) =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const { buildSteps, runBuildSteps } = await import(${JSON.stringify(path.join(root, 'scripts/build-state.mjs'))});
             const outcomes = ${JSON.stringify(outcomes)};
             let out = '', err = '';
             const code = runBuildSteps(buildSteps(['apps/server', 'apps/web']), {
               // What a bundler prints: a long list of assets.
               run: (workspace) => ({ status: outcomes[workspace] ?? 0, signal: null,
                 output: Array.from({ length: 40 }, (_, i) => 'dist/assets/chunk-' + i + '.js  12 kB\\n').join('') }),
               write: (text) => { out += text; },
               fail: (text) => { err += text; },
             });
             process.stdout.write(JSON.stringify({ code, out, err }));`,
          ],
          { encoding: 'utf8' },
        ),
      ) as { code: number; out: string; err: string };
    const built = run({});
    expect(built.code).toBe(0);
    expect(built.out.split('\n')).toEqual([
      expect.stringMatching(/^Building the domain package … \d+(\.\d)? s$/),
      expect.stringMatching(/^Building the server … \d+(\.\d)? s$/),
      expect.stringMatching(/^Building the web app … \d+(\.\d)? s$/),
      '',
    ]);
    expect(built.err).toBe('');
    const failed = run({ 'apps/server': 2 });
    expect(failed.code).toBe(2);
    expect(failed.out).toMatch(/Building the server … failed\n$/);
    expect(failed.out).not.toContain('web app');
    expect(failed.err).toContain('dist/assets/chunk-39.js');
    expect(read('scripts/start.mjs')).toContain('runBuildSteps(buildSteps(stale))');
  });

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
      /^Building the server and the web app .*first time takes about .* on 2 cores/,
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

/** The server started from its sources as `npm start` runs it, with its console kept. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        LOG_LEVEL: 'info',
        SCHEDULER_INTERVAL_SECONDS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const console = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (console.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (console.stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await until(async () => console.stdout.includes('running at'), 100_000);
  return {
    url: `http://127.0.0.1:${port}`,
    console,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('the server console and its logs', () => {
  it('in demo mode: a progress line for the new database, the logs in DATA_DIR/logs, the running line last and alone', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'demo-console-'));
    // A built web app of its own, so that the console does not depend on whether
    // `npm run build` ran before (without one, the server rightly warns on stderr).
    const webDist = path.join(dataDir, 'web');
    mkdirSync(webDist);
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>web</title>');
    const server = await startServer({
      DATA_DIR: dataDir,
      DEMO_ACTIVITY: 'false',
      WEB_DIST_DIR: webDist,
    });
    try {
      const response = await fetch(`${server.url}/api/docs/json`);
      expect(response.status).toBe(200);
      const logFile = path.join(dataDir, 'logs', 'server.log');
      await until(async () => readFileSync(logFile, 'utf8').includes('request completed'), 10_000);
      const lines = server.console.stdout.split('\n');
      expect(lines).toEqual([
        expect.stringMatching(/^Creating the database with the demo accounts … \d+(\.\d)? s$/),
        `Logs: ${logFile}`,
        '',
        expect.stringMatching(
          /^Campaign back-office running at http:\/\/localhost:\d+ \(demo mode: /,
        ),
        '',
      ]);
      // Every log line went to the file: the console has no JSON, and nothing followed the running line.
      const logged = readFileSync(logFile, 'utf8').trim().split('\n');
      expect(logged.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(
        expect.arrayContaining(['database migrations applied', 'request completed']),
      );
      expect(server.console.stderr).toBe('');
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('outside demo mode: JSON lines on standard output, no log file', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'prod-console-'));
    const { privateKey } = await import('node:crypto').then(({ generateKeyPairSync }) =>
      generateKeyPairSync('ec', { namedCurve: 'P-256' }),
    );
    const server = await startServer({
      DATA_DIR: dataDir,
      DEMO: 'false',
      JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    try {
      await fetch(`${server.url}/api/docs/json`);
      await until(async () => server.console.stdout.includes('request completed'), 10_000);
      const json = server.console.stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(json).toEqual(
        expect.arrayContaining(['database migrations applied', 'request completed']),
      );
      expect(existsSync(path.join(dataDir, 'logs'))).toBe(false);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
