/**
 * An error answer as one shape, whichever body the server sent: the
 * API's `{ statusCode, message, field? }` (docs/decisions/003), an RFC 9457
 * problem (`application/problem+json`: `type`, `title`, `status`, `detail`,
 * with `message` and `field` as extension members), or no JSON at all (a
 * proxy's HTML page). `message` is the message key a caller branches on
 * (`campaign_version_conflict`), never a text for people.
 */

export interface BackofficeProblem {
  /** The HTTP status of the answer. */
  status: number;
  /** The message key; the problem's title or the status text when the body has none. */
  message: string;
  /** The request field the error is about, where there is one. */
  field?: string;
  /** The problem's `type` and `detail` (RFC 9457), when the body has them. */
  type?: string;
  detail?: string;
  /** The answer's `X-Request-Id`: quote it when reporting a failure. */
  requestId?: string;
  /** The body as answered (parsed JSON, or the text). */
  body: unknown;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The problem of an error answer: openapi-fetch's `error` (the parsed body) and `response`. */
export function problemOf(error: unknown, response: Response): BackofficeProblem {
  const body: Record<string, unknown> =
    typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const problem: BackofficeProblem = {
    status: response.status,
    message:
      text(body.message) ?? text(body.title) ?? (response.statusText || `HTTP ${response.status}`),
    body: error,
  };
  const field = text(body.field);
  const type = text(body.type);
  const detail = text(body.detail);
  const requestId = response.headers.get('X-Request-Id');
  if (field) problem.field = field;
  if (type) problem.type = type;
  if (detail) problem.detail = detail;
  if (requestId) problem.requestId = requestId;
  return problem;
}

/** An error answer, thrown by `dataOf`. */
export class BackofficeError extends Error {
  readonly problem: BackofficeProblem;

  constructor(problem: BackofficeProblem) {
    super(
      `${String(problem.status)} ${problem.message}${problem.field ? ` (${problem.field})` : ''}`,
    );
    this.name = 'BackofficeError';
    this.problem = problem;
  }
}

/**
 * The data of a call's answer, or a BackofficeError when the server
 * answered an error: `const { rows } = await dataOf(client.GET('/api/campaigns'))`.
 */
export async function dataOf<T>(
  pending: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await pending;
  if (!response.ok) throw new BackofficeError(problemOf(error, response));
  return data as T;
}
