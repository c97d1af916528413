/**
 * What the merchant profile tests share: the app with the demo data, its
 * users signed in and the demo merchants' ids, and a valid profile.
 */
import { afterAll, beforeAll } from 'vitest';
import { users } from '../../../src/platform/db/schema.js';
import { hashPassword } from '../../../src/platform/identity/passwords.js';
import { createTestApp, type TestApp } from '../../helpers.js';

export let t: TestApp;
export const ids = { sonnenschein: '', adler: '', silberblick: '' };

// Each profile names another merchant: a name is one merchant's.
let profiles = 0;

export const profile = (overrides: object = {}) => ({
  name: `Neuer Händler ${(profiles += 1)} GmbH`,
  brand_name: 'Neuer Händler',
  description: 'Frische Ware jeden Tag.',
  vatin: 'DE 123 456 789',
  telephone: '+49 89 1234 567',
  email: 'info@neu.example.com',
  website: 'https://neu.example.com',
  social: {
    facebook: 'https://facebook.com/neu',
    twitter: '',
    youtube: '',
    pinterest: '',
    instagram: 'https://instagram.com/neu',
  },
  contacts: [{ type: 'phone', value: '+49 89 1' }],
  coreg_enabled: false,
  coreg_default_suitable: false,
  coreg_terms: { sponsor_name: '', unsubscribe_email: '', privacy_url: '', contact_text: '' },
  ...overrides,
});

/** Starts the test app with the demo data for the file's tests, its users signed in. */
export function useMerchantsApp(): void {
  beforeAll(async () => {
    t = await createTestApp({}, { seed: 'demo' });
    // A person with no merchant yet, who signs in with a password like everyone.
    await t.ctx.db
      .insert(users)
      .values({ email: 'fresh@example.com', passwordHash: await hashPassword('demo') });
    await t.signInAs('admin', 'agency', 'owner', 'silver', 'staff', 'multi', 'fresh');
    ids.sonnenschein = await t.merchantId('Bäckerei Sonnenschein');
    ids.adler = await t.merchantId('Modehaus Adler');
    ids.silberblick = await t.merchantId('Café Silberblick');
  });
  afterAll(async () => {
    await t.close();
  });
}
