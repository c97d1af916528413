// A burst of image uploads by one account (npm run bench -- upload-burst):
// 40 concurrent uploads of a 4.7 MB, 36-megapixel JPEG to one merchant's
// image, and to a campaign's image with a crop, while /health is asked every
// 20 ms on a connection of its own. Printed: /health p50/p99/max during the
// burst, the uploads' answers by status (and how long the slowest took), the
// server's resident memory before, right after and 10 s after each of two
// bursts. On the embedded database (demo mode) and, when PostgreSQL answers
// (BENCH_DATABASE_URL), on PostgreSQL.
import { Agent, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import sharp from 'sharp';
import { root, serverEntry } from './build-state.mjs';
import {
  freePort,
  memoryOf,
  newSigningKey,
  onFreshPostgres,
  percentile,
  waitReady,
} from './bench-helpers.mjs';

const UPLOADS = Number(process.env.BENCH_UPLOAD_BURST_UPLOADS ?? 40);
/** How long an upload may take before it counts as unanswered. */
const UPLOAD_DEADLINE_MS = 120_000;
const HEALTH_EVERY_MS = 20;
const SETTLE_SECONDS = 10;
/** Bursts one after another on the same server: memory after the second shows whether the first's is reused. */
const BURSTS = 2;
const BOUNDARY = 'bench-upload-burst';

/** 6912 × 5184 (35.8 megapixels) of fine noise over a gradient: some 4.7 MB as JPEG. */
async function bigPhoto() {
  const width = 6912;
  const height = 5184;
  const pixels = Buffer.alloc(width * height * 3);
  let state = 12345;
  for (let i = 0; i < pixels.length; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[i] = ((i % (width * 3)) >> 5) + ((state >>> 0) & 15);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function form(image) {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="upload"; filename="foto.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** One upload on a connection of its own; its status (0: no answer in time) and duration. */
function upload(url, token, target, payload) {
  const started = performance.now();
  return new Promise((resolve) => {
    const outgoing = request(
      `${url}/api${target}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': payload.length,
        },
        timeout: UPLOAD_DEADLINE_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            ms: performance.now() - started,
          }),
        );
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer')));
    outgoing.on('error', (error) =>
      resolve({ status: 0, error: error.message, ms: performance.now() - started }),
    );
    outgoing.end(payload);
  });
}

/** Asks /health every HEALTH_EVERY_MS until stopped; the latencies in ms. */
function pollHealth(url) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await new Promise((resolve) => {
        const outgoing = request(`${url}/health`, { agent }, (response) => {
          response.resume();
          response.on('end', resolve);
        });
        outgoing.on('error', resolve);
        outgoing.end();
      });
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
    agent.destroy();
  })();
  return {
    async stop() {
      running = false;
      await done;
      return latencies.sort((a, b) => a - b);
    },
  };
}

async function signInSilver(url) {
  const answer = await fetch(`${url}/identity/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      response_type: 'token',
      client_id: 'backoffice-web',
      redirect_uri: `${url}/oauth2/postback`,
      scope: 'base',
      email: 'silver@example.com',
      password: 'demo',
    }),
  });
  const location = answer.headers.get('location');
  const token =
    location && new URLSearchParams(new URL(location).hash.slice(1)).get('access_token');
  if (!token) throw new Error(`sign-in failed (${answer.status}): ${await answer.text()}`);
  const headers = { authorization: `Bearer ${token}` };
  await fetch(`${url}/api/init-user`, { method: 'POST', headers });
  const merchants = await (await fetch(`${url}/api/merchants`, { headers })).json();
  const merchant = merchants.rows[0].uuid;
  const created = await fetch(`${url}/api/campaigns`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ merchant, type: 'coupon/percent' }),
  });
  const campaign = (await created.json()).campaign.uuid;
  return { token, merchant, campaign };
}

/** The server as `npm start` runs it with the demo accounts (no demo activity). */
async function startServer(env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS passes flags to the server's node (--cpu-prof, say).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, serverEntry], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DEMO: 'true',
      DEMO_ACTIVITY: 'false',
      JWT_PRIVATE_KEY: newSigningKey(),
      LOG_LEVEL: 'warn',
      // signInSilver takes the token from the implicit grant, off by default.
      OAUTH_ALLOW_IMPLICIT: 'true',
      SCHEDULER_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await waitReady(url);
  if (env.DATABASE_URL) {
    // Demo mode is for the embedded database: on PostgreSQL the demo accounts
    // are seeded as `npm run seed` does, once the server has migrated it.
    const seeded = spawnSync(
      process.execPath,
      [path.join(root, 'apps/server/dist/ops/seed/cli.js')],
      {
        env: { ...process.env, DATABASE_URL: env.DATABASE_URL },
        stdio: 'ignore',
      },
    );
    if (seeded.status !== 0) throw new Error('seeding the demo accounts failed');
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const ms = (value) => `${value.toFixed(0)} ms`;

/**
 * The two image uploads: the merchant image (scaled to 400 × 400: libjpeg
 * decodes the photo at an eighth of its size) and the campaign image with a
 * crop rectangle, which needs the whole photo decoded.
 */
const TARGETS = {
  'merchant image': ({ merchant }) => `/merchants/${merchant}/images`,
  'campaign image, cropped': ({ campaign }) =>
    `/campaigns/${campaign}/image?crop_x=0&crop_y=0&crop_width=6900&crop_height=4596`,
};

/** Sends the burst; the answers, how long it took and /health's latencies meanwhile. */
async function oneBurst(url, token, target, payload) {
  const health = pollHealth(url);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: UPLOADS }, () => upload(url, token, target, payload)),
  );
  const seconds = (performance.now() - started) / 1000;
  return { answers, seconds, latencies: await health.stop() };
}

function report(label, { answers, seconds, latencies }) {
  const byStatus = new Map();
  for (const answer of answers) {
    const name = answer.status === 0 ? 'no answer' : String(answer.status);
    byStatus.set(name, (byStatus.get(name) ?? 0) + 1);
  }
  const statuses = [...byStatus]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  const retryAfter = [...new Set(answers.map((a) => a.retryAfter).filter(Boolean))].join('/');
  const slowest = Math.max(...answers.map((answer) => answer.ms));
  const errors = [...new Set(answers.map((answer) => answer.error).filter(Boolean))];
  console.log(
    `upload burst, ${label}: ${UPLOADS} uploads in ${seconds.toFixed(1)} s: ${statuses}${retryAfter ? ` (Retry-After ${retryAfter} s)` : ''}, slowest answer ${ms(slowest)}${errors.length > 0 ? ` (no answer: ${errors.join(', ')})` : ''}`,
  );
  console.log(
    `  /health during the burst (${latencies.length} asked): p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? 0)} (target <= 200 ms)`,
  );
}

async function burst(label, env, payload, target) {
  const server = await startServer(env);
  try {
    const session = await signInSilver(server.url);
    const path = TARGETS[target](session);
    const rss = [(await memoryOf(server.pid)).rss];
    for (let round = 1; round <= BURSTS; round += 1) {
      const result = await oneBurst(server.url, session.token, path, payload);
      rss.push((await memoryOf(server.pid)).rss);
      report(`${label}, ${target}${BURSTS > 1 ? `, burst ${round}` : ''}`, result);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
      rss.push((await memoryOf(server.pid)).rss);
    }
    const { peak } = await memoryOf(server.pid);
    const [before, ...rest] = rss.map((value) => `${value.toFixed(0)} MB`);
    const rounds = [];
    for (let i = 0; i < rest.length; i += 2) {
      rounds.push(
        `${rest[i]} right after burst ${i / 2 + 1}, ${rest[i + 1]} ${SETTLE_SECONDS} s later`,
      );
    }
    console.log(
      `  resident memory: ${before} before, ${rounds.join('; ')} (peak ${peak.toFixed(0)} MB)`,
    );
  } finally {
    await server.stop();
  }
}

export async function benchUploadBurst() {
  const image = await bigPhoto();
  const payload = form(image);
  console.log(
    `upload burst: a ${(image.length / 1e6).toFixed(1)} MB JPEG of 6912 × 5184 pixels, ${UPLOADS} at once by one account`,
  );
  for (const target of Object.keys(TARGETS)) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-upload-'));
    try {
      await burst('PGlite', { DATA_DIR: dataDir }, payload, target);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  await onFreshPostgres('upload burst', async (env) => {
    for (const target of Object.keys(TARGETS)) {
      // The uploaded files still go to a folder (FILES_DIR, under DATA_DIR).
      const filesDir = await mkdtemp(path.join(tmpdir(), 'bench-upload-'));
      try {
        await burst('PostgreSQL', { ...env, DATA_DIR: filesDir }, payload, target);
      } finally {
        await rm(filesDir, { recursive: true, force: true });
      }
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await benchUploadBurst();
