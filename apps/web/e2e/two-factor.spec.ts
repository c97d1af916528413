/**
 * Two-factor sign-in journeys: a person of its own (invited for the test,
 * so that no other journey's demo account changes) sets it up from the user
 * menu (the secret read from the page, codes made with otplib as an
 * authenticator app makes them), signs out and in again with a code, then
 * with a recovery code, which is used up after. An admin sees the account's
 * two factors on the accounts screen and resets them after a question.
 * axe checks every new screen; screenshots at 1440 and 1280 px are kept.
 *
 * The set-up forced on admins (MFA_REQUIRED_FOR_ADMINS) needs a server
 * started with that setting; its pages are proven by the API tests
 * (apps/server/test/modules/two-factor/two-factor.test.ts, "MFA_REQUIRED_FOR_ADMINS").
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { generate } from 'otplib';
import { paths } from '../src/shared/paths';
import {
  api,
  chooseMerchant,
  invitationLink,
  merchantIdentOf,
  signInAt,
  signOut,
  test,
} from './fixtures';

const PASSWORD = 'Fahrrad-Wolke-Tinte-42';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
  expect(blocking, `axe on ${screen}`).toEqual([]);
}

async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** The code an authenticator app shows `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  generate({
    secret: secret.replace(/\s/g, ''),
    epoch: Math.floor(Date.now() / 1000) + steps * 30,
  });

/** Invites a new person to silver's merchant and registers them: their address. */
async function newPerson(page: Page): Promise<{ email: string; merchant: string }> {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const email = `zwei-faktor-${Date.now()}@example.com`;
  await api(page, 'POST', `/merchants/${merchant}/invite-account`, { user_email: email });
  await expect.poll(() => invitationLink(email)).toBeTruthy();
  await signOut(page);
  await page.goto((invitationLink(email) ?? '').replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('Neues Passwort').fill(PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('button', { name: 'Zugang einrichten' }).click();
  await expect(page.getByText('Ihr Zugang ist eingerichtet.')).toBeVisible();
  return { email, merchant };
}

/** The sign-in form with the person's password; the page after it. */
async function enterPassword(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

async function enterCode(page: Page, code: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Bestätigungscode eingeben' })).toBeVisible();
  await page.getByLabel('Code aus der App oder Wiederherstellungscode').fill(code);
  await page.getByRole('button', { name: 'Bestätigen' }).click();
}

const signedIn = async (page: Page) => {
  await expect(page.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();
};

test('set up from the user menu, sign in with a code, then with a recovery code used once; an admin resets it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { email, merchant } = await newPerson(page);

  await enterPassword(page, email);
  await signedIn(page);
  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('menuitem', { name: 'Zwei-Faktor-Anmeldung' }).click();
  await expect(
    page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Ausgeschaltet', { exact: true })).toBeVisible();
  await expectAccessible(page, 'two-factor off');

  await page.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7 ]{20,}$/);
  await expect(page.getByRole('img', { name: 'QR-Code für Ihre Authenticator-App' })).toBeVisible();
  await expectAccessible(page, 'two-factor set-up');
  await screenshots(page, testInfo, 'two-factor-setup');

  // A wrong code is refused at the field.
  const right = await codeOf(secret);
  await page.getByLabel('2. Code aus der App').fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Bestätigen und einschalten' }).click();
  await expect(page.getByText('Der Code ist falsch oder wurde schon verwendet.')).toBeVisible();
  await page.getByLabel('2. Code aus der App').fill(right);
  await page.getByRole('button', { name: 'Bestätigen und einschalten' }).click();
  const list = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(list).toHaveCount(10);
  const recovery = await list.allTextContents();
  await expectAccessible(page, 'recovery codes');
  await screenshots(page, testInfo, 'two-factor-recovery-codes');
  await page.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
  await expect(page.getByText('Eingeschaltet', { exact: true })).toBeVisible();
  await expect(page.getByTestId('recovery-codes-left')).toHaveText(
    'Noch 10 Wiederherstellungscodes übrig.',
  );
  await screenshots(page, testInfo, 'two-factor-on');

  // Signing in now asks for the code after the password.
  await signOut(page);
  await enterPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Bestätigungscode eingeben' })).toBeVisible();
  await expectAccessible(page, 'code page');
  await screenshots(page, testInfo, 'two-factor-code-page');
  // The set-up took this period's code: the app's next one.
  await enterCode(page, await codeOf(secret, 1));
  await signedIn(page);

  // Without the phone: a recovery code, once.
  await signOut(page);
  await enterPassword(page, email);
  await enterCode(page, String(recovery[0]));
  await signedIn(page);
  await signOut(page);
  await enterPassword(page, email);
  await enterCode(page, String(recovery[0]));
  await expect(page.getByRole('alert')).toHaveText(
    'Der Code ist falsch oder wurde schon verwendet. Bitte versuchen Sie es erneut.',
  );
  await enterCode(page, String(recovery[1]));
  await signedIn(page);
  await page.goto(paths.twoFactor());
  await expect(page.getByTestId('recovery-codes-left')).toHaveText(
    'Noch 8 Wiederherstellungscodes übrig.',
  );

  // An admin sees it on the accounts screen and resets it after a question.
  const adminPage = await (await browser.newContext()).newPage();
  await signInAt(adminPage, '/', 'admin@example.com');
  await chooseMerchant(adminPage, 'Silberblick', 'Café Silberblick KG');
  await adminPage.goto(paths.merchant.accounts({ merchantIdent: merchant }));
  const row = adminPage.getByTestId('account-row').filter({ hasText: email });
  await expect(row.getByTestId('two-factor-badge')).toBeVisible();
  await row
    .getByRole('button', { name: `Zwei-Faktor-Anmeldung von ${email} zurücksetzen` })
    .click();
  const dialog = adminPage.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung zurücksetzen?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(adminPage, 'reset question');
  await screenshots(adminPage, testInfo, 'two-factor-reset-question');
  await dialog.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(
    adminPage.getByText(`Die Zwei-Faktor-Anmeldung von ${email} ist zurückgesetzt.`),
  ).toBeVisible();
  await expect(row.getByTestId('two-factor-badge')).toHaveCount(0);
  await adminPage.close();

  // The person's session has ended; the password alone signs in again.
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Sitzung beendet' })).toBeVisible();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await signedIn(page);
});

test('turning it off asks for a code or the password', async ({ page }, testInfo) => {
  const { email } = await newPerson(page);
  await enterPassword(page, email);
  await signedIn(page);
  await page.goto(paths.twoFactor());
  await page.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('2. Code aus der App').fill(await codeOf(secret));
  await page.getByRole('button', { name: 'Bestätigen und einschalten' }).click();
  await page.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
  await page.getByRole('button', { name: 'Ausschalten' }).click();
  await expect(
    page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung ausschalten' }),
  ).toBeVisible();
  await expectAccessible(page, 'turn off');
  await screenshots(page, testInfo, 'two-factor-off-form');
  await page.getByLabel('Oder Ihr Passwort').fill('falsch-falsch');
  await page.getByRole('button', { name: 'Ausschalten' }).click();
  await expect(page.getByText('Das Passwort ist falsch.')).toBeVisible();
  await page.getByLabel('Oder Ihr Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ausschalten' }).click();
  await expect(page.getByText('Die Zwei-Faktor-Anmeldung ist ausgeschaltet.')).toBeVisible();
  await expect(page.getByText('Ausgeschaltet', { exact: true })).toBeVisible();
});
