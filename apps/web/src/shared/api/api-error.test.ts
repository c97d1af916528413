import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadTexts } from '../i18n/i18n';
import { ApiError, plainFailureText, serverMessageOf } from './api-error';
import { requestFailureText } from './error-text';
import { joinUrl } from './request';

beforeAll(async () => {
  await initI18n('de-DE', ['de-DE', 'en-GB']);
  // The message texts and field labels, as the client loads them before it reports.
  await loadTexts('messages');
});

describe('requestFailureText (docs/product.md#messages)', () => {
  const answer = (
    status: number,
    serverMessage: string,
    details: { field?: string; body?: unknown } = {},
  ) =>
    requestFailureText(
      i18n.t,
      new ApiError('http', serverMessage, { status, serverMessage, ...details }),
    );

  it('says a known message key in German, the spec line with the key as sent below it', () => {
    expect(answer(400, 'required_field_missing', { field: 'name' })).toEqual({
      message: 'Bitte angeben: Name',
      technical: 'HTTP 400: required_field_missing',
    });
    expect(answer(422, 'bad_input')).toEqual({
      message: 'Eingabefehler!',
      technical: 'HTTP 422: bad_input',
    });
  });

  it('names a field by its label and adds the reason a refusal carries', () => {
    expect(answer(400, 'required_field_missing', { field: 'title.de' }).message).toBe(
      'Bitte angeben: Titel (Deutsch)',
    );
    const body = {
      statusCode: 502,
      message: 'invitation_not_sent',
      reason: 'connect ECONNREFUSED',
    };
    expect(answer(502, 'invitation_not_sent', { body })).toEqual({
      message: 'Die Einladung konnte nicht versendet werden. Grund: connect ECONNREFUSED',
      technical: 'HTTP 502: invitation_not_sent',
    });
  });

  it("states the domain's limits where a text names one (error-text.test.ts changes them)", () => {
    expect(answer(413, 'too_many_codes', { field: 'codes' }).message).toBe(
      'Zu viele Zeilen auf einmal: bitte teilen Sie die Liste auf (höchstens 200.000 Zeilen).',
    );
    expect(answer(400, 'invalid_code', { field: 'upload' }).message).toBe(
      'Ungültiger Code: Ein Code hat höchstens 64 Zeichen und keine Leerzeichen.',
    );
  });

  it('words an answer without a key of ours by its status, and keeps what it said in the spec line', () => {
    expect(answer(503, 'Service Unavailable')).toEqual({
      message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
      technical: 'HTTP 503: Service Unavailable',
    });
    expect(answer(429, '').message).toBe('Zu viele Anfragen. Bitte warten Sie einen Moment.');
    expect(answer(502, 'Bad Gateway').message).toBe(
      'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    );
    expect(answer(413, 'Request Entity Too Large').message).toBe('Die Anfrage ist zu groß.');
    // A plain text of its own is shown as sent, in the spec's line.
    expect(answer(500, 'Boom')).toEqual({
      message: 'Interner Fehler des Servers.',
      technical: 'HTTP 500: Boom',
    });
    expect(answer(400, 'invalid_grant')).toEqual({
      message: 'Der Server hat die Anfrage abgelehnt.',
      technical: 'HTTP 400: invalid_grant',
    });
  });

  it('explains a request without answer in German beside the spec text', () => {
    expect(requestFailureText(i18n.t, new ApiError('no-response', 'Failed to fetch'))).toEqual({
      message: 'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.',
      technical: 'Could not send request',
    });
    const late = new ApiError('no-response', 'signal is aborted', { timedOut: true });
    expect(requestFailureText(i18n.t, late)).toEqual({
      message:
        'Der Server hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es gleich noch einmal.',
      technical: 'Could not send request',
    });
    expect(requestFailureText(i18n.t, new Error('kaputt'))).toEqual({
      message: 'Ein unerwarteter Fehler ist aufgetreten.',
      technical: 'Unknown axios error: kaputt',
    });
  });

  it('says that the server refused, with status and raw message, where the wording could not load', () => {
    const error = new ApiError('http', 'bad_input', { status: 422, serverMessage: 'bad_input' });
    expect(plainFailureText(i18n.t, error)).toEqual({
      message: 'Der Server hat die Anfrage abgelehnt.',
      technical: 'HTTP 422: bad_input',
    });
  });
});

describe('serverMessageOf', () => {
  it('reads a problem (docs/api.md "Errors"): key, field and every invalid field', () => {
    const problem = {
      type: 'https://backoffice.example.de/api/docs/problems#invalid_url',
      title: 'A web address is invalid',
      status: 400,
      detail: '2 fields are invalid: website (…), email (…).',
      statusCode: 400,
      message: 'invalid_url',
      field: 'website',
      errors: [
        { field: 'website', message: 'invalid_url' },
        { field: 'email', message: 'invalid_email' },
      ],
    };
    expect(serverMessageOf(problem)).toEqual({
      message: 'invalid_url',
      field: 'website',
      fieldErrors: [
        { field: 'website', message: 'invalid_url' },
        { field: 'email', message: 'invalid_email' },
      ],
    });
  });

  it('reads an answer without errors as its one field, and leaves a CSV’s line errors to the upload', () => {
    expect(serverMessageOf({ statusCode: 400, message: 'invalid_value', field: 'x' })).toEqual({
      message: 'invalid_value',
      field: 'x',
      fieldErrors: [{ field: 'x', message: 'invalid_value' }],
    });
    const upload = {
      statusCode: 400,
      message: 'bad_input',
      errors: [{ line: 3, field: 'zip', message: 'invalid_zip' }],
    };
    expect(serverMessageOf(upload)).toEqual({ message: 'bad_input' });
    expect(serverMessageOf({ message: 'not_found', errors: [] })).toEqual({ message: 'not_found' });
  });

  it('reads the OAuth error body, and nothing of a text', () => {
    expect(serverMessageOf({ error: 'invalid_grant', error_description: 'Code expired' })).toEqual({
      message: 'Code expired',
    });
    expect(serverMessageOf('nope')).toEqual({});
  });
});

describe('ApiError', () => {
  it('has the one field of an answer as its field errors when none are listed', () => {
    const error = new ApiError('http', 'invalid_value', {
      status: 400,
      serverMessage: 'invalid_value',
      field: 'name',
    });
    expect(error.fieldErrors).toEqual([{ field: 'name', message: 'invalid_value' }]);
    expect(new ApiError('http', 'not_found', { status: 404 }).fieldErrors).toEqual([]);
  });
});

describe('joinUrl', () => {
  it('joins bases and paths with one slash', () => {
    expect(joinUrl('/api', '/init-user')).toBe('/api/init-user');
    expect(joinUrl('/api/', 'init-user')).toBe('/api/init-user');
    expect(joinUrl('', '/api/v2/my/tokens')).toBe('/api/v2/my/tokens');
    expect(joinUrl('https://auth.example', '/api/v2/my/tokens')).toBe(
      'https://auth.example/api/v2/my/tokens',
    );
  });
});
