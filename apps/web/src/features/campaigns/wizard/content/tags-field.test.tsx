// @vitest-environment jsdom
/**
 * The tags of a tip: a tag that does not exist yet is created on the server;
 * when that fails, the typed tag is not lost but back in the field.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../shared/testing/fetch-stub';
import { configureApiAuth } from '../../../../shared/api/auth-hooks';
import { setRuntimeConfig } from '../../../../shared/config/runtime-config';
import { loadGermanTexts, renderWithApp } from '../../../../shared/testing/render';
import { testRuntimeConfig } from '../../../../shared/testing/runtime-config';
import { TagsField } from './tags-field';

/** Answers GET /ac/tags with no suggestions; POST /tags as the test says. */
let createTag: () => Promise<Response>;

beforeAll(async () => {
  await loadGermanTexts('campaigns');
  setRuntimeConfig(testRuntimeConfig());
  configureApiAuth({ getToken: () => 'token', onUnauthorized: () => undefined });
});

beforeEach(() => {
  stubFetch((url, init) => {
    if (init.method === 'POST' && url.endsWith('/tags')) return createTag();
    return new Response(JSON.stringify({ tags: [] }), { status: 200 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderField() {
  const onCreated = vi.fn<(name: string) => void>();
  renderWithApp(
    <TagsField
      field={{
        value: [],
        onChange: () => undefined,
        onFocus: undefined,
        onBlur: () => undefined,
        error: undefined,
        'data-field': 'tags',
      }}
      onCreated={onCreated}
    />,
  );
  return onCreated;
}

const input = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Tags' });

describe('the tags field', () => {
  it('takes a new tag as the server spells it', async () => {
    createTag = () =>
      Promise.resolve(new Response(JSON.stringify({ name: 'herbst' }), { status: 200 }));
    const onCreated = renderField();
    await userEvent.type(input(), 'Herbst{Enter}');
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('herbst'));
    expect(input().value).toBe('');
  });

  it('puts a tag whose creation failed back into the field', async () => {
    createTag = () => Promise.reject(new TypeError('Failed to fetch'));
    const onCreated = renderField();
    await userEvent.type(input(), 'Winterzauber{Enter}');
    await waitFor(() => expect(input().value).toBe('Winterzauber'));
    expect(onCreated).not.toHaveBeenCalled();
  });
});
