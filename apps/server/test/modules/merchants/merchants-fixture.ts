/**
 * What the merchant profile tests share: the app with its merchants,
 * their users signed in and the merchants' ids, and a valid profile.
 */
import { afterAll, beforeAll } from 'vitest';
import {
  createAdmin,
  createAgency,
  createMerchant,
  createMerchantWithOwner,
  createPerson,
} from '../../factories/index.js';
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
  contacts: [{ type: 'phone' as const, value: '+49 89 1' }],
  coreg_enabled: false,
  coreg_default_suitable: false,
  coreg_terms: { sponsor_name: '', unsubscribe_email: '', privacy_url: '', contact_text: '' },
  ...overrides,
});

/** Starts the test app for the file's tests: its merchants, their users signed in. */
export function useMerchantsApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    // A level-0 merchant with its owner (single-merchant mode) and a staff member.
    const basic = await createMerchantWithOwner(t.ctx.db);
    const silver = await createMerchantWithOwner(t.ctx.db, {
      name: 'Café Silberblick KG',
      level: 1,
    });
    ids.sonnenschein = basic.merchant.id;
    ids.silberblick = silver.merchant.id;
    ids.adler = (await createMerchant(t.ctx.db, { name: 'Modehaus Adler GmbH', level: 1 })).id;
    const berger = await createMerchant(t.ctx.db);
    await t.signInAs({
      admin: await createAdmin(t.ctx.db),
      agency: await createAgency(t.ctx.db, [ids.adler, berger.id]),
      owner: basic.owner,
      silver: silver.owner,
      staff: await createPerson(t.ctx.db, {
        memberships: [{ merchantId: ids.sonnenschein, roles: ['manage-campaigns'] }],
      }),
      // A member of several merchants with every role.
      multi: await createPerson(t.ctx.db, { memberships: [ids.adler, berger.id] }),
      // A person with no merchant yet, who signs in with a password like everyone.
      fresh: await createPerson(t.ctx.db),
    });
  });
  afterAll(async () => {
    await t.close();
  });
}
