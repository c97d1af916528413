/**
 * Examples in the OpenAPI document: every request body and every 2xx answer
 * with content has one. The examples live on the shared zod schemas of
 * packages/domain (`.meta({ examples: [...] })`, next to the schema they
 * illustrate); an operation's example is put together from them: a schema
 * with an example of its own gives it, an object the examples of its
 * properties, a list one entry, and a value without one a value by its
 * format or its field's name (an id, an e-mail, a date) or the simplest
 * value its schema allows. test/cross-cutting/openapi-content.test.ts validates
 * every example against its schema, so none can be wrong.
 *
 * The document is OpenAPI 3.0, whose schemas know `example` (one) and not
 * JSON Schema's `examples` (a list): the first of the list is kept.
 */

type Schema = Record<string, unknown>;

interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: unknown;
}

interface Operation {
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}

interface ExampleDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rewrites JSON Schema's `examples` into OpenAPI 3.0's `example`, in place, everywhere below `value`. */
function useSingleExample(value: unknown): void {
  if (Array.isArray(value)) {
    for (const entry of value) useSingleExample(entry);
    return;
  }
  if (!isObject(value)) return;
  if (Array.isArray(value.examples)) {
    if (!('example' in value)) value.example = value.examples[0];
    delete value.examples;
  }
  for (const child of Object.values(value)) useSingleExample(child);
}

const SAMPLE_ID = '0b9f6c1e-5d1a-4c57-9a43-2f7d9e0c1a11';
const SAMPLE_TIME = '2026-05-20T14:03:11.000Z';
const SAMPLE_URL = 'https://www.example.com/';

const BY_FORMAT: Record<string, string> = {
  uuid: SAMPLE_ID,
  'date-time': SAMPLE_TIME,
  date: '2026-05-20',
  email: 'anna.schmidt@example.com',
  uri: SAMPLE_URL,
  url: SAMPLE_URL,
  binary: '(binary)',
};

/** Values for strings by the name of their field, where their schema says no more than "a string". */
const BY_NAME: [RegExp, string][] = [
  [/^(id|uuid|ident)$|_id$|Id$/, SAMPLE_ID],
  [/email/i, 'anna.schmidt@example.com'],
  [
    /(^|_)(created|modified|updated|revoked|drawn|expires|expiry|since|until)$|_at$|^last_used$/,
    SAMPLE_TIME,
  ],
  [/(url|src|link|href)$/i, SAMPLE_URL],
  [/^(name|brand_name|internal_name)$/, 'Café Sonnenschein'],
  [/title/, 'Sommer-Gewinnspiel'],
  [/(tele)?phone/, '+49 30 1234567'],
  [/^(zip|postal_code)$/, '10115'],
  [/^city$/, 'Berlin'],
  [/^street$/, 'Hauptstraße 1'],
  [/^country$/, 'DE'],
  [/^(locale|language)$/, 'de'],
  [/^message$/, 'invalid_value'],
  [/^field$/, 'name'],
  [/^participant$/, 'app-user-1'],
];

/** Whether `value` is a string the schema allows (its length and pattern). */
function allows(schema: Schema, value: string): boolean {
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
  if (typeof schema.pattern !== 'string') return true;
  try {
    return new RegExp(schema.pattern, 'u').test(value);
  } catch {
    return false;
  }
}

/** A value for a string schema without an example: by its format or its field's name, else a word of allowed length. */
function stringExample(schema: Schema, name: string): string {
  const candidates = [
    typeof schema.format === 'string' ? BY_FORMAT[schema.format] : undefined,
    BY_NAME.find(([pattern]) => pattern.test(name))?.[1],
  ];
  const fitting = candidates.find((value) => value !== undefined && allows(schema, value));
  if (fitting !== undefined) return fitting;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const text = 'Beispiel'.padEnd(min, 'x');
  return text.slice(0, Math.max(min, Math.min(text.length, max)));
}

/** A number within the schema's bounds. */
function numberExample(schema: Schema): number {
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0)
      : undefined;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum - (schema.exclusiveMaximum === true ? 1 : 0)
      : undefined;
  if (min !== undefined && min > 1) return min;
  if (max !== undefined && max < 1) return max;
  return 1;
}

/** The example of `schema`: its own, else put together from its parts (references resolved). */
/** Where a schema is met: the document's components, how deep, and the name of its field. */
interface Place {
  components: Record<string, Schema>;
  depth: number;
  name: string;
}

function exampleOf(schema: unknown, place: Place): unknown {
  const { components, depth, name } = place;
  if (!isObject(schema) || depth > 12) return null;
  const inner = { components, depth: depth + 1, name };
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (ref) {
    return exampleOf(components[ref.replace('#/components/schemas/', '')], inner);
  }
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  // A default of a single value; a null one says little (and OpenAPI 3.0.3 does not let
  // `nullable` add null to an enum), an object's is put together from its properties.
  if (schema.default !== undefined && schema.default !== null && typeof schema.default !== 'object')
    return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? null;
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) {
    const chosen = alternatives.find((entry) => !(isObject(entry) && entry.type === 'null'));
    return exampleOf(chosen ?? alternatives[0], inner);
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => exampleOf(part, inner));
    return parts.every(isObject) ? Object.assign({}, ...parts) : parts[0];
  }
  switch (schema.type) {
    case 'object': {
      const properties = isObject(schema.properties) ? schema.properties : {};
      const example: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties))
        example[key] = exampleOf(property, { ...inner, name: key });
      if (Object.keys(properties).length === 0 && isObject(schema.additionalProperties))
        example.de = exampleOf(schema.additionalProperties, inner);
      return example;
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? Math.max(1, schema.minItems) : 1;
      const item = exampleOf(schema.items, inner);
      return Array.from({ length: count }, () => item);
    }
    case 'string':
      return stringExample(schema, name);
    case 'integer':
    case 'number':
      return numberExample(schema);
    case 'boolean':
      return true;
    default:
      return schema.nullable === true ? null : {};
  }
}

const withoutExample = (media: MediaType) =>
  media.schema !== undefined && media.example === undefined && media.examples === undefined;

/**
 * Gives every request body and 2xx answer of `document` an example, and
 * turns the schemas' `examples` into `example`. Changes the document in place.
 */
export function addExamples(document: ExampleDocument): void {
  useSingleExample(document.components?.schemas);
  useSingleExample(document.paths);
  const components = document.components?.schemas ?? {};
  for (const operations of Object.values(document.paths ?? {}))
    for (const operation of Object.values(operations)) {
      const media: MediaType[] = [
        ...Object.values(operation.requestBody?.content ?? {}),
        ...Object.entries(operation.responses ?? {})
          .filter(([status]) => /^2/.test(status))
          .flatMap(([, response]) => Object.values(response.content ?? {})),
      ];
      for (const entry of media.filter(withoutExample))
        entry.example = exampleOf(entry.schema, { components, depth: 0, name: '' });
    }
}
