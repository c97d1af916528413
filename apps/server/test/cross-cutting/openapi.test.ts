/**
 * The API contract as others read it: every route of the
 * API is in the OpenAPI document with a summary, an operationId and its error
 * answers in the error schema; one path parameter name per path; the document
 * names its server; and a client generated from it (openapi-typescript) types
 * calls as the server answers them.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../../src/platform/http/openapi.js';
import { createAdmin, createMerchant } from '../factories/index.js';
import { PUBLIC_URL, bearer, createTestApp, routeTable, type TestApp } from '../helpers.js';

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

/** Routes that are deliberately not part of the API document (pages, the docs themselves). */
const UNDOCUMENTED = [/^\/api\/docs(\/|$)/, /^\/identity\//, /^\/\.well-known\//, /^\*$/];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Document;
  const operations: { method: string; path: string; operation: Operation }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject('/api/docs/json')).json<Document>();
    for (const [route, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods))
        operations.push({ method: method.toUpperCase(), path: route, operation });
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds every route of the route table, each with a summary', () => {
    const routes = routeTable(t.app)
      .map((route) => ({ ...route, path: route.path.replace(/:(\w+)/g, '{$1}') }))
      .filter((route) => !UNDOCUMENTED.some((pattern) => pattern.test(route.path)));
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter(
      (route) => !document.paths[route.path]?.[route.method.toLowerCase()],
    );
    expect(missing).toEqual([]);
    const withoutSummary = operations
      .filter(({ operation }) => !operation.summary?.trim())
      .map(({ method, path }) => `${method} ${path}`);
    expect(withoutSummary).toEqual([]);
  });

  it('gives every operation a unique operationId and its 4xx answers as problems in the error schema', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, operation } of operations) {
      const errors = Object.entries(operation.responses).filter(([status]) => /^4/.test(status));
      expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(Object.keys(operation.responses), `${method} ${path}`).toContain('400');
    }
    const campaign = document.paths['/api/campaigns/{id}']?.get;
    expect(campaign?.operationId).toBe('getCampaignsById');
    for (const status of ['400', '401', '403', '404', '503'])
      expect(campaign?.responses[status]?.content?.['application/problem+json']?.schema?.$ref).toBe(
        '#/components/schemas/Error',
      );
    // Every error answer of every operation is a problem (RFC 9457), its own ones too.
    for (const { method, path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^[45]/.test(status)) continue;
        expect(Object.keys(response.content ?? {}), `${method} ${path} ${status}`).toEqual([
          'application/problem+json',
        ]);
      }
    }
    expect(document.components?.schemas?.Error).toBeDefined();
    // Public routes ask for no token, so they promise no 401.
    expect(Object.keys(document.paths['/health']?.get?.responses ?? {})).not.toContain('401');
  });

  it('derives stable operationIds from method and path', () => {
    expect(operationIdOf('GET', '/api/merchants/{id}/locations/{locId}')).toBe(
      'getMerchantsByIdLocationsByLocId',
    );
    expect(operationIdOf('POST', '/api/merchants/:id/multiple-locations')).toBe(
      'postMerchantsByIdMultipleLocations',
    );
    expect(operationIdOf('GET', '/config.json')).toBe('getConfigJson');
  });

  it('names one path parameter per position of a path, and its server', () => {
    const names = new Map<string, Set<string>>();
    for (const route of Object.keys(document.paths)) {
      const segments = route.split('/');
      segments.forEach((segment, index) => {
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!param) return;
        const prefix = segments
          .slice(0, index)
          .map((part) => (part.startsWith('{') ? '{}' : part))
          .join('/');
        names.set(prefix, (names.get(prefix) ?? new Set()).add(param));
      });
    }
    const mixed = [...names].filter(([, set]) => set.size > 1).map(([prefix]) => prefix);
    expect(mixed).toEqual([]);
    expect(document.servers).toEqual([{ url: PUBLIC_URL }]);
  });

  it('generates a typed client whose calls type-check as the server answers them', async () => {
    const types = astToString(await openapiTS(document as never));
    // Inside the repository, so that the generated files resolve openapi-fetch from node_modules.
    const dir = path.resolve(
      import.meta.dirname,
      '..',
      '../../../node_modules/.cache',
      `openapi-client-${process.pid}`,
    );
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(path.join(dir, 'api.d.ts'), types);
      writeFileSync(
        path.join(dir, 'client.ts'),
        `import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

const client = createClient<paths>({ baseUrl: 'http://localhost:3000' });

export async function calls(id: string): Promise<string[]> {
  const merchants = await client.GET('/api/merchants', { params: { query: { page: 2, filter: 'Café' } } });
  const names: string[] = merchants.data?.rows.map((row) => row.name) ?? [];
  const error: components['schemas']['Error'] | undefined = merchants.error;
  const key: string | undefined = error?.message;

  const campaign = await client.GET('/api/campaigns/{id}', { params: { path: { id } } });
  const type: string | undefined = campaign.data?.campaign.type;
  await client.POST('/api/campaigns', { body: { merchant: id, type: 'coupon/percent' } });

  // @ts-expect-error a campaign is addressed by its id, there is no {ident}
  await client.GET('/api/campaigns/{id}', { params: { path: { ident: id } } });
  // @ts-expect-error a new campaign needs its merchant
  await client.POST('/api/campaigns', { body: { type: 'coupon/percent' } });
  // @ts-expect-error the page is a number
  await client.GET('/api/merchants', { params: { query: { page: 'two' } } });
  // @ts-expect-error no such path
  await client.GET('/api/merchant');
  return [...names, key ?? '', type ?? ''];
}
`,
      );
      const program = ts.createProgram([path.join(dir, 'client.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        skipLibCheck: true,
        types: [],
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The generated client's promise holds: the server answers the typed call so.
    await createMerchant(t.ctx.db);
    const admin = await createAdmin(t.ctx.db);
    const token = await t.signInAndInit(admin.email, admin.password);
    const response = await t.app.inject({
      url: '/api/merchants?page=1',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ rows: { name: string }[] }>().rows[0]?.name).toEqual(expect.any(String));
  }, 60_000);
});
