/**
 * Backup and restore of the embedded database (`npm run backup`, `npm run
 * restore`, their script run from the sources): refused while a server holds
 * the data folder; after it stopped, the backup holds the database and the
 * uploaded files, restores into a new folder only, and a server started on
 * the restored folder has the data: the accounts, a campaign, the image.
 * What the server, the backup and the restore write is their user's alone
 * (folders 0700, files 0600), under a permissive umask too (issue 29, point
 * 17); a backup holding a link or a FIFO is refused as a whole, naming each,
 * before anything is written (point 1).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import {
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
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

const CLI = 'apps/server/src/ops/backup/cli.ts';
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

/** The mode of a file or folder in octal ('600'). */
const mode = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);

/** Every entry of a tree whose mode is not 0700 (folders) or 0600 (files), with its mode. */
async function notPrivate(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (relative: string): Promise<void> => {
    const full = path.join(root, relative);
    const entry = await lstat(full);
    const expected = entry.isDirectory() ? 0o700 : 0o600;
    if ((entry.mode & 0o777) !== expected) {
      found.push(`${relative} ${(entry.mode & 0o777).toString(8)}`);
    }
    if (entry.isDirectory()) {
      for (const name of await readdir(full)) await visit(path.join(relative, name));
    }
  };
  await visit('.');
  return found;
}

beforeAll(async () => {
  // A permissive umask, as many servers run with (the scripts and servers started here inherit it).
  process.umask(0o022);
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

  it('made a fresh data folder that is the server user’s alone', async () => {
    expect(await mode(original())).toBe('700');
    expect(await mode(path.join(original(), 'pglite'))).toBe('700');
    expect(await mode(path.join(original(), 'files'))).toBe('700');
    expect(await mode(path.join(original(), 'outbox'))).toBe('700');
    // The uploaded image and its folders.
    const image = path.join(original(), 'files', kept.src.replace(/^\/files\//, ''));
    expect(await mode(image)).toBe('600');
    expect(await mode(path.dirname(image))).toBe('700');
  });

  it('backs up the stopped server’s database and files, and restores them into a new folder only', async () => {
    const done = runScript(CLI, ['backup', backup()], { DATA_DIR: original() });
    expect(done.status, done.stderr).toBe(0);
    expect(await readdir(backup())).toEqual(
      expect.arrayContaining(['backup.json', 'database.tar.gz', 'files', 'mfa-encryption-key']),
    );
    // The backup is its owner's alone: the database dump, the files, the key, the manifest.
    expect(await notPrivate(backup())).toEqual([]);
    expect(await readdir(path.join(backup(), 'files'))).toEqual(['merchants']);
    const restoring = runScript(CLI, ['restore', backup()], { DATA_DIR: restored() });
    expect(restoring.status, restoring.stderr).toBe(0);
    // So is what the restore wrote, the database's own files included.
    expect(await notPrivate(restored())).toEqual([]);
    // The restored folder keeps the key of the two-factor secrets: its accounts' codes stay right.
    expect(await readFile(path.join(restored(), 'mfa-encryption-key'), 'utf8')).toBe(
      await readFile(path.join(original(), 'mfa-encryption-key'), 'utf8'),
    );
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

  it('refuses a backup holding a link or a FIFO, naming each, and writes nothing', async () => {
    const doctored = path.join(folder, 'doctored');
    await cp(backup(), doctored, { recursive: true });
    const merchantFolder = path.join(doctored, 'files', 'merchants', kept.merchant);
    const link = path.join(merchantFolder, '00000000-0000-4000-8000-000000000001.jpg');
    await symlink('/proc/self/environ', link);
    const fifo = path.join(merchantFolder, '00000000-0000-4000-8000-000000000002.jpg');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const target = path.join(folder, 'restored-doctored');
    const refused = runScript(CLI, ['restore', doctored], { DATA_DIR: target });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(link);
    expect(refused.stderr).toContain(fifo);
    // Nothing was written: not even the data folder was made.
    await expect(stat(target)).rejects.toThrow(/ENOENT/);
    // Into an existing, empty files folder neither.
    const files = path.join(folder, 'restored-doctored-files');
    await mkdir(files);
    const again = runScript(CLI, ['restore', doctored], { DATA_DIR: target, FILES_DIR: files });
    expect(again.status).toBe(1);
    expect(await readdir(files)).toEqual([]);
    await expect(stat(target)).rejects.toThrow(/ENOENT/);
  });

  it('refuses to back up a files folder holding a link, naming it', async () => {
    const link = path.join(original(), 'files', 'merchants', 'planted.jpg');
    const secret = path.join(folder, 'secret.txt');
    await writeFile(secret, 'geheim');
    await symlink(secret, link);
    const target = path.join(folder, 'backup-with-link');
    const refused = runScript(CLI, ['backup', target], { DATA_DIR: original() });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(link);
    await expect(stat(target)).rejects.toThrow(/ENOENT/);
    await rm(link);
  });
});
