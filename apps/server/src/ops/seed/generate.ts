/**
 * Generates a large data set for benchmarks: merchants, one owner account
 * each, an admin, and campaigns spread over the merchants with every type,
 * status and runtime the list can filter on. Inserted in batches.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  ACCOUNT_ROLES,
  APPROVED_STATUSES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  emptyCampaignContent,
  type CampaignStatus,
} from '@backoffice/domain';
import type { Db } from '../../platform/db/client.js';
import { accounts, campaigns, merchants, users } from '../../platform/db/schema.js';
import { validationColumns } from '../../modules/campaigns/index.js';
import { hashPassword } from '../../platform/identity/passwords.js';

export interface GenerateOptions {
  merchants: number;
  campaignsPerMerchant: number;
  password: string;
}

export const loadUserEmail = (index: number) => `owner-${index}@load.test`;
export const LOAD_ADMIN_EMAIL = 'admin@load.test';

const BATCH = 1000;
const DAY = 24 * 3600_000;
const WORDS = [
  'Sommer',
  'Winter',
  'Rabatt',
  'Gewinnspiel',
  'Gutschein',
  'Aktion',
  'Kaffee',
  'Brot',
  'Schuhe',
  'Reise',
];

/**
 * The status the server's scheduler leaves an approved campaign in: active
 * while it runs, ended after it (the data of a product that has been running).
 */
function scheduled(
  status: CampaignStatus,
  { start, end }: { start: number; end: number },
  now: number,
): CampaignStatus {
  if (!APPROVED_STATUSES.includes(status)) return status;
  if (end <= now) return 'ended';
  return start <= now ? 'active' : 'approved';
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH)
    await insert(rows.slice(start, start + BATCH));
}

/** Deterministic pseudo-random numbers, so that two runs generate the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export async function generateLoad(db: Db, options: GenerateOptions): Promise<void> {
  const passwordHash = await hashPassword(options.password);
  const next = random(42);
  const merchantRows = Array.from({ length: options.merchants }, (_, index) => ({
    id: randomUUID(),
    name: `Lasthändler ${String(index + 1).padStart(4, '0')}`,
    brandName: `Marke ${index + 1}`,
    level: index % 3,
  }));
  await insertInBatches(merchantRows, (batch) => db.insert(merchants).values(batch));
  const userRows = merchantRows.map((_, index) => ({
    id: randomUUID(),
    email: loadUserEmail(index + 1),
    passwordHash,
  }));
  userRows.push({ id: randomUUID(), email: LOAD_ADMIN_EMAIL, passwordHash });
  await insertInBatches(userRows, (batch) => db.insert(users).values(batch));
  await db.update(users).set({ level: 'admin' }).where(eqEmail(LOAD_ADMIN_EMAIL));
  const accountRows = merchantRows.map((merchant, index) => ({
    merchantId: merchant.id,
    userId: String(userRows[index]?.id),
    roles: [...ACCOUNT_ROLES],
  }));
  await insertInBatches(accountRows, (batch) => db.insert(accounts).values(batch));

  const now = Date.now();
  const campaignRows = merchantRows.flatMap((merchant) =>
    Array.from({ length: options.campaignsPerMerchant }, () => {
      const start = now + Math.round((next() * 360 - 180) * DAY);
      const end = start + Math.round((1 + next() * 60) * DAY);
      const status = scheduled(
        CAMPAIGN_STATUSES[Math.floor(next() * CAMPAIGN_STATUSES.length)] ?? 'created',
        { start, end },
        now,
      );
      const word = () => WORDS[Math.floor(next() * WORDS.length)] ?? '';
      const title = `${word()} ${word()} ${Math.floor(next() * 10_000)}`;
      const columns = {
        type: CAMPAIGN_TYPES[Math.floor(next() * CAMPAIGN_TYPES.length)] ?? 'coupon/percent',
        title: { de: title, en: title },
        content: emptyCampaignContent(),
        validFrom: new Date(start),
        validUntil: new Date(end),
        imagePath: null,
      };
      return {
        ...columns,
        ...validationColumns(columns),
        merchantId: merchant.id,
        status,
        modifiedAt: new Date(now - Math.floor(next() * 365 * DAY)),
        createdAt: new Date(now - Math.floor(next() * 400 * DAY)),
      };
    }),
  );
  await insertInBatches(campaignRows, (batch) => db.insert(campaigns).values(batch));
  // Planner statistics and the visibility map, as autovacuum keeps them in a database in use.
  await db.execute(sql`vacuum analyze`);
}

const eqEmail = (email: string) => eq(users.email, email);
