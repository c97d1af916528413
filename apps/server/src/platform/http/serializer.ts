/**
 * Answers written by compiled serialisers: each route's response schema
 * (zod, as the route declares it and the API document shows it) is turned
 * into JSON Schema and compiled by fast-json-stringify once, at the route's
 * first answer. It writes the schema's properties in the schema's order and
 * leaves out every other property, as zod's encoding did, at a fraction of
 * the cost of checking the answer against the schema and then stringifying
 * it (docs/decisions/049-cpu-per-call.md). What the schema cannot state in
 * JSON Schema (a transform, a custom check) keeps zod's serialiser for that
 * route.
 *
 * The answer is built by the server's own code and typed by the same
 * schemas, so it is not checked again: constraints that only validate
 * (lengths, patterns, formats, ranges) are dropped before compiling; types,
 * enums and constants stay, as they choose the branch of a union. A missing
 * required property still fails the answer (500), as before.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serializer = (data: unknown) => string;

/** Keywords that only validate a value; a serialiser does not need them. */
const VALIDATION_ONLY = new Set([
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'examples',
  'description',
  'title',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$schema',
  '$id',
  'id',
]);

/** Keywords whose value maps names (not keywords) to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);

/** The schema without its validation-only keywords (names of properties are kept whatever they are). */
function forSerialising(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerialising);
  if (typeof schema !== 'object' || schema === null) return schema;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (VALIDATION_ONLY.has(key)) continue;
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'required') {
      kept[key] = value;
    } else if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) {
      kept[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, sub]) => [
          name,
          forSerialising(sub),
        ]),
      );
    } else {
      kept[key] = forSerialising(value);
    }
  }
  return kept;
}

/** The zod schema of a response entry, as fastify-type-provider-zod accepts it. */
function zodSchemaOf(maybeSchema: unknown): z.ZodType | undefined {
  if (maybeSchema instanceof z.ZodType) return maybeSchema;
  if (typeof maybeSchema === 'object' && maybeSchema !== null && 'properties' in maybeSchema) {
    const inner = maybeSchema.properties;
    if (inner instanceof z.ZodType) return inner;
  }
  return undefined;
}

/** A compiled serialiser of the schema, or undefined when JSON Schema cannot state it. */
function compileSerializer(schema: z.ZodType): Serializer | undefined {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
    return fastJson(forSerialising(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

/**
 * The serializer compiler of the app: compiled from the route's schema at
 * its first answer (a start compiles nothing), zod's where the schema is
 * not expressible.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const schema = zodSchemaOf(routeSchema.schema);
  const fallback = zodSerializerCompiler(
    routeSchema as Parameters<typeof zodSerializerCompiler>[0],
  );
  if (!schema) return fallback;
  let compiled: Serializer | undefined;
  return (data: unknown) => {
    compiled ??= compileSerializer(schema) ?? (fallback as Serializer);
    return compiled(data);
  };
};
