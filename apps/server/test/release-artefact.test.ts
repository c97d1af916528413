/**
 * The release artefact (`npm run package`): its tarball, unpacked into a
 * folder outside the repository, starts with `node` alone (no tsx, no
 * workspaces, no devDependencies, the repository's node_modules out of
 * reach) on the embedded database and on PostgreSQL where TEST_DATABASE_URL
 * answers; it serves /health, /ready, the web app, its sign-in page and the
 * API, and stops cleanly on SIGTERM. The packaging builds only what is stale
 * (as `npm start` does), so after a build it takes seconds.
 */
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './fixtures/ports.js';
import { root, seedDemoAccounts, signInOverHttp } from './fixtures/server-process.js';
import { GiveUp, until } from './fixtures/until.js';

interface Release {
  ARTEFACT_NAME: string;
  NODE_ENGINES: string;
  START_COMMAND: string[];
}

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), 'release-artefact-'));
let release: Release;
let artefact = '';

beforeAll(() => {
  const out = path.join(work, 'out');
  const packaged = spawnSync(process.execPath, ['scripts/package.mjs', '--out', out], {
    cwd: root,
    encoding: 'utf8',
  });
  if (packaged.status !== 0) {
    throw new Error(`npm run package failed: ${packaged.stderr.slice(-2000)}`);
  }
  // What the packaging script names, read back as the test's own copy.
  release = JSON.parse(
    spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const r = await import(${JSON.stringify(pathToFileURL(path.join(root, 'scripts/release.mjs')).href)});
         console.log(JSON.stringify({ ARTEFACT_NAME: r.ARTEFACT_NAME, NODE_ENGINES: r.NODE_ENGINES, START_COMMAND: r.START_COMMAND }));`,
      ],
      { encoding: 'utf8' },
    ).stdout,
  ) as Release;
  // Only the tarball travels: the folder beside it is removed first.
  rmSync(path.join(out, release.ARTEFACT_NAME), { recursive: true, force: true });
  const unpacked = path.join(work, 'unpacked');
  spawnSync('mkdir', ['-p', unpacked]);
  const tar = spawnSync(
    'tar',
    ['-xzf', path.join(out, `${release.ARTEFACT_NAME}.tar.gz`), '-C', unpacked],
    {
      encoding: 'utf8',
    },
  );
  if (tar.status !== 0) throw new Error(`unpacking failed: ${tar.stderr}`);
  artefact = path.join(unpacked, release.ARTEFACT_NAME);
}, 600_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

interface Started {
  url: string;
  stop: () => Promise<number | null>;
  output: () => string;
}

/**
 * Starts the artefact with its start command in its folder, with an
 * environment that names nothing of the repository; resolves once /ready
 * answers 200.
 */
async function startArtefact(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [command, ...args] = release.START_COMMAND;
  expect(command).toBe('node');
  const child = spawn(process.execPath, args, {
    cwd: artefact,
    env: {
      PATH: path.dirname(process.execPath),
      HOME: work,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      SCHEDULER_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let ended: string | undefined;
  void exited.then((code) => (ended = `exit code ${String(code)}`));
  try {
    await until(async () => {
      if (ended) throw new GiveUp(`the artefact ended before it was ready (${ended})`);
      return (await fetch(`${url}/ready`, { signal: AbortSignal.timeout(5000) })).ok;
    }, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}; its output: ${output.trim() || '(nothing)'}`, {
      cause: error,
    });
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** What every start must serve: health, readiness, the web app, the sign-in page, the API. */
async function expectServes(url: string, signedInAs: string | undefined) {
  expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: 'ok' });
  expect((await fetch(`${url}/ready`)).status).toBe(200);

  const index = await fetch(`${url}/`);
  expect(index.status).toBe(200);
  const html = await index.text();
  expect(html).toContain('<div id="root"');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  expect((await fetch(`${url}${script}`)).status).toBe(200);

  const config = (await (await fetch(`${url}/config.json`)).json()) as { appName: string };
  expect(config.appName).toBe('Kampagnen-Backoffice');

  const signInPage = await fetch(
    `${url}/identity/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: 'backoffice-web',
      redirect_uri: `${url}/oauth2/postback`,
      scope: 'base',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'release',
    }).toString()}`,
  );
  expect(signInPage.status).toBe(200);
  expect(await signInPage.text()).toContain('<title>Anmelden</title>');

  expect((await fetch(`${url}/api/merchants`)).status).toBe(401);
  if (signedInAs) {
    // The password check (the native argon2 addon) and the database behind the API.
    const token = await signInOverHttp(url, signedInAs);
    const merchants = await fetch(`${url}/api/merchants`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(merchants.status).toBe(200);
    expect(((await merchants.json()) as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  }
}

describe('the release artefact', () => {
  it('holds the start command, the Node.js it needs, the server files and no development tools', () => {
    const manifest = JSON.parse(readFileSync(path.join(artefact, 'package.json'), 'utf8')) as {
      engines: { node: string };
      scripts: { start: string };
    };
    expect(manifest.scripts.start).toBe(release.START_COMMAND.join(' '));
    expect(manifest.engines.node).toBe(release.NODE_ENGINES);
    for (const file of [
      'server/package.json',
      'server/dist/bundle/main.js',
      'server/dist/bundle/create-data-folder.js',
      'server/dist/bundle/create-admin.js',
      'server/src/platform/geocoding/data/cities.tsv.gz',
      'web/dist/index.html',
    ]) {
      expect(existsSync(path.join(artefact, file)), file).toBe(true);
    }
    expect(readdirSync(path.join(artefact, 'server/src/platform/db/migrations'))).toContain('meta');
    const modules = readdirSync(path.join(artefact, 'node_modules'));
    expect(modules).toEqual(expect.arrayContaining(['@electric-sql', 'sharp', '@node-rs', 'pg']));
    for (const tool of ['tsx', 'typescript', 'vitest', 'esbuild', '@playwright', 'vite']) {
      expect(modules).not.toContain(tool);
    }
  });

  it('loads the packages the server loads only when a setting or a first use asks for them', () => {
    // S3_BUCKET, SMTP_URL, REDIS_URL, the first password set, the first image:
    // a start alone would not notice one of them missing. sharp decodes a real
    // image with its native library.
    const loaded = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `for (const name of ['@aws-sdk/client-s3', 'nodemailer', 'ioredis', '@zxcvbn-ts/core', '@zxcvbn-ts/language-common', '@zxcvbn-ts/language-de', '@node-rs/argon2']) await import(name);
         const { default: sharp } = await import('sharp');
         const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#ff0000' } }).png().toBuffer();
         console.log((await sharp(png).metadata()).format);`,
      ],
      { cwd: path.join(artefact, 'server', 'dist', 'bundle'), encoding: 'utf8', env: {} },
    );
    expect(loaded.stderr).toBe('');
    expect(loaded.stdout.trim()).toBe('png');
  });

  it('starts on the embedded database, serves the product and stops on SIGTERM', async () => {
    const dataDir = path.join(work, 'data');
    const started = await startArtefact({
      DATA_DIR: dataDir,
      DEMO: 'true',
      DEMO_ACTIVITY: 'false',
    });
    try {
      await expectServes(started.url, 'owner@example.com');
    } finally {
      expect(await started.stop(), started.output()).toBe(0);
    }
  });

  it.runIf(ADMIN_URL !== undefined)(
    'starts on PostgreSQL in a database of its own, serves the product and stops on SIGTERM',
    async () => {
      const databaseName = `release_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      try {
        const url = new URL(ADMIN_URL ?? '');
        url.pathname = `/${databaseName}`;
        const started = await startArtefact({
          DATABASE_URL: url.toString(),
          DATA_DIR: path.join(work, 'data-postgres'),
          JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
            .privateKey.export({ type: 'pkcs8', format: 'pem' })
            .toString(),
          MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
        });
        try {
          // The first admin, made with the artefact's own command while the server runs.
          const created = spawnSync(
            process.execPath,
            ['server/dist/bundle/create-admin.js', 'it@firma.example'],
            {
              cwd: artefact,
              encoding: 'utf8',
              env: {
                PATH: path.dirname(process.execPath),
                DATABASE_URL: url.toString(),
                ADMIN_PASSWORD: 'Kampagnen-Start-2026',
              },
            },
          );
          expect(created.stderr).toBe('');
          expect(created.stdout).toContain('Admin it@firma.example created');
          expect(created.status).toBe(0);
          // The demo accounts seeded beside it, to sign in with.
          seedDemoAccounts(url.toString());
          await expectServes(started.url, 'owner@example.com');
        } finally {
          expect(await started.stop(), started.output()).toBe(0);
        }
      } finally {
        await admin.query(`drop database if exists ${databaseName} with (force)`);
        await admin.end();
      }
    },
  );
});
