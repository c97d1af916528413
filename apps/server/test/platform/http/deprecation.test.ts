/**
 * Deprecation as code (platform/http/deprecation.ts, docs/api.md "Changes
 * and deprecation"): a route registered here with `config.deprecated` is
 * `deprecated` in the OpenAPI document, and every answer of it, an error
 * too, carries Deprecation (RFC 9745), Sunset (RFC 8594) and a Link to its
 * documentation; the other routes carry none. No real route is deprecated
 * today, so the test registers its own on the server's HTTP layer.
 */
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../../src/platform/config/config.js';
import { deprecationHeaders, registerDeprecation } from '../../../src/platform/http/deprecation.js';
import { registerErrorHandling } from '../../../src/platform/http/errors.js';
import { registerOpenApi } from '../../../src/platform/http/openapi.js';
import { PUBLIC_URL } from '../../helpers.js';

const DOCS = `${PUBLIC_URL}/api/docs`;
const deprecated = { since: '2026-11-01', sunset: '2027-05-01' };

async function appWithRoutes() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerOpenApi(app, loadConfig({ DEMO: 'true', PUBLIC_URL, LOG_LEVEL: 'silent' }));
  registerDeprecation(app, DOCS);
  const schema = {
    security: [],
    querystring: z.object({ n: z.coerce.number().int().optional() }),
    response: { 200: z.object({ n: z.number() }) },
  };
  app.get(
    '/api/old',
    {
      config: { deprecated },
      schema: { ...schema, summary: 'The old way', description: 'Reads n the old way.' },
    },
    async (request) => ({ n: request.query.n ?? 1 }),
  );
  app.get(
    '/api/new',
    { schema: { ...schema, summary: 'The new way', description: 'Reads n.' } },
    async (request) => ({ n: request.query.n ?? 2 }),
  );
  await app.ready();
  return app;
}

describe('a deprecated operation', () => {
  let app: Awaited<ReturnType<typeof appWithRoutes>>;
  beforeAll(async () => {
    app = await appWithRoutes();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers with Deprecation, Sunset and Link headers, errors included', async () => {
    for (const url of ['/api/old?n=3', '/api/old?n=three']) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(url.endsWith('3') ? 200 : 400);
      // 2026-11-01T00:00:00Z in Unix seconds (RFC 9745's `@` form).
      expect(response.headers.deprecation).toBe('@1793491200');
      // An IMF-fixdate (RFC 8594 takes RFC 9110's HTTP-date).
      expect(response.headers.sunset).toBe('Sat, 01 May 2027 00:00:00 GMT');
      expect(response.headers.link).toBe(`<${DOCS}>; rel="deprecation"; type="text/html"`);
    }
    const current = await app.inject('/api/new');
    expect(current.statusCode).toBe(200);
    expect(current.headers.deprecation).toBeUndefined();
    expect(current.headers.sunset).toBeUndefined();
    expect(current.headers.link).toBeUndefined();
  });

  it('is marked deprecated in the OpenAPI document, with its dates in the description', () => {
    const document = app.swagger() as {
      paths: Record<string, { get: { deprecated?: boolean; description?: string } }>;
    };
    const old = document.paths['/api/old']?.get;
    expect(old?.deprecated).toBe(true);
    expect(old?.description).toContain('Reads n the old way.');
    expect(old?.description).toContain('since 2026-11-01');
    expect(old?.description).toContain('after 2027-05-01');
    expect(document.paths['/api/new']?.get.deprecated).toBeUndefined();
  });
});

describe('the deprecation dates', () => {
  it('take a link of the route’s own and keep a Link header the route sets', async () => {
    const app = Fastify();
    registerDeprecation(app, DOCS);
    app.get(
      '/old',
      { config: { deprecated: { ...deprecated, link: 'https://example.com/changes#old' } } },
      async (_request, reply) => reply.header('link', '</new>; rel="successor-version"').send('ok'),
    );
    try {
      const response = await app.inject('/old');
      expect(response.headers.link).toBe(
        '</new>; rel="successor-version", <https://example.com/changes#old>; rel="deprecation"; type="text/html"',
      );
    } finally {
      await app.close();
    }
  });

  it('refuse a sunset less than six months after the deprecation, and dates that are no days', () => {
    expect(() => deprecationHeaders({ since: '2026-11-01', sunset: '2027-04-30' }, DOCS)).toThrow(
      /six|6 months/,
    );
    expect(() => deprecationHeaders({ since: '2026-11-31', sunset: '2027-06-01' }, DOCS)).toThrow(
      /YYYY-MM-DD/,
    );
    expect(() => deprecationHeaders({ since: '1 Nov 2026', sunset: '2027-06-01' }, DOCS)).toThrow(
      /YYYY-MM-DD/,
    );
    const app = Fastify();
    registerDeprecation(app, DOCS);
    expect(() =>
      app.get(
        '/soon',
        { config: { deprecated: { since: '2026-11-01', sunset: '2026-12-01' } } },
        () => 'x',
      ),
    ).toThrow(/GET \/soon/);
    void app.close();
  });
});
