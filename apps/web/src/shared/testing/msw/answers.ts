/** The answers a test's handlers give (`HttpResponseResolver`s of MSW). Only test code imports this. */
import { delay, HttpResponse, type HttpResponseResolver, type JsonBodyType } from 'msw';

export type Answer = HttpResponseResolver;

/** 200 with `body` as JSON. */
export const ok =
  (body: JsonBodyType): Answer =>
  () =>
    HttpResponse.json(body);

/** 200 with `body` as text of `contentType`, e.g. a CSV download. */
export const text =
  (body: string, contentType = 'text/csv; charset=utf-8'): Answer =>
  () =>
    new HttpResponse(body, { headers: { 'Content-Type': contentType } });

/**
 * An error as the server words it (docs/api.md "Errors"): a problem
 * (`application/problem+json`) with its message key, the field it names and
 * every invalid field (`errors`: by default the one field).
 */
export const fail =
  (
    status: number,
    message: string,
    extra: {
      field?: string;
      errors?: { field: string; message: string }[];
      headers?: Record<string, string>;
    } = {},
  ): Answer =>
  () => {
    const errors =
      extra.errors ?? (extra.field !== undefined ? [{ field: extra.field, message }] : []);
    const field = extra.field ?? errors[0]?.field;
    return HttpResponse.json(
      {
        type: `http://localhost/api/docs/problems#${message}`,
        title: message,
        status,
        detail: message,
        statusCode: status,
        message,
        ...(field !== undefined ? { field } : {}),
        errors,
      },
      {
        status,
        headers: { 'Content-Type': 'application/problem+json; charset=utf-8', ...extra.headers },
      },
    );
  };

/** No answer: the network is down, `fetch` rejects. */
export const networkDown: Answer = () => HttpResponse.error();

/** `answer` after `ms` (fake timers advance it too); an aborted request gets none. */
export const after =
  (ms: number, answer: Answer): Answer =>
  async (info) => {
    await delay(ms);
    return answer(info);
  };
