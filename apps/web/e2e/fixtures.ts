/**
 * The `test` of every browser journey, and their shared steps: signing in
 * and out through the real provider, the acting merchant, and API calls with
 * the signed-in user's token.
 *
 * `test` watches the strict Content-Security-Policy of the product: every
 * `securitypolicyviolation` a page of the test reports (in every browser
 * context the test opens) fails the test, so every screen an e2e test
 * visits is checked for violations.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/** A violation of the Content-Security-Policy, as the page reported it. */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

/** Records the CSP violations of every page of `context` into `found`. */
async function watchCsp(context: BrowserContext, found: CspViolation[]): Promise<void> {
  await context.exposeBinding('reportCspViolation', (_source, violation: CspViolation) => {
    found.push(violation);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (v: CspViolation) => unknown })
      .reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      void report({
        page: event.documentURI,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${String(event.lineNumber)}`,
      });
    });
  });
}

export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const found: CspViolation[] = [];
      await watchCsp(context, found);
      // A context the test opens itself (a second user's browser) is watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const opened = await newContext(options);
        await watchCsp(opened, found);
        return opened;
      };
      try {
        await use(found);
      } finally {
        browser.newContext = newContext;
      }
      expect(found, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export const DEMO_PASSWORD = 'demo';
export const IDENT = /[0-9a-f-]{36}/;

/**
 * Opens a path signed out, expects the provider's sign-in page, signs in with
 * the form and waits until the app is back on that path.
 */
export async function signInAt(page: Page, path: string, email: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/identity\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/** The selection modal that opens for users with several merchants. */
export function merchantDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Händler auswählen' });
}

export async function chooseMerchant(page: Page, filter: string, name: string): Promise<void> {
  const dialog = merchantDialog(page);
  await dialog.getByLabel('Händler filtern').fill(filter);
  await dialog.getByRole('button', { name: `${name} auswählen` }).click();
  await expect(dialog).toBeHidden();
}

export function navigation(page: Page) {
  return page.getByRole('navigation', { name: 'Hauptnavigation' });
}

/** The merchant the signed-in user acts for, read from the side menu's campaigns link. */
export async function merchantIdentOf(page: Page): Promise<string> {
  // Also while the side menu is a closed drawer (narrow screens), hidden from the page.
  const href = await page
    .getByRole('navigation', { name: 'Hauptnavigation', includeHidden: true })
    .getByRole('link', { name: 'Kampagnen', includeHidden: true })
    .getAttribute('href');
  const ident = href?.split('/')[1];
  expect(ident).toMatch(IDENT);
  return ident ?? '';
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  // Signed out once the login route shows (the session has ended by then).
  await expect(page).toHaveURL(/\/oauth2\/login$/);
}

/** The signed-in user's access token, as the app stores it. */
export async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = localStorage.getItem('backoffice.auth.token');
    return stored ? (JSON.parse(stored) as { token: string }).token : '';
  });
}

/** Calls the real API with the signed-in user's token, as the app itself does. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
  multipart?: Record<string, { name: string; mimeType: string; buffer: Buffer }>,
): Promise<T> {
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    ...(data !== undefined ? { data } : {}),
    ...(multipart !== undefined ? { multipart } : {}),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(
    true,
  );
  return (await response.json()) as T;
}

export interface Envelope {
  campaign: { uuid: string; current_status: string };
}

/** A 1×1 PNG; the server scales it to the campaign format. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A coupon without errors, created and submitted through the API. */
export async function seedSubmittedCoupon(page: Page, merchantIdent: string, title: string) {
  const ident = await seedCompleteCoupon(page, merchantIdent, title);
  const submitted = await api<Envelope>(page, 'POST', `/campaigns/${ident}/submit`);
  expect(submitted.campaign.current_status).toBe('submitted');
  return ident;
}

/** A coupon without errors, created through the API and not submitted yet. */
export async function seedCompleteCoupon(page: Page, merchantIdent: string, title: string) {
  const { campaign } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant: merchantIdent,
    type: 'coupon/percent',
  });
  await api(page, 'POST', `/campaigns/${campaign.uuid}/image`, undefined, {
    upload: { name: 'bild.png', mimeType: 'image/png', buffer: PIXEL_PNG },
  });
  const day = 24 * 60 * 60 * 1000;
  const saved = await api<Envelope & { state: { errors: unknown[] } }>(
    page,
    'POST',
    `/campaigns/${campaign.uuid}`,
    {
      title: { de: title },
      short_description: { de: '20 % auf alles' },
      description: { de: 'Herbstzeit ist Kuchenzeit. '.repeat(10) },
      benefit: { percent_discount: 20 },
      valid_from: new Date(Date.now() - day).toISOString(),
      valid_until: new Date(Date.now() + 30 * day).toISOString(),
      coupon: { redemption: 'offline', code_type: 'none' },
    },
  );
  expect(saved.state.errors, 'a saved campaign without errors').toEqual([]);
  return campaign.uuid;
}

/** The registration link of the newest invitation mail to `email` in the e2e server's outbox. */
export function invitationLink(email: string): string | undefined {
  const dataDirs = readdirSync(tmpdir())
    .filter((name) => name.startsWith('e2e-data-'))
    .map((name) => path.join(tmpdir(), name, 'outbox'));
  const mails = dataDirs.flatMap((dir) => {
    try {
      return readdirSync(dir).map((name) => path.join(dir, name));
    } catch {
      return [];
    }
  });
  mails.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const file of mails) {
    const raw = readFileSync(file, 'utf8');
    if (!raw.includes(`To: ${email}`)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    return /https?:\/\/\S+\/identity\/register\?token=[A-Za-z0-9_%-]+/.exec(text)?.[0];
  }
  return undefined;
}
