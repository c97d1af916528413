/**
 * The one builder of the API's error answers (docs/api.md "Errors"): RFC
 * 9457's problem details as `application/problem+json`, with the product's
 * `statusCode`, message key, first field and every invalid field (`errors`)
 * kept beside them. Every error body of the server is made here: the error
 * handler (errors.ts), its helpers and the few routes that add members of
 * their own (a CSV's line errors, refused code lines).
 */
import type { FastifyReply } from 'fastify';
import {
  PROBLEM_MEDIA_TYPE,
  type MessageKey,
  type TErrorResponse,
  type TFieldError,
} from '@backoffice/domain';
import { PROBLEM_TITLES } from './problem-titles.js';

/** The Content-Type of every error answer. */
export const PROBLEM_CONTENT_TYPE = `${PROBLEM_MEDIA_TYPE}; charset=utf-8`;

/** The path of the page that describes every problem type, one anchor per message key. */
export const PROBLEMS_PATH = '/api/docs/problems';

/** The problem type of a message key: an absolute URI under the server's PUBLIC_URL. */
export const problemType = (publicUrl: string, key: MessageKey): string =>
  `${publicUrl}${PROBLEMS_PATH}#${key}`;

/** What an answer says about fields: the one it is about, or every invalid one. */
export interface ProblemFields {
  field?: string | undefined;
  errors?: readonly TFieldError[] | undefined;
}

/** An English sentence about this occurrence: never more than the key's title and the fields. */
function detailOf(key: MessageKey, errors: readonly TFieldError[]): string {
  const title = PROBLEM_TITLES[key];
  const [first] = errors;
  if (!first) return `${title}.`;
  if (errors.length === 1) return `${PROBLEM_TITLES[first.message]}: ${first.field}.`;
  const fields = errors.map(({ field, message }) => `${field} (${PROBLEM_TITLES[message]})`);
  return `${errors.length} fields are invalid: ${fields.join(', ')}.`;
}

/** An error answer: its status, its message key and the fields it is about. */
export interface Problem extends ProblemFields {
  status: number;
  key: MessageKey;
}

/** The body of an error answer. `errors` defaults to the one field; `field` to the first error's. */
export function problemBody(
  publicUrl: string,
  { status, key, ...fields }: Problem,
): TErrorResponse {
  const errors = fields.errors
    ? [...fields.errors]
    : fields.field
      ? [{ field: fields.field, message: key }]
      : [];
  const field = fields.field ?? errors[0]?.field;
  return {
    type: problemType(publicUrl, key),
    title: PROBLEM_TITLES[key],
    status,
    detail: detailOf(key, errors),
    statusCode: status,
    message: key,
    ...(field ? { field } : {}),
    errors,
  };
}

/** The PUBLIC_URL of the app a reply belongs to (empty in an app without context). */
function publicUrlOf(reply: FastifyReply): string {
  const server = reply.server as { ctx?: { config?: { publicUrl?: string } } } | undefined;
  return server?.ctx?.config?.publicUrl ?? '';
}

/**
 * Sends an error answer: the status, the problem's Content-Type and body,
 * and the members some refusals carry beside it (`extra`: a CSV's line
 * errors, the refused lines of a code list).
 */
export function sendProblem(
  reply: FastifyReply,
  problem: Problem,
  extra: Record<string, unknown> = {},
): FastifyReply {
  return reply
    .status(problem.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send({ ...problemBody(publicUrlOf(reply), problem), ...extra });
}
