/**
 * Slow clients are cut off (issue 29, point 8): over a real socket to a
 * listening server with short timeouts, a client that announces an upload
 * and sends its body a byte at a time is answered 408 and disconnected after
 * HTTP_REQUEST_TIMEOUT_MS, one that sends its headers a byte at a time after
 * HTTP_HEADERS_TIMEOUT_MS; an upload that takes longer than the headers'
 * timeout but stays within the request's still passes.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config/config.js';
import { multipartFile } from './fixtures/multipart.js';
import { createTestApp, type TestApp } from './helpers.js';

const REQUEST_TIMEOUT_MS = 4000;
const HEADERS_TIMEOUT_MS = 1000;
/** Longest a test waits for the server to close a connection. */
const GIVE_UP_MS = 12_000;

let t: TestApp;
let port = 0;
let uploadPath = '';

beforeAll(async () => {
  t = await createTestApp({
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
  });
  await t.signInAs('silver');
  uploadPath = `/api/merchants/${await t.merchantId('Café Silberblick')}/images`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

interface Ending {
  /** Milliseconds from the first byte sent until the server closed the connection. */
  afterMs: number;
  /** What the server answered before it closed. */
  answer: string;
}

/**
 * Sends `head` and then one byte of `drip` every 100 ms, as a slow or
 * malicious client does, until the server closes the connection (or the
 * test gives up: afterMs is then Infinity).
 */
function trickle(head: string, drip: string): Promise<Ending> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.writable) socket.write(drip.charAt(sent++ % drip.length));
    }, 100);
    const end = (afterMs: number) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ afterMs, answer });
    };
    const giveUp = setTimeout(() => end(Infinity), GIVE_UP_MS);
    socket.on('data', (data) => {
      answer += data.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => end(Date.now() - started));
    socket.write(head);
  });
}

describe('a slow client', () => {
  it('sending an announced upload a byte at a time is answered 408 after the request timeout', async () => {
    const head =
      `POST ${uploadPath} HTTP/1.1\r\nHost: localhost\r\n` +
      `Authorization: Bearer ${t.tokens.silver}\r\n` +
      'Content-Type: multipart/form-data; boundary=slow\r\nContent-Length: 120000\r\n\r\n' +
      '--slow\r\nContent-Disposition: form-data; name="upload"; filename="a.png"\r\n\r\n';
    const ending = await trickle(head, 'x');
    // Cut off by the request's timeout, not the headers' (they were complete).
    expect(ending.afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 200);
    expect(ending.afterMs).toBeLessThan(GIVE_UP_MS);
    expect(ending.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('sending its headers a byte at a time is answered 408 after the headers timeout', async () => {
    const ending = await trickle('GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 'abc');
    expect(ending.afterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 200);
    expect(ending.afterMs).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect(ending.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('uploading an image for longer than the headers timeout, within the request timeout, is served', async () => {
    const png = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const file = multipartFile('upload', 'logo.png', png, 'image/png');
    const parts = 8;
    const size = Math.ceil(file.payload.length / parts);
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const upload = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: uploadPath,
          headers: {
            ...file.headers,
            authorization: `Bearer ${t.tokens.silver}`,
            'content-length': String(file.payload.length),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      upload.on('error', reject);
      // The body in parts over about two seconds: twice the headers' timeout.
      let part = 0;
      const next = () => {
        upload.write(file.payload.subarray(part * size, (part + 1) * size));
        part += 1;
        if (part < parts) setTimeout(next, (2 * HEADERS_TIMEOUT_MS) / parts);
        else upload.end();
      };
      next();
    });
    expect(Date.now() - started).toBeGreaterThan(HEADERS_TIMEOUT_MS);
    expect(status).toBe(200);
  });
});

describe('the timeouts', () => {
  it('default to what a 5 MB image over a slow mobile line needs, and are checked', () => {
    const { http } = loadConfig({ DEMO: 'true' });
    // 5 MB at 0.5 Mbit/s: about 84 s.
    expect(http.requestTimeoutMs).toBeGreaterThanOrEqual(90_000);
    expect(http.headersTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(() =>
      loadConfig({
        DEMO: 'true',
        HTTP_REQUEST_TIMEOUT_MS: '5000',
        HTTP_HEADERS_TIMEOUT_MS: '10000',
      }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS: at most HTTP_REQUEST_TIMEOUT_MS/);
  });
});
