import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadTexts } from '../i18n/i18n';
import { ApiError, plainErrorText, serverMessageOf } from './api-error';
import { requestErrorText } from './error-text';
import { joinUrl } from './client';

beforeAll(async () => {
  await initI18n('de-DE', ['de-DE', 'en-GB']);
  // The message texts and field labels, as the client loads them before it reports.
  await loadTexts('messages');
});

describe('requestErrorText (spec §8)', () => {
  it('translates known message keys', () => {
    const error = new ApiError('http', 'required_field_missing', {
      status: 400,
      serverMessage: 'required_field_missing',
      field: 'name',
    });
    expect(requestErrorText(i18n.t, error)).toBe('HTTP 400: Bitte angeben: Name');
    const bad = new ApiError('http', 'bad_input', { status: 422, serverMessage: 'bad_input' });
    expect(requestErrorText(i18n.t, bad)).toBe('HTTP 422: Eingabefehler!');
  });

  it('names a field by its label and adds the reason a refusal carries', () => {
    const error = new ApiError('http', 'required_field_missing', {
      status: 400,
      serverMessage: 'required_field_missing',
      field: 'title.de',
    });
    expect(requestErrorText(i18n.t, error)).toBe('HTTP 400: Bitte angeben: Titel (Deutsch)');
    const notSent = new ApiError('http', 'invitation_not_sent', {
      status: 502,
      serverMessage: 'invitation_not_sent',
      body: { statusCode: 502, message: 'invitation_not_sent', reason: 'connect ECONNREFUSED' },
    });
    expect(requestErrorText(i18n.t, notSent)).toBe(
      'HTTP 502: Die Einladung konnte nicht versendet werden. Grund: connect ECONNREFUSED',
    );
  });

  it("states the domain's limits where a text names one (error-text.test.ts changes them)", () => {
    const tooMany = new ApiError('http', 'too_many_codes', {
      status: 413,
      serverMessage: 'too_many_codes',
      field: 'codes',
    });
    expect(requestErrorText(i18n.t, tooMany)).toBe(
      'HTTP 413: Zu viele Zeilen auf einmal: bitte teilen Sie die Liste auf (höchstens 200.000 Zeilen).',
    );
    const invalid = new ApiError('http', 'invalid_code', {
      status: 400,
      serverMessage: 'invalid_code',
      field: 'upload',
    });
    expect(requestErrorText(i18n.t, invalid)).toBe(
      'HTTP 400: Ungültiger Code: Ein Code hat höchstens 64 Zeichen und keine Leerzeichen.',
    );
  });

  it('shows plain server messages as they are', () => {
    const error = new ApiError('http', 'Boom', { status: 500, serverMessage: 'Boom' });
    expect(requestErrorText(i18n.t, error)).toBe('HTTP 500: Boom');
  });

  it('words an answer without a message of its own (a proxy’s, a closing server’s) by its status', () => {
    const answer = (status: number, serverMessage: string) =>
      requestErrorText(i18n.t, new ApiError('http', serverMessage, { status, serverMessage }));
    expect(answer(503, 'Service Unavailable')).toBe(
      'HTTP 503: Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    );
    expect(answer(429, '')).toBe('HTTP 429: Zu viele Anfragen. Bitte warten Sie einen Moment.');
    expect(answer(502, 'Bad Gateway')).toBe(
      'HTTP 502: Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    );
    expect(answer(413, 'Request Entity Too Large')).toBe('HTTP 413: Die Anfrage ist zu groß.');
  });

  it('names requests without answer and other failures', () => {
    expect(requestErrorText(i18n.t, new ApiError('no-response', 'Failed to fetch'))).toBe(
      'Could not send request',
    );
    expect(requestErrorText(i18n.t, new Error('kaputt'))).toBe('Unknown axios error: kaputt');
  });

  it('says status and raw message where the wording of message keys could not load', () => {
    const error = new ApiError('http', 'bad_input', { status: 422, serverMessage: 'bad_input' });
    expect(plainErrorText(i18n.t, error)).toBe('HTTP 422: bad_input');
    expect(plainErrorText(i18n.t, new ApiError('no-response', 'Failed to fetch'))).toBe(
      'Could not send request',
    );
  });
});

describe('serverMessageOf', () => {
  it('reads our error body and the OAuth one', () => {
    expect(serverMessageOf({ statusCode: 400, message: 'invalid_value', field: 'x' })).toEqual({
      message: 'invalid_value',
      field: 'x',
    });
    expect(serverMessageOf({ error: 'invalid_grant', error_description: 'Code expired' })).toEqual({
      message: 'Code expired',
    });
    expect(serverMessageOf('nope')).toEqual({});
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
