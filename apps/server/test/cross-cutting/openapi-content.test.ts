/**
 * The OpenAPI document as a product: every operation has a description and
 * a tag the document defines (with a description, in one group of
 * `x-tagGroups`), every request body and 2xx answer has an example, and every
 * example in the document, the operations' and the schemas' own, is valid
 * against its schema (Ajv), so that no example can be wrong.
 */
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

type Schema = Record<string, unknown>;
interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
interface Operation {
  description?: string;
  tags?: string[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface Document {
  tags?: { name: string; description?: string }[];
  'x-tagGroups'?: { name: string; tags: string[] }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every schema below `value` that carries an `example`, with where it is. */
function schemasWithExamples(value: unknown, at: string, found: [string, Schema][] = []) {
  if (Array.isArray(value))
    value.forEach((entry, i) => schemasWithExamples(entry, `${at}/${i}`, found));
  if (!isObject(value)) return found;
  if ('example' in value && ('type' in value || '$ref' in value || 'anyOf' in value))
    found.push([at, value]);
  for (const [key, child] of Object.entries(value))
    if (key !== 'example') schemasWithExamples(child, `${at}/${key}`, found);
  return found;
}

describe('the OpenAPI document as a product', () => {
  let t: TestApp;
  let document: Document;
  const operations: { name: string; operation: Operation }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject('/api/docs/json')).json<Document>();
    for (const [route, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods))
        operations.push({ name: `${method.toUpperCase()} ${route}`, operation });
  });
  afterAll(async () => {
    await t.close();
  });

  it('describes every operation and files it under a tag the document defines', () => {
    expect(operations.length).toBeGreaterThan(50);
    const defined = new Set((document.tags ?? []).map((tag) => tag.name));
    expect(
      operations.filter(({ operation }) => (operation.description ?? '').trim().length < 40),
    ).toEqual([]);
    const untagged = operations
      .filter(({ operation }) => !operation.tags?.length)
      .map(({ name }) => name);
    expect(untagged).toEqual([]);
    const undefinedTags = operations.flatMap(({ name, operation }) =>
      (operation.tags ?? []).filter((tag) => !defined.has(tag)).map((tag) => `${name}: ${tag}`),
    );
    expect(undefinedTags).toEqual([]);
    expect((document.tags ?? []).filter((tag) => !tag.description?.trim())).toEqual([]);
    // Each tag in exactly one group of the navigation.
    const grouped = (document['x-tagGroups'] ?? []).flatMap((group) => group.tags);
    expect([...grouped].sort()).toEqual([...defined].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('has an example for every request body and 2xx answer', () => {
    const missing = operations.flatMap(({ name, operation }) => {
      const media = [
        ...Object.entries(operation.requestBody?.content ?? {}).map(
          ([type, entry]) => [`${name} body ${type}`, entry] as const,
        ),
        ...Object.entries(operation.responses)
          .filter(([status]) => status.startsWith('2'))
          .flatMap(([status, response]) =>
            Object.entries(response.content ?? {}).map(
              ([type, entry]) => [`${name} ${status} ${type}`, entry] as const,
            ),
          ),
      ];
      return media
        .filter(([, entry]) => entry.schema && entry.example === undefined && !entry.examples)
        .map(([where]) => where);
    });
    expect(missing).toEqual([]);
  });

  it('holds only examples that are valid against their schema', () => {
    // OpenAPI 3.0 schemas: `nullable` and `example` are theirs; references point into the document.
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    const resolve = (schema: Schema): Schema =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"document#/components/'));
    ajv.addSchema({ components: document.components }, 'document');
    const invalid: string[] = [];
    const check = (where: string, schema: Schema, example: unknown) => {
      const validate = ajv.compile(resolve(schema));
      if (!validate(example))
        invalid.push(`${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(example)}`);
    };
    let checked = 0;
    for (const { name, operation } of operations) {
      const media = [
        ...Object.values(operation.requestBody?.content ?? {}),
        ...Object.values(operation.responses).flatMap((response) =>
          Object.values(response.content ?? {}),
        ),
      ];
      for (const entry of media) {
        if (!entry.schema) continue;
        if (entry.example !== undefined) check(name, entry.schema, entry.example);
        for (const [key, example] of Object.entries(entry.examples ?? {}))
          check(`${name} (${key})`, entry.schema, example.value);
        checked += 1;
      }
    }
    for (const [where, schema] of schemasWithExamples(document, '#')) {
      const { example, ...rest } = schema;
      check(where, rest, example);
      checked += 1;
    }
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    // The check is no formality: a wrong example of a body is caught.
    const body = document.paths['/api/campaigns']?.post?.requestBody?.content?.['application/json'];
    check('probe', body?.schema ?? {}, { merchant: 'no id', type: 'coupon/percent' });
    expect(invalid).toEqual([expect.stringContaining('probe: data/merchant must match pattern')]);
  });
});
