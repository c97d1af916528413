/**
 * Demo data for `npm start` on the embedded database: one account per kind
 * of user, so every behaviour of the shell can be tried. Password `demo`.
 * Created once (remembered in system_settings), never outside demo mode.
 */
import { eq } from 'drizzle-orm';
import type { AccountRole, UserLevel } from '@backoffice/domain';
import { ACCOUNT_ROLES } from '@backoffice/domain';
import type { DemoAccountInfo } from '../../platform/context.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { accounts, merchants, systemSettings, users } from '../../platform/db/schema.js';
import { hashPassword } from '../../platform/identity/passwords.js';

export const DEMO_PASSWORD = 'demo';
const SEEDED_KEY = 'demo_seeded_at';

export interface DemoMerchant {
  key: string;
  name: string;
  brandName: string;
  level: number;
  errors?: string[];
}

export const DEMO_MERCHANTS: readonly DemoMerchant[] = [
  {
    key: 'sonnenschein',
    name: 'Bäckerei Sonnenschein GmbH',
    brandName: 'Bäckerei Sonnenschein',
    level: 0,
  },
  { key: 'silberblick', name: 'Café Silberblick KG', brandName: 'Café Silberblick', level: 1 },
  { key: 'adler', name: 'Modehaus Adler GmbH', brandName: 'Modehaus Adler', level: 1 },
  { key: 'berger', name: 'Sportwelt Berger e.K.', brandName: 'Sportwelt Berger', level: 0 },
  { key: 'keller', name: 'Autohaus Keller GmbH', brandName: 'Autohaus Keller', level: 2 },
  { key: 'lindner', name: 'Blumen Lindner', brandName: 'Blumen Lindner', level: 0 },
  {
    key: 'huber',
    name: 'Getränke Huber OHG',
    brandName: 'Getränke Huber',
    level: 0,
    errors: ['Kein Ansprechpartner definiert!'],
  },
  { key: 'wagner', name: 'Buchhandlung Wagner', brandName: 'Wagners Bücherstube', level: 1 },
  { key: 'schmid', name: 'Elektro Schmid GmbH', brandName: 'Elektro Schmid', level: 0 },
  { key: 'fischer', name: 'Fischer Feinkost', brandName: 'Feinkost Fischer', level: 0 },
  { key: 'weber', name: 'Weber Reisen GmbH', brandName: 'Weber Reisen', level: 1 },
  { key: 'meyer', name: 'Optik Meyer', brandName: 'Optik Meyer', level: 0 },
  { key: 'schulz', name: 'Schulz Spielwaren', brandName: 'Spielwaren Schulz', level: 0 },
  { key: 'koch', name: 'Kochstudio Koch', brandName: 'Kochstudio', level: 0 },
];

const ALL: AccountRole[] = [...ACCOUNT_ROLES];

interface DemoUser {
  email: string;
  level: UserLevel;
  description: string;
  memberships: { merchant: string; roles: AccountRole[] }[];
}

const MULTI_MERCHANTS = [
  'adler',
  'berger',
  'keller',
  'lindner',
  'huber',
  'wagner',
  'schmid',
  'fischer',
  'weber',
  'meyer',
  'schulz',
  'koch',
];

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@example.com',
    level: 'admin',
    description: 'Administrator: alle Händler',
    memberships: [],
  },
  {
    email: 'agency@example.com',
    level: 'agency',
    description: 'Agentur: zwei Händler',
    memberships: [
      { merchant: 'adler', roles: ALL },
      { merchant: 'berger', roles: ALL },
    ],
  },
  {
    email: 'owner@example.com',
    level: 'other',
    description: 'Inhaber eines Basic-Händlers (Level 0), alle Rollen',
    memberships: [{ merchant: 'sonnenschein', roles: ALL }],
  },
  {
    email: 'silver@example.com',
    level: 'other',
    description: 'Inhaber eines Silber-Händlers (Level 1)',
    memberships: [{ merchant: 'silberblick', roles: ALL }],
  },
  {
    email: 'staff@example.com',
    level: 'other',
    description: 'Mitarbeiter: nur Kampagnen verwalten',
    memberships: [{ merchant: 'sonnenschein', roles: ['manage-campaigns'] }],
  },
  {
    email: 'multi@example.com',
    level: 'other',
    description: 'Mitglied von zwölf Händlern',
    memberships: MULTI_MERCHANTS.map((merchant) => ({
      merchant,
      roles:
        merchant === 'huber' ? ['manage-merchant', 'manage-campaigns', 'manage-accounts'] : ALL,
    })),
  },
];

export const DEMO_ACCOUNTS: readonly DemoAccountInfo[] = DEMO_USERS.map(
  ({ email, description }) => ({
    email,
    description,
  }),
);

const isSeeded = async (db: DbOrTx): Promise<boolean> =>
  (await db.select().from(systemSettings).where(eq(systemSettings.key, SEEDED_KEY))).length > 0;

/**
 * Creates the demo data unless it exists. Returns true when it created it.
 * Every start in demo mode asks; the password is hashed (Argon2id, some 30 ms)
 * only when the accounts are created, and outside the transaction.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  if (await isSeeded(db)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Another process may have seeded meanwhile (several servers starting on one database).
    if (await isSeeded(tx)) return false;
    const merchantIds = new Map<string, string>();
    for (const merchant of DEMO_MERCHANTS) {
      const [row] = await tx
        .insert(merchants)
        .values({
          name: merchant.name,
          brandName: merchant.brandName,
          level: merchant.level,
          // No admin marked a demo merchant invalid: its errors alone show the bell.
          isValid: true,
          errors: merchant.errors ?? [],
        })
        .returning({ id: merchants.id });
      if (row) merchantIds.set(merchant.key, row.id);
    }
    for (const user of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({ email: user.email, passwordHash, level: user.level, locale: 'de' })
        .returning({ id: users.id });
      if (!row) continue;
      const values = user.memberships.flatMap((membership) => {
        const merchantId = merchantIds.get(membership.merchant);
        return merchantId ? [{ merchantId, userId: row.id, roles: membership.roles }] : [];
      });
      if (values.length > 0) await tx.insert(accounts).values(values);
    }
    await tx.insert(systemSettings).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return true;
  });
}
