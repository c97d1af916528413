/**
 * Error answers speak the closed vocabulary of the domain package: every
 * field a route can name is one of FIELD_NAMES (which the web labels), a
 * missing value is recognised by the request's structure whatever language
 * zod speaks, and a duplicate names its field.
 */
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isFieldName } from '@backoffice/domain';
import { users } from '../../src/platform/db/schema.js';
import { registerErrorHandling } from '../../src/platform/http/errors.js';
import { createMerchantWithOwner, type CreatedPerson } from '../factories/index.js';
import { bearer, createTestApp, openTestDatabase, type TestApp } from '../helpers.js';
import { expectProblem } from '../fixtures/problem.js';

interface JsonSchema {
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Every field of a request schema as a pattern: `#` for list items, `*` for free keys. */
function schemaFields(
  schema: JsonSchema | undefined,
  prefix: string,
  defs: Record<string, JsonSchema>,
  into: Set<string>,
  seen = new Set<JsonSchema>(),
): void {
  if (!schema || seen.has(schema)) return;
  seen.add(schema);
  if (schema.$ref) {
    schemaFields(defs[schema.$ref.split('/').pop() ?? ''], prefix, defs, into, seen);
  }
  for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    schemaFields(variant, prefix, defs, into, seen);
  const join = (part: string) => (prefix ? `${prefix}.${part}` : part);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    into.add(join(name));
    schemaFields(property, join(name), defs, into, seen);
  }
  if (schema.items) {
    into.add(join('#'));
    schemaFields(schema.items, join('#'), defs, into, seen);
  }
  if (typeof schema.additionalProperties === 'object') {
    into.add(join('*'));
    schemaFields(schema.additionalProperties, join('*'), defs, into, seen);
  }
}

describe('field names of the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('every parameter and body field of every route is a field name the web can label', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json<OpenApi>();
    const defs = spec.components?.schemas ?? {};
    const fields = new Set<string>();
    for (const operations of Object.values(spec.paths)) {
      for (const operation of Object.values(operations)) {
        for (const parameter of operation.parameters ?? []) fields.add(parameter.name);
        for (const content of Object.values(operation.requestBody?.content ?? {}))
          schemaFields(content.schema, '', defs, fields);
      }
    }
    expect(fields.size).toBeGreaterThan(100);
    expect([...fields].filter((field) => !isFieldName(field))).toEqual([]);
  });
});

describe('a missing value', () => {
  let t: TestApp;
  let silver: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    ({ owner: silver } = await createMerchantWithOwner(t.ctx.db, { level: 1 }));
  });
  afterEach(() => {
    z.config(z.locales.en());
  });
  afterAll(async () => {
    await t.close();
  });

  it('is required_field_missing with its field, whatever language zod speaks', async () => {
    const token = await t.signInAndInit(silver.email, silver.password);
    for (const locale of [z.locales.en, z.locales.de, z.locales.fr]) {
      z.config(locale());
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers: bearer(token),
        payload: { type: 'coupon/percent' },
      });
      expect(response.statusCode).toBe(400);
      expectProblem(response, {
        status: 400,
        message: 'required_field_missing',
        field: 'merchant',
      });
    }
  });

  it('is told from a present value of the wrong kind', async () => {
    const token = await t.signInAndInit(silver.email, silver.password);
    z.config(z.locales.de());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(token),
      payload: { merchant: 42, type: 'coupon/percent' },
    });
    expectProblem(response, { status: 400, message: 'invalid_value', field: 'merchant' });
  });
});

describe('a duplicate value', () => {
  it('answers 409 duplicate_value naming the field its unique constraint guards', async () => {
    const database = await openTestDatabase();
    const app = Fastify();
    registerErrorHandling(app);
    app.post('/twice', async () => {
      const row = { email: 'doppelt@example.com' };
      await database.db.insert(users).values(row);
      await database.db.insert(users).values(row);
      return { inserted: 2 };
    });
    try {
      const response = await app.inject({ method: 'POST', url: '/twice' });
      expect(response.statusCode).toBe(409);
      expectProblem(response, { status: 409, message: 'duplicate_value', field: 'user_email' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
