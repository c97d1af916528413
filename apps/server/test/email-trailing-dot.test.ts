/**
 * Addresses stored with their domain's final dot before it was normalised
 * away (issue 29, point 19): migration 0021 gives such a row the address
 * without the dot, where no other row holds that address, and leaves the
 * others; the person then signs in with either written form.
 */
import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/platform/db/schema.js';
import { hashPassword } from '../src/platform/identity/passwords.js';
import { createTestApp, signInAttempt, type TestApp } from './helpers.js';

const MIGRATION = new URL(
  '../src/platform/db/migrations/0021_trailing_dot_emails.sql',
  import.meta.url,
);
const PASSWORD = 'Wintermantel-Kerze-19';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const emails = async () =>
  (await t.ctx.db.select({ email: users.email }).from(users)).map((row) => row.email).sort();

describe('migration 0021 (addresses with the domain’s final dot)', () => {
  it('drops the final dots where no other row has the address, and leaves the others', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    await t.ctx.db.insert(users).values([
      // Alone: becomes the address without the dot.
      { email: 'punkt@firma.example.', passwordHash },
      { email: 'zwei-punkte@firma.example..' },
      // The address without the dot is silver's: left.
      { email: 'silver@example.com.' },
      // Two rows would take one address: both left.
      { email: 'doppelt@firma.example.' },
      { email: 'doppelt@firma.example..' },
      // A domain of dots alone: left.
      { email: 'leer@.' },
    ]);
    const [silverBefore] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'silver@example.com'));

    await t.ctx.db.execute(sql.raw(await readFile(MIGRATION, 'utf8')));

    const after = await emails();
    expect(after).toEqual(
      expect.arrayContaining([
        'punkt@firma.example',
        'zwei-punkte@firma.example',
        'silver@example.com',
        'silver@example.com.',
        'doppelt@firma.example.',
        'doppelt@firma.example..',
        'leer@.',
      ]),
    );
    expect(after).not.toContain('punkt@firma.example.');
    const [silverAfter] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'silver@example.com'));
    expect(silverAfter?.id).toBe(silverBefore?.id);

    // The person signs in with the address, written with the dot or without.
    for (const address of ['punkt@firma.example', 'punkt@firma.example.']) {
      expect((await signInAttempt(t.app, address, PASSWORD)).statusCode, address).toBe(302);
    }
  });
});
