/**
 * Prepared statements, kept by query shape. A hot query is built once per
 * process and driver (drizzle renders its SQL once) and, on PostgreSQL, parsed
 * and planned once per connection instead of on every call (a named
 * statement). The shapes of a query must be finite: every key is kept for the
 * process's lifetime.
 *
 * drizzle binds a prepared query to the connection of the database or
 * transaction it was prepared on, and every transaction is a new one. So the
 * query is built once, on whichever comes first, and a call from another
 * database or transaction of the same driver gets a copy bound to that one's
 * connection: inside a transaction it runs on the transaction's connection,
 * sees its uncommitted rows and holds its locks (test/platform/db/prepared.test.ts).
 */
import type { DbOrTx } from './client.js';

/** What the copy replaces: drizzle's prepared queries and sessions keep their connection as `client`. */
interface Bound {
  client: unknown;
}

/** Built queries by driver (the session's class: node-postgres or PGlite), then by key. */
const byDriver = new WeakMap<object, Map<string, Bound>>();
/** Statement names by key, the same for every database: one key always renders one SQL text. */
const names = new Map<string, string>();

export interface PreparedOptions {
  /**
   * Plan on every call, with the call's values (an unnamed statement; the SQL
   * is still built once): for a query whose best plan depends on a value,
   * which a cached generic plan cannot know.
   */
  planEachCall?: boolean;
}

function sessionOf(db: DbOrTx): Bound {
  return (db as unknown as { session: Bound }).session;
}

/**
 * The query of `key` (its shape), built by `prepare` with the statement's
 * name the first time; a key with options is written `{ key, planEachCall }`.
 */
export function prepared<T>(
  db: DbOrTx,
  shape: string | ({ key: string } & PreparedOptions),
  prepare: (name: string) => T,
): T {
  const { key, ...options } = typeof shape === 'string' ? { key: shape } : shape;
  const session = sessionOf(db);
  let cache = byDriver.get(session.constructor);
  if (!cache) {
    cache = new Map();
    byDriver.set(session.constructor, cache);
  }
  const built = cache.get(key);
  if (!built) {
    let name = names.get(key);
    if (!name) {
      name = `prepared_${names.size + 1}`;
      names.set(key, name);
    }
    const query = prepare(options.planEachCall ? '' : name);
    cache.set(key, query as Bound);
    return query;
  }
  if (built.client === session.client) return built as T;
  return Object.assign(Object.create(Object.getPrototypeOf(built) as object) as Bound, built, {
    client: session.client,
  }) as T;
}
