/**
 * Tracing (docs/operations.md, "Tracing"): a server process whose
 * OTEL_EXPORTER_OTLP_ENDPOINT names a local OTLP/HTTP receiver (JSON) sends
 * the spans of a campaign save as one trace: the HTTP server span, the
 * service operation below it, the SQL statements as the operation's
 * children, with the statement's text and no values; a location save's
 * geocoding (fetch to a local Nominatim) as an outgoing HTTP span of its
 * operation; the last spans sent at a stop. On the embedded database (the
 * server's own spans) and on PostgreSQL (node-postgres' instrumentation)
 * where it answers; Redis commands (TEST_REDIS_URL) in a request's trace.
 * The settings' rules: on with an endpoint, off without.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tracingSettings } from '../src/platform/tracing/settings.js';
import {
  seedDemoAccounts,
  signInOverHttp,
  startRefused,
  startServerProcess,
  type ServerProcess,
} from './fixtures/server-process.js';
import { until } from './fixtures/until.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
}
interface ReceivedSpan extends OtlpSpan {
  serviceName: string | undefined;
}

/** OTLP's span kinds (the JSON encoding's numbers). */
const SERVER = 2;
const CLIENT = 3;

const attribute = (span: OtlpSpan, key: string) =>
  span.attributes?.find((entry) => entry.key === key)?.value.stringValue;

/** An OTLP/HTTP receiver of traces in JSON, keeping every span it is sent. */
async function startReceiver(): Promise<{ server: Server; url: string; spans: ReceivedSpan[] }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans?: {
            resource?: { attributes?: { key: string; value: OtlpValue }[] };
            scopeSpans?: { spans?: OtlpSpan[] }[];
          }[];
        };
        for (const resource of body.resourceSpans ?? []) {
          const serviceName = resource.resource?.attributes?.find(
            (entry) => entry.key === 'service.name',
          )?.value.stringValue;
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) spans.push({ ...span, serviceName });
          }
        }
      }
      response.setHeader('content-type', 'application/json');
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans };
}

const databases = [
  { name: 'the embedded database', postgres: false },
  ...(ADMIN_URL ? [{ name: 'PostgreSQL', postgres: true }] : []),
];

describe.each(databases)('traces on $name', ({ postgres }) => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let nominatim: Server;
  let server: ServerProcess | undefined;
  let token = '';
  let merchant = '';
  let dataDir = '';
  let databaseName = '';

  beforeAll(async () => {
    receiver = await startReceiver();
    // Nominatim's part: every address is found.
    nominatim = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify([{ lat: '48.1', lon: '11.5', display_name: 'München' }]));
    });
    await new Promise<void>((resolve) => nominatim.listen(0, '127.0.0.1', resolve));
    const tracing = {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      GEOCODER: 'nominatim',
      NOMINATIM_URL: `http://127.0.0.1:${(nominatim.address() as AddressInfo).port}`,
      NOMINATIM_MIN_INTERVAL_MS: '0',
      // The rate limits' counters in Redis, where it answers: their commands are spans too.
      ...(REDIS_URL
        ? { REDIS_URL, REDIS_KEY_PREFIX: `tracing-${randomBytes(4).toString('hex')}:` }
        : {}),
    };
    if (postgres && ADMIN_URL) {
      databaseName = `tracing_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      await admin.end();
      const url = new URL(ADMIN_URL);
      url.pathname = `/${databaseName}`;
      seedDemoAccounts(url.toString());
      server = await startServerProcess({ ...tracing, DATABASE_URL: url.toString() });
    } else {
      dataDir = await mkdtemp(path.join(tmpdir(), 'tracing-'));
      server = await startServerProcess({ ...tracing, DATA_DIR: dataDir, DEMO: 'true' });
    }
  }, 120_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await new Promise((resolve) => receiver.server.close(resolve));
    await new Promise((resolve) => nominatim.close(resolve));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (databaseName) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  });

  it('sends one trace: HTTP server span → campaign.save → its SQL statements', async () => {
    const url = server?.url ?? '';
    token = await signInOverHttp(url, 'owner@example.com');
    const auth = { authorization: `Bearer ${token}` };
    const headers = { ...auth, 'content-type': 'application/json' };
    expect((await fetch(`${url}/api/init-user`, { method: 'POST', headers: auth })).status).toBe(
      200,
    );
    const merchants = (await (await fetch(`${url}/api/merchants`, { headers: auth })).json()) as {
      rows: { uuid: string }[];
    };
    merchant = merchants.rows[0]?.uuid ?? '';
    const created = await fetch(`${url}/api/campaigns`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ merchant, type: 'coupon/percent' }),
    });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { campaign: { uuid: string } }).campaign.uuid;
    // A value the statements carry as a parameter, never in their text.
    const title = `Traced ${randomBytes(4).toString('hex')}`;
    const saved = await fetch(`${url}/api/campaigns/${id}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: { de: title } }),
    });
    expect(saved.status).toBe(200);

    const spans = receiver.spans;
    const byId = new Map<string, ReceivedSpan>();
    const children = (of: ReceivedSpan) => spans.filter((span) => span.parentSpanId === of.spanId);
    let operation: ReceivedSpan | undefined;
    await until(async () => {
      operation = spans.find((span) => span.name === 'campaign.save');
      return operation !== undefined && children(operation).length > 0;
    }, 30_000);
    if (!operation) throw new Error('no campaign.save span');
    for (const span of spans) byId.set(span.spanId, span);

    // Up from the operation: the request's spans, to the HTTP server span at the trace's root.
    const ancestors: ReceivedSpan[] = [];
    for (
      let at = byId.get(operation.parentSpanId ?? '');
      at;
      at = byId.get(at.parentSpanId ?? '')
    ) {
      ancestors.push(at);
    }
    const root = ancestors.at(-1);
    expect(root).toMatchObject({ kind: SERVER, name: 'POST /api/campaigns/:id' });
    expect(root?.parentSpanId || undefined).toBeUndefined();
    expect(root && attribute(root, 'http.route')).toBe('/api/campaigns/:id');
    expect(root?.serviceName).toBe('campaign-backoffice');
    // The request's id, as its answer and its log lines name it.
    expect(root && attribute(root, 'request.id')).toBe(saved.headers.get('x-request-id'));
    for (const span of ancestors) expect(span.traceId).toBe(operation.traceId);

    // Below it: the statements, in the same trace, as the database conventions name them.
    const statements = children(operation).filter((span) => attribute(span, 'db.query.text'));
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.kind).toBe(CLIENT);
      expect(statement.traceId).toBe(operation.traceId);
      expect(attribute(statement, 'db.system.name')).toBe('postgresql');
      expect(attribute(statement, 'db.query.text')).not.toContain(title);
    }
    expect(
      statements.some((span) =>
        /^\s*update "campaigns"/i.test(attribute(span, 'db.query.text') ?? ''),
      ),
    ).toBe(true);

    // The start's readiness probes (GET /ready until 200) made no spans.
    expect(spans.filter((span) => attribute(span, 'url.path') === '/ready')).toEqual([]);
  }, 120_000);

  it('sends the geocoding of a location save as an outgoing HTTP span of its operation', async () => {
    const url = server?.url ?? '';
    const saved = await fetch(`${url}/api/merchants/${merchant}/locations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Filiale Innenstadt',
        type: 'store',
        street: 'Kaufingerstraße',
        streetnumber: '5',
        zip: '80331',
        city: 'München',
        country: 'DE',
        is_redemption: true,
      }),
    });
    expect(saved.status).toBe(200);
    const spans = receiver.spans;
    let outgoing: ReceivedSpan | undefined;
    await until(async () => {
      const operation = spans.find((span) => span.name === 'location.save');
      outgoing = spans.find(
        (span) =>
          span.parentSpanId === operation?.spanId &&
          span.kind === CLIENT &&
          attribute(span, 'url.full') !== undefined,
      );
      return outgoing !== undefined;
    }, 30_000);
    expect(outgoing && attribute(outgoing, 'http.request.method')).toBe('GET');
    expect(outgoing && attribute(outgoing, 'url.full')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/search\?/,
    );
    const request = spans.find(
      (span) => span.traceId === outgoing?.traceId && span.kind === SERVER,
    );
    expect(request?.name).toBe('POST /api/merchants/:id/locations');
  }, 120_000);

  it.runIf(REDIS_URL)('sends Redis commands made during a request as spans of its trace', () => {
    const spans = receiver.spans;
    const requests = new Set(
      spans.filter((span) => span.kind === SERVER).map((span) => span.traceId),
    );
    const commands = spans.filter(
      (span) =>
        (attribute(span, 'db.system.name') ?? attribute(span, 'db.system')) === 'redis' &&
        requests.has(span.traceId),
    );
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) expect(command.kind).toBe(CLIENT);
  });

  it('sends what is left when the process stops, and exits cleanly', async () => {
    server?.child.kill('SIGTERM');
    expect(await server?.exited).toBe(0);
  }, 60_000);
});

describe('the tracing settings', () => {
  it('are on with an OTLP endpoint, off without one or with OTEL_SDK_DISABLED', () => {
    const endpoint = 'http://collector:4318';
    expect(tracingSettings({})).toBeUndefined();
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBeUndefined();
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toEqual({
      endpoint,
      serviceName: 'campaign-backoffice',
    });
    expect(
      tracingSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/v1/traces` }),
    ).toMatchObject({ endpoint: `${endpoint}/v1/traces` });
    expect(
      tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SDK_DISABLED: 'TRUE' }),
    ).toBeUndefined();
    // A service name set the SDK's way is left to the SDK.
    expect(
      tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'shop' }),
    ).toMatchObject({ serviceName: undefined });
    expect(
      tracingSettings({
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=prod,service.name=shop',
      }),
    ).toMatchObject({ serviceName: undefined });
  });

  it('stop the start with a message naming the variable when the endpoint is no address', async () => {
    const { code, stderr } = await startRefused({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' });
    expect(code).toBe(1);
    expect(stderr).toContain('OTEL_EXPORTER_OTLP_ENDPOINT must be the http:// or https:// address');
  }, 60_000);
});
