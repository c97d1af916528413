/**
 * Backup and restore of the embedded database (`npm run backup`, `npm run
 * restore`, their script run from the sources): refused while a server holds
 * the data folder; after it stopped, the backup holds the database and the
 * uploaded files, restores into a new folder only, and a server started on
 * the restored folder has the data: the accounts, a campaign, the image.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from './fixtures/multipart.js';
import {
  runScript,
  signInOverHttp,
  startServerProcess,
  type ServerProcess,
} from './fixtures/server-process.js';

const CLI = 'apps/server/src/backup/cli.ts';
const started = new Set<ChildProcess>();
let folder = '';

async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  server.child.kill(signal);
  await server.exited;
  started.delete(server.child);
}

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess({ DATA_DIR: dataDir, DEMO: 'true' });
  started.add(server.child);
  return server;
}

async function silverSession(url: string) {
  const token = await signInOverHttp(url, 'silver@example.com');
  const headers = { authorization: `Bearer ${token}` };
  await fetch(`${url}/api/init-user`, { method: 'POST', headers });
  const merchants = (await (await fetch(`${url}/api/merchants`, { headers })).json()) as {
    rows: { uuid: string }[];
  };
  return { headers, merchant: merchants.rows[0]?.uuid ?? '' };
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'backup-'));
});
afterAll(async () => {
  for (const child of started) child.kill('SIGKILL');
  await rm(folder, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  const original = () => path.join(folder, 'original');
  const backup = () => path.join(folder, 'backup');
  const restored = () => path.join(folder, 'restored');
  const kept = { merchant: '', campaign: '', src: '', image: Buffer.alloc(0) };

  it('refuses a backup while a server holds the data folder', async () => {
    const server = await start(original());
    const { headers, merchant } = await silverSession(server.url);
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#0a5' },
    })
      .png()
      .toBuffer();
    const file = multipartFile('upload', 'logo.png', png, 'image/png');
    const uploaded = await fetch(`${server.url}/api/merchants/${merchant}/images`, {
      method: 'POST',
      headers: { ...headers, ...file.headers },
      body: new Uint8Array(file.payload),
    });
    expect(uploaded.status).toBe(200);
    kept.merchant = merchant;
    kept.src = (
      (await uploaded.json()) as { merchant: { image: { src: string } } }
    ).merchant.image.src;
    kept.image = Buffer.from(await (await fetch(`${server.url}${kept.src}`)).arrayBuffer());
    const created = await fetch(`${server.url}/api/campaigns`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ merchant, type: 'coupon/percent' }),
    });
    kept.campaign = ((await created.json()) as { campaign: { uuid: string } }).campaign.uuid;

    const refused = runScript(CLI, ['backup', backup()], { DATA_DIR: original() });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`in use by process ${server.child.pid}`);
    await stop(server);
  });

  it('backs up the stopped server’s database and files, and restores them into a new folder only', async () => {
    const done = runScript(CLI, ['backup', backup()], { DATA_DIR: original() });
    expect(done.status, done.stderr).toBe(0);
    expect(await readdir(backup())).toEqual(
      expect.arrayContaining(['backup.json', 'database.tar.gz', 'files']),
    );
    const restoring = runScript(CLI, ['restore', backup()], { DATA_DIR: restored() });
    expect(restoring.status, restoring.stderr).toBe(0);
    // Never over a database: a second restore into the same folder is refused.
    const again = runScript(CLI, ['restore', backup()], { DATA_DIR: restored() });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('holds a database already');
  });

  it('starts a server on the restored folder that has the accounts, the campaign and the image', async () => {
    const copy = await start(restored());
    const session = await silverSession(copy.url);
    expect(session.merchant).toBe(kept.merchant);
    const opened = await fetch(`${copy.url}/api/campaigns/${kept.campaign}`, {
      headers: session.headers,
    });
    expect(opened.status).toBe(200);
    const served = await fetch(`${copy.url}${kept.src}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(kept.image);
    await stop(copy);
  });
});
