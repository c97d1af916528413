/**
 * The fixtures' CSP watch itself: a script the
 * strict Content-Security-Policy blocks is reported, so a violation on any
 * screen of any journey fails that journey.
 */
import { expect } from '@playwright/test';
import { test } from './fixtures';

test('reports a script the Content-Security-Policy blocks', async ({ page, cspViolations }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
  expect(cspViolations).toEqual([]);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.title = "injected"';
    document.body.append(script);
  });
  await expect.poll(() => cspViolations.length).toBe(1);
  expect(cspViolations[0]).toMatchObject({ directive: 'script-src-elem', blocked: 'inline' });
  await expect(page).not.toHaveTitle('injected');
  // Seen as it should be: this violation was made on purpose and must not fail the test.
  cspViolations.length = 0;
});
