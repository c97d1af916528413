// @vitest-environment jsdom
/**
 * The pages of one access-code set before they have it: a failed load is
 * said to have failed, with the error and another try; only a 404 is not
 * found.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail } from '../../../shared/testing/msw/answers';
import { accessCodeSetHandlers } from '../../../shared/testing/msw/handlers/access-code-sets';
import { mockApi } from '../../../shared/testing/msw/mock-api';
import { loadGermanTexts, renderWithApp } from '../../../shared/testing/render';
import { AccessCodeSetEditPage } from './access-code-set-edit-page';
import { CodeUsagePage } from './code-usage-page';

const SET = '55555555-5555-4555-8555-555555555555';

const PAGES: [string, ComponentType, string, string][] = [
  ['the set', AccessCodeSetEditPage, '/access-code-sets/:id', `/access-code-sets/${SET}`],
  [
    'its code usage',
    CodeUsagePage,
    '/access-code-sets/:ident/code-usage',
    `/access-code-sets/${SET}/code-usage`,
  ],
];

beforeAll(async () => {
  await loadGermanTexts('accessCodeSets');
});
afterEach(() => vi.unstubAllGlobals());

describe('an access-code set page whose set does not load', () => {
  it.each(PAGES)('%s: a 503 is a failed load with another try', async (_, Page, route, url) => {
    const api = mockApi([accessCodeSetHandlers.all(fail(503, 'service_unavailable'))]);
    renderWithApp(<Page />, { route, url });
    const failed = await screen.findByTestId('load-failed');
    expect(failed.textContent).toContain('HTTP 503');
    expect(screen.queryByText('Seite nicht gefunden')).toBeNull();
    await userEvent.click(within(failed).getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
  });

  it.each(PAGES)('%s: a 404 is not found', async (_, Page, route, url) => {
    mockApi([accessCodeSetHandlers.all(fail(404, 'not_found'))]);
    renderWithApp(<Page />, { route, url });
    expect(await screen.findByText('Seite nicht gefunden')).toBeTruthy();
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });
});
