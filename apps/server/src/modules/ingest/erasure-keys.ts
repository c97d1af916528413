/**
 * The keys that stand for erased participants in their tombstones
 * (`erased_participants`): HMAC-SHA256 of the pseudonymous id under the
 * installation's `erasure` secret, so that a tombstone names nobody (an id
 * cannot be found from its key by trying ids without the secret, which lives
 * with the data and goes with its backups). The secret is made at first use,
 * once for every process, and read once per process and database.
 */
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Db } from '../../platform/db/client.js';
import { installationSecret } from './privacy-queries.js';

const SECRET_NAME = 'erasure';

const secrets = new WeakMap<Db, Promise<KeyObject>>();

/**
 * The secret as a key object: Node checks a plain key on every createHmac,
 * which cost about six times the HMAC itself (a fifth of the ingest's CPU).
 */
function erasureSecret(db: Db): Promise<KeyObject> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = installationSecret(db, SECRET_NAME, randomBytes(32).toString('hex')).then((hex) =>
      createSecretKey(Buffer.from(hex, 'hex')),
    );
    // A failed read is tried again by the next caller, not kept.
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

/** The tombstone key of each participant id. */
export async function erasureKeys(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
  const secret = await erasureSecret(db);
  const keys = new Map<string, string>();
  for (const id of ids) {
    if (!keys.has(id)) keys.set(id, createHmac('sha256', secret).update(id).digest('hex'));
  }
  return keys;
}
