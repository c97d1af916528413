/**
 * Password hashing: Argon2id (@node-rs/argon2) with at least OWASP's
 * parameters (19 MiB, 2 passes, 1 lane), stored in the PHC form
 * `$argon2id$v=19$m=…,t=…,p=…$salt$hash`. Hashes of earlier versions
 * (`scrypt$N$r$p$salt$hash`, node:crypto) still verify; needsRehash() says
 * that a sign-in should store the password again as Argon2id.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { users } from '../db/schema.js';

/** Argon2id (a `const enum` in the library's types, so spelt out here). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- an ambient const enum cannot be read under isolatedModules
const ARGON2ID = 2 as Algorithm;
/** OWASP's password storage cheat sheet: m=19 MiB, t=2, p=1. */
const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const ARGON2_PREFIX = '$argon2id$';

const SCRYPT_KEY_LENGTH = 64;

function scryptDerive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      SCRYPT_KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** The password as hashed: NFKC, so that the same characters typed differently match. */
const normalised = (password: string) => password.normalize('NFKC');

export async function hashPassword(password: string): Promise<string> {
  return hash(normalised(password), { ...ARGON2_PARAMS, algorithm: ARGON2ID });
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hashed] = stored.split('$');
  if (!n || !r || !p || !salt || !hashed) return false;
  const expected = Buffer.from(hashed, 'base64url');
  const actual = await scryptDerive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    if (stored.startsWith(ARGON2_PREFIX)) return await verify(stored, normalised(password));
    if (stored.startsWith('scrypt$')) return await verifyScrypt(password, stored);
  } catch {
    // A malformed stored hash verifies nothing.
  }
  return false;
}

/**
 * Whether a hash that has just verified should be replaced by a new one:
 * any scheme but Argon2id, or Argon2id weaker than the parameters used now.
 */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith(ARGON2_PREFIX)) return true;
  try {
    const options = parseOptions(stored);
    return (
      options.memoryCost < ARGON2_PARAMS.memoryCost ||
      options.timeCost < ARGON2_PARAMS.timeCost ||
      options.parallelism < ARGON2_PARAMS.parallelism
    );
  } catch {
    return true;
  }
}

/**
 * Stores the password, which has just verified against `verifiedHash`, as a
 * new hash, but only while the user's stored hash is still that one (a
 * password changed meanwhile is never overwritten). The new hash when it
 * was stored; undefined when the stored hash had changed.
 */
export async function storeRehash(
  db: DbOrTx,
  userId: string,
  { password, verifiedHash }: { password: string; verifiedHash: string },
): Promise<string | undefined> {
  const passwordHash = await hashPassword(password);
  const rows = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, verifiedHash)))
    .returning({ id: users.id });
  return rows.length > 0 ? passwordHash : undefined;
}

/** A hash of a random password, compared against when the email is unknown, so timing says nothing. */
export const DUMMY_HASH = hashPassword(randomBytes(16).toString('hex'));
