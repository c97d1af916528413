/**
 * Merchants as the merchant table holds them: a name (unique as German
 * readers compare names), a brand name and a level (0 basic, 1 silver,
 * 2 gold), valid unless told otherwise.
 */
import type { DbOrTx } from '../../src/platform/db/client.js';
import { merchants } from '../../src/platform/db/schema.js';

export interface MerchantOptions {
  name?: string;
  brandName?: string | null;
  internalName?: string | null;
  /** 0 basic (the default), 1 silver, 2 gold. */
  level?: number;
  isValid?: boolean;
  /** Reasons the merchant is invalid, shown beside the red bell. */
  errors?: string[];
  email?: string | null;
  telephone?: string | null;
  coregEnabled?: boolean;
}

export interface CreatedMerchant {
  id: string;
  name: string;
  brandName: string | null;
  level: number;
}

let merchantCount = 0;

/** Inserts a merchant; without a name it gets a unique one ("Merchant 1 GmbH", ...). */
export async function createMerchant(
  db: DbOrTx,
  options: MerchantOptions = {},
): Promise<CreatedMerchant> {
  merchantCount += 1;
  const name = options.name ?? `Merchant ${merchantCount} GmbH`;
  const brandName =
    options.brandName === undefined ? name.replace(/ GmbH$/, '') : options.brandName;
  const [row] = await db
    .insert(merchants)
    .values({
      name,
      brandName,
      internalName: options.internalName ?? null,
      level: options.level ?? 0,
      isValid: options.isValid ?? true,
      errors: options.errors ?? [],
      email: options.email ?? null,
      telephone: options.telephone ?? null,
      coregEnabled: options.coregEnabled ?? false,
    })
    .returning({ id: merchants.id });
  if (!row) throw new Error('the merchant was not inserted');
  return { id: row.id, name, brandName, level: options.level ?? 0 };
}
