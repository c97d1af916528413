/** Shared steps of the browser journeys: signing in through the real provider. */
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo';

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
