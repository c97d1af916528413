/**
 * Stopping a server process (docs/operations.md, "Stopping"): SIGTERM while
 * a request is under way (its body not yet all sent). The server takes no
 * new connections, answers a request that still arrives on an open one with
 * 503, closes an idle keep-alive connection at once, and waits for the
 * request until SHUTDOWN_TIMEOUT_SECONDS: finished in time, it gets its
 * answer and the process exits 0; not finished, the request is cut at the
 * deadline, an error log line names it, and the process exits 1. A second
 * signal ends it at once.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoLogFile } from '../src/platform/http/logging.js';
import { startServerProcess, type ServerProcess } from './fixtures/server-process.js';
import { until } from './fixtures/until.js';

const SHUTDOWN_TIMEOUT_SECONDS = 4;
const BODY = 'email=owner%40example.com&password=wrong';

/** A raw connection to the server, keeping everything it is sent back. */
async function open(
  url: string,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => received, closed };
}

/** Sends a sign-in form's headers and the first half of its body; the rest is up to the test. */
async function slowRequest(url: string) {
  const connection = await open(url);
  connection.socket.write(
    [
      'POST /identity/authorize HTTP/1.1',
      `Host: ${new URL(url).host}`,
      'Content-Type: application/x-www-form-urlencoded',
      `Content-Length: ${BODY.length}`,
      '',
      BODY.slice(0, 10),
    ].join('\r\n'),
  );
  return { ...connection, finish: () => connection.socket.write(BODY.slice(10)) };
}

/** Whether a new request is turned away: its connection refused, or answered 503. */
async function refused(url: string, pathname: string): Promise<boolean> {
  try {
    return (await fetch(`${url}${pathname}`, { signal: AbortSignal.timeout(2000) })).status === 503;
  } catch {
    return true;
  }
}

describe('a server process stopped while a request is under way', () => {
  let dataDir = '';
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shutdown-'));
  });
  afterEach(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async () =>
    startServerProcess({
      DATA_DIR: dataDir,
      DEMO: 'true',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    });

  it('answers it when it ends before the deadline, turns new requests away, exits 0', async () => {
    server = await start();
    const { url } = server;
    // An idle keep-alive connection, after an answered request: it must not hold the process.
    const idle = await open(url);
    idle.socket.write(`GET /health HTTP/1.1\r\nHost: ${new URL(url).host}\r\n\r\n`);
    await until(async () => idle.received().includes('\r\n\r\n'), 10_000, 20);
    const slow = await slowRequest(url);
    // A second request whose headers are not complete yet: it arrives during the stop.
    const late = await open(url);
    late.socket.write(`GET /ready HTTP/1.1\r\nHost: ${new URL(url).host}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    await until(() => refused(url, '/ready'), 10_000, 50);
    await idle.closed;
    late.socket.write('\r\n');
    await until(async () => late.received().includes('\r\n\r\n'), 10_000, 20);
    // Answered like any service that is away: the product's message, when to come back, its id.
    await until(async () => late.received().includes('service_unavailable'), 10_000, 20);
    expect(late.received()).toMatch(/^HTTP\/1\.1 503 /);
    expect(late.received()).toMatch(/^retry-after: 5\r$/im);
    expect(late.received()).toMatch(/^x-request-id: [0-9a-f-]{36}\r$/im);
    expect(late.received()).toMatch(/^connection: close\r$/im);
    expect(server.child.exitCode).toBeNull();

    slow.finish();
    await slow.closed;
    // Its answer (the sign-in form again: wrong password), then the connection closed.
    expect(slow.received()).toMatch(/^HTTP\/1\.1 [2-4]\d\d /);
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000);
  }, 120_000);

  it('cuts it at the deadline, names it in the log and exits 1', async () => {
    server = await start();
    const slow = await slowRequest(server.url);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    await slow.closed;
    expect(await server.exited).toBe(1);
    const took = Date.now() - stoppedAt;
    expect(took).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_SECONDS * 1000 - 200);
    expect(took).toBeLessThan((SHUTDOWN_TIMEOUT_SECONDS + 5) * 1000);
    expect(slow.received()).toBe('');
    // Demo mode (the embedded database's) logs into the data folder.
    const lines = (await readFile(demoLogFile(dataDir), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; requests?: unknown });
    expect(lines.find((line) => line.msg.includes('cut'))).toMatchObject({
      level: 50,
      requests: [{ method: 'POST', path: '/identity/authorize' }],
    });
  }, 120_000);

  it('ends at once on a second signal', async () => {
    server = await start();
    const slow = await slowRequest(server.url);
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await until(() => refused(server?.url ?? '', '/ready'), 10_000, 50);
    const againAt = Date.now();
    server.child.kill('SIGINT');
    // Ended by the signal itself: no exit code.
    expect(await server.exited).toBeNull();
    expect(server.child.signalCode).toBe('SIGINT');
    expect(Date.now() - againAt).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000);
    await slow.closed;
  }, 120_000);
});
