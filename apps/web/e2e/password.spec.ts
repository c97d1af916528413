/**
 * Passwords people can keep: a forgotten password is reset from the
 * sign-in page by the link in the mail (read from the e2e server's
 * outbox), after which the person signs in with the new one and a session
 * in another browser has ended; and the password is changed from the user
 * menu, the current session kept, another one ended. Each new screen (the
 * provider's server-rendered pages too, and the dialog) gets an axe check
 * and screenshots at 1440 and 1280 px. The journeys use accounts of their
 * own (invited and registered here), so that the demo accounts keep their
 * password for the other journeys.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { api, invitationLink, merchantIdentOf, signInAt, test } from './fixtures';

const FIRST_PASSWORD = 'Eichhoernchen-Laterne-58';
// Each journey invites and registers an account of its own first.
test.describe.configure({ timeout: 120_000 });

const SENT = 'Wenn ein Konto zu dieser Adresse existiert, haben wir eine E-Mail geschickt.';

/** Serious and critical WCAG 2.1 A/AA violations axe finds on the page. */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}`);
  expect.soft(blocking, `axe on ${screen}`).toEqual([]);
}

/** Screenshots of the page at 1440 and 1280 px wide, into the test's output folder. */
async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
}

/** The password reset link of the newest mail to `email` in the e2e server's outbox. */
function resetLink(email: string): string | undefined {
  const mails = readdirSync(tmpdir())
    .filter((name) => name.startsWith('e2e-data-'))
    .flatMap((name) => {
      const dir = path.join(tmpdir(), name, 'outbox');
      try {
        return readdirSync(dir).map((file) => path.join(dir, file));
      } catch {
        return [];
      }
    });
  mails.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const file of mails) {
    const raw = readFileSync(file, 'utf8');
    if (!raw.includes(`To: ${email}`)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /https?:\/\/\S+\/identity\/password-reset\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (link) return link;
  }
  return undefined;
}

/** A new account of Café Silberblick, invited by its owner and registered with FIRST_PASSWORD. */
async function newAccount(browser: Browser, name: string): Promise<string> {
  const context = await browser.newContext();
  const inviter = await context.newPage();
  await signInAt(inviter, '/', 'silver@example.com');
  const email = `${name}-${Date.now()}@example.com`;
  await api(inviter, 'POST', `/merchants/${await merchantIdentOf(inviter)}/invite-account`, {
    user_email: email,
  });
  await expect.poll(() => invitationLink(email)).toBeTruthy();
  await inviter.goto((invitationLink(email) ?? '').replace(/^https?:\/\/[^/]+/, ''));
  await inviter.getByLabel('Neues Passwort (mindestens 8 Zeichen)').fill(FIRST_PASSWORD);
  await inviter.getByLabel('Passwort wiederholen').fill(FIRST_PASSWORD);
  await inviter.getByRole('button', { name: 'Zugang einrichten' }).click();
  await expect(inviter.getByRole('alert')).toContainText('Ihr Zugang ist eingerichtet.');
  await context.close();
  return email;
}

/** Signs in at the provider's page the app sent the browser to, and waits for the app. */
async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/identity\/authorize\?/);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();
}

/** A browser (its own context) signed in as `email`. */
async function otherBrowser(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await signInWith(page, email, password);
  return page;
}

/** The app of a browser whose session was ended elsewhere says so at its next request. */
async function expectSessionEnded(page: Page): Promise<void> {
  await page.reload();
  await expect(page).toHaveURL(/\/oauth2\/login\?session=ended$/, { timeout: 15_000 });
}

test('a forgotten password is set anew by the mailed link; the old session ends', async ({
  browser,
  page,
}, testInfo) => {
  const email = await newAccount(browser, 'vergessen');
  const elsewhere = await otherBrowser(browser, email, FIRST_PASSWORD);

  await page.goto('/');
  await expect(page).toHaveURL(/\/identity\/authorize\?/);
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
  await expectAccessible(page, 'password forgotten');
  await screenshots(page, testInfo, 'forgotten');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByRole('status')).toHaveText(SENT);
  await expectAccessible(page, 'password forgotten: sent');
  await screenshots(page, testInfo, 'sent');

  await expect.poll(() => resetLink(email), { timeout: 15_000 }).toBeTruthy();
  const link = (resetLink(email) ?? '').replace(/^https?:\/\/[^/]+/, '');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page, 'password reset');
  await screenshots(page, testInfo, 'reset');
  const newPassword = 'Silberpappel-Gewitter-93';
  await page.getByLabel('Neues Passwort (mindestens 8 Zeichen)').fill(newPassword);
  await page.getByLabel('Passwort wiederholen').fill(newPassword);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('status')).toContainText('Ihr Passwort ist geändert.');
  await expectAccessible(page, 'password reset: done');
  await screenshots(page, testInfo, 'reset-done');

  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await signInWith(page, email, newPassword);
  await expectSessionEnded(elsewhere);

  // The link was used: it says so and offers a new one.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('gilt nicht (mehr)');
  await expectAccessible(page, 'password reset: link used');
  await screenshots(page, testInfo, 'reset-used');
  await page.getByRole('link', { name: 'Neuen Link anfordern' }).click();
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
});

test('the password is changed from the user menu; other devices are signed out', async ({
  browser,
  page,
}, testInfo) => {
  const email = await newAccount(browser, 'aendern');
  const elsewhere = await otherBrowser(browser, email, FIRST_PASSWORD);
  await page.goto('/');
  await signInWith(page, email, FIRST_PASSWORD);

  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('menuitem', { name: 'Passwort ändern' }).click();
  const dialog = page.getByRole('dialog', { name: 'Passwort ändern' });
  await expect(dialog).toBeVisible();
  const current = dialog.getByLabel('Aktuelles Passwort');
  const next = dialog.getByLabel(/^Neues Passwort\s*\*?$/);
  const repeat = dialog.getByLabel('Neues Passwort wiederholen');

  // Nothing filled in: the form says so on its fields.
  await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(dialog.getByText('Bitte ausfüllen.')).toHaveCount(3);
  await expectAccessible(page, 'password change: empty');
  await screenshots(page, testInfo, 'change-empty');

  const newPassword = 'Wacholder-Flussufer-27';
  await current.fill('falsch-falsch');
  await next.fill(newPassword);
  await repeat.fill(newPassword);
  await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(dialog.getByText('Das aktuelle Passwort ist falsch.')).toBeVisible();

  // The policy is the server's: a common password is refused on its field.
  await current.fill(FIRST_PASSWORD);
  await next.fill('passwort123');
  await repeat.fill('passwort123');
  await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(dialog.getByText(/Dieses Passwort ist zu leicht zu erraten/)).toBeVisible();
  await expectAccessible(page, 'password change: refused');
  await screenshots(page, testInfo, 'change-refused');

  await next.fill(newPassword);
  await repeat.fill(newPassword);
  await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Ihr Passwort wurde geändert. 1 anderes Gerät wurde abgemeldet.'),
  ).toBeVisible();

  // Still signed in here; the other browser is not.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();
  await expectSessionEnded(elsewhere);
  await elsewhere.getByRole('button', { name: 'Anmelden' }).click();
  await signInWith(elsewhere, email, newPassword);
});
