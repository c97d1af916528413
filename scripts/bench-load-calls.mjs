// The parts of the mixed load (bench-load.mjs) that speak to the server and
// its database: the uploaded photo, one call as the web app makes it, and a
// counter of the server's SQL round trips.
import { Agent, request } from 'node:http';
import { connect, createServer } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';

/** A photo-sized JPEG (1600×1067, noise so it does not compress to nothing). */
export async function uploadImage() {
  const width = 1600;
  const height = 1067;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919 + (i >> 9) * 31) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const BOUNDARY = 'bench-load-boundary';

/** The multipart form of an image upload, as a browser sends it; built once. */
export function imageForm(image) {
  return {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="upload"; filename="foto.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
      ),
      image,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  };
}

/**
 * A TCP proxy in front of PostgreSQL that counts the server's round trips:
 * every Sync of the extended protocol and every simple Query message (one
 * each per statement the driver sends, BEGIN and COMMIT included).
 */
export async function roundTripCounter(databaseUrl) {
  const target = new URL(databaseUrl);
  let roundTrips = 0;
  const proxy = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    // As node-postgres does on its own socket: without it, Nagle's algorithm
    // holds a small message back until the one before is acknowledged (a
    // delayed ACK, up to 40 ms), which the server's answer times would show.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    let pending = Buffer.alloc(0);
    let startup = true;
    client.on('data', (chunk) => {
      upstream.write(chunk);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        // The startup message (and an SSL or GSS request before it) has no type byte.
        const header = startup ? 8 : 5;
        if (pending.length < header) break;
        const length = startup ? pending.readInt32BE(0) : pending.readInt32BE(1) + 1;
        if (pending.length < length) break;
        if (startup) {
          const code = pending.readInt32BE(4);
          startup = code === 80_877_103 || code === 80_877_104;
        } else if (pending[0] === 0x53 || pending[0] === 0x51) roundTrips += 1;
        pending = pending.subarray(length);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.address().port);
  return {
    url: proxied.toString(),
    count: () => roundTrips,
    close: () => new Promise((resolve) => proxy.close(resolve)),
  };
}

/** The monotonic clock in µs, as a .cpuprofile's timestamps count. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

// The clients are the measuring instrument and share the machine's cores with
// the servers and PostgreSQL: node:http on kept-alive connections costs them
// about half the CPU of fetch (docs/benchmarks.md, "Mixed load").
const agent = new Agent({ keepAlive: true });

/**
 * One call as the web app makes it (compressed answers accepted); resolves
 * the answer's JSON when `read`, else only its status (the body is received,
 * not unpacked). Throws on an error status.
 */
export function call(url, token, method, path, body, { read = true } = {}) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
  let payload;
  if (body?.contentType) {
    headers['content-type'] = body.contentType;
    payload = body.payload;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = Buffer.from(JSON.stringify(body));
  }
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const outgoing = request(`${url}/api${path}`, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        if (ok && !read) return resolve(undefined);
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const text = (
          encoding === 'br'
            ? brotliDecompressSync(raw)
            : encoding === 'gzip'
              ? gunzipSync(raw)
              : raw
        ).toString('utf8');
        if (!ok)
          return reject(new Error(`${method} ${path} answered ${status}: ${text.slice(0, 120)}`));
        resolve(text.length > 0 ? JSON.parse(text) : undefined);
      });
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
