/**
 * The local file store (FILES_DIR) never follows a link out of its folder:
 * a link planted in the folder, to a file of the host or
 * to a folder outside, is answered 404 under GET /files/…, never with the
 * target's content, and no upload is written through one. A FIFO planted as
 * a file is a 404 at once, not a hang. What the store writes is the server's
 * alone: folders 0700, files 0600, also under a permissive umask.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from './fixtures/multipart.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let folder = '';
let filesDir = '';
let outside = '';
let secretFile = '';
let silberblick = '';
const SECRET = 'JWT_PRIVATE_KEY=-----BEGIN PRIVATE KEY-----geheim';

const mode = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);
const served = (key: string, query = '') => t.app.inject({ url: `/files/${key}${query}` });
const newKey = (kind = 'merchants', owner: string = randomUUID()) =>
  `${kind}/${owner}/${randomUUID()}.jpg`;

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 500, height: 500, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();
}

/** Plants a link at the key's place in FILES_DIR (its folders made as the server would). */
async function plantLink(key: string, target: string): Promise<void> {
  await mkdir(path.dirname(path.join(filesDir, key)), { recursive: true });
  await symlink(target, path.join(filesDir, key));
}

beforeAll(async () => {
  // A permissive umask, as many servers run with: what the store writes is private all the same.
  process.umask(0o022);
  folder = await mkdtemp(path.join(tmpdir(), 'local-files-'));
  filesDir = path.join(folder, 'data', 'files');
  outside = path.join(folder, 'outside');
  await mkdir(outside);
  secretFile = path.join(folder, 'host-secrets.env');
  await writeFile(secretFile, SECRET);
  t = await createTestApp({ FILES_DIR: filesDir });
  await t.signInAs('silver');
  silberblick = await t.merchantId('Café Silberblick');
});
afterAll(async () => {
  await t.close();
  await rm(folder, { recursive: true, force: true });
});

describe('what the store writes', () => {
  it('is the server’s alone: folders 0700, files 0600, under umask 022', async () => {
    const file = multipartFile('upload', 'logo.jpg', await jpeg(), 'image/jpeg');
    const answer = await t.api(
      'POST',
      `/merchants/${silberblick}/images`,
      'silver',
      file.payload,
      file.headers,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const key = String(answer.json().merchant.image.src).replace(/^\/files\//, '');
    expect((await served(key)).statusCode).toBe(200);
    expect(await mode(path.join(filesDir, key))).toBe('600');
    expect(await mode(path.join(filesDir, 'merchants', silberblick))).toBe('700');
    expect(await mode(path.join(filesDir, 'merchants'))).toBe('700');
    expect(await mode(filesDir)).toBe('700');
  });
});

describe('links planted in FILES_DIR', () => {
  it('answers 404 for a link to a file of the host, in every size, never its content', async () => {
    const toSecret = newKey();
    const toEnviron = newKey();
    await plantLink(toSecret, secretFile);
    await plantLink(toEnviron, '/proc/self/environ');
    for (const key of [toSecret, toEnviron]) {
      for (const query of ['', '?width=100&height=100']) {
        const answer = await served(key, query);
        expect(answer.statusCode, `${key}${query}`).toBe(404);
        expect(answer.body).not.toContain('geheim');
        expect(answer.body).not.toContain('JWT_PRIVATE_KEY');
      }
    }
  });

  it('answers 404 for a file reached through a linked folder out of FILES_DIR', async () => {
    // A real image outside, reached through a link in place of the owner's folder …
    const owner = randomUUID();
    const name = `${randomUUID()}.jpg`;
    await mkdir(path.join(outside, owner));
    await writeFile(path.join(outside, owner, name), await jpeg());
    await mkdir(path.join(filesDir, 'merchants'), { recursive: true });
    await symlink(path.join(outside, owner), path.join(filesDir, 'merchants', owner));
    expect((await served(`merchants/${owner}/${name}`)).statusCode).toBe(404);
    // … or in place of the top folder.
    await symlink(outside, path.join(filesDir, 'campaigns'));
    expect((await served(`campaigns/${owner}/${name}`)).statusCode).toBe(404);
  });

  it('answers 404 at once for a FIFO planted as a file', async () => {
    const key = newKey();
    await mkdir(path.dirname(path.join(filesDir, key)), { recursive: true });
    const made = spawnSync('mkfifo', [path.join(filesDir, key)]);
    expect(made.status).toBe(0);
    const answer = await served(key);
    expect(answer.statusCode).toBe(404);
    // A bound against a hang: the open must not wait for a writer.
  }, 10_000);

  it('never writes an upload through a linked folder', async () => {
    const before = await readdir(outside);
    // The merchant's own folder is a link to a folder outside.
    await mkdir(path.join(filesDir, 'merchants'), { recursive: true });
    const target = path.join(outside, 'planted');
    await mkdir(target);
    await rm(path.join(filesDir, 'merchants', silberblick), { recursive: true, force: true });
    await symlink(target, path.join(filesDir, 'merchants', silberblick));
    const file = multipartFile('upload', 'logo.jpg', await jpeg(), 'image/jpeg');
    const answer = await t.api(
      'POST',
      `/merchants/${silberblick}/images`,
      'silver',
      file.payload,
      file.headers,
    );
    expect(answer.statusCode).toBe(500);
    expect(await readdir(target)).toEqual([]);
    expect(await readdir(outside)).toEqual([...before, 'planted'].sort());
    await rm(path.join(filesDir, 'merchants', silberblick));
  });
});
