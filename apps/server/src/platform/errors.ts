/**
 * The errors of the application: AppError, which the error handler
 * (http/errors.ts) turns into the API's error answer (problem details with
 * the message key, the field and every invalid field: http/problem.ts), and
 * its helper constructors. Keys and fields are the closed lists
 * of the domain package. The bottom floor of the kernel: it imports nothing of it.
 */
import { fieldParts, type FieldName, type MessageKey } from '@backoffice/domain';

/**
 * A field as an answer names it: one of FIELD_NAMES, or a concrete path of
 * one (`title.de` of `title.*`, `prizes.0.count` of `prizes.#.count`) made by
 * fieldPath(), which checks it.
 */
export type FieldPath = FieldName | (string & { readonly concreteFieldPath: true });

/** A concrete path as a field, or its nearest known start; undefined when none is known. */
export function fieldPath(path: string): FieldPath | undefined {
  const segments = path.split('.');
  for (let length = segments.length; length > 0; length -= 1) {
    const candidate = segments.slice(0, length).join('.');
    if (fieldParts(candidate)) return candidate as FieldPath;
  }
  return undefined;
}

/** One invalid field of a request and what is wrong with it. */
export interface FieldError {
  field: FieldPath;
  message: MessageKey;
}

export class AppError extends Error {
  /** The (first) field the refusal is about. */
  readonly field: FieldPath | undefined;
  /** Every invalid field the refusal is about (the answer's `errors`); the first is `key`/`field`. */
  readonly errors: readonly FieldError[];

  /** `fields`: the one field the refusal is about, or every invalid field (the first gives `field`). */
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    fields?: FieldPath | readonly FieldError[],
  ) {
    super(key);
    if (typeof fields === 'object') {
      this.errors = fields;
      this.field = fields[0]?.field;
    } else {
      this.field = fields;
      this.errors = fields ? [{ field: fields, message: key }] : [];
    }
  }
}

/**
 * A refusal to come back later: 429 (the caller has too much under way) or
 * 503 (a service the request needs, such as the object store, did not
 * answer); answered with its key and a Retry-After header.
 */
export class RetryLaterError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(
    statusCode: 429 | 503,
    key: MessageKey,
    { retryAfterSeconds, field }: { retryAfterSeconds: number; field?: FieldPath },
  ) {
    super(statusCode, key, field);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (key: MessageKey, field?: FieldPath) => new AppError(400, key, field);

/**
 * A 400 about several fields at once (a check that sees them all): the
 * answer lists every one, the first gives its key and field.
 */
export function invalidFields(errors: readonly [FieldError, ...FieldError[]]): AppError {
  const [first] = errors;
  return new AppError(400, first.message, errors);
}
/**
 * A 400 `invalid_value` for every path a check found wrong (a schema's
 * issues: `prizes.0.name`), each as its known field or, failing that, the
 * fallback; the same field once.
 */
export function invalidValues(paths: readonly string[], fallback?: FieldPath): AppError {
  const fields = [...new Set(paths.map((path) => fieldPath(path) ?? fallback))];
  const errors = fields.flatMap((field) =>
    field === undefined ? [] : [{ field, message: 'invalid_value' as const }],
  );
  const [first, ...rest] = errors;
  return first ? invalidFields([first, ...rest]) : badRequest('invalid_value');
}

export const unauthorized = () => new AppError(401, 'unauthorized');
export const forbidden = () => new AppError(403, 'forbidden');
export const notFound = () => new AppError(404, 'not_found');
