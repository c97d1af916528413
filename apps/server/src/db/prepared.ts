/**
 * Prepared statements, kept by query shape. A hot query is built once per
 * process (drizzle renders its SQL once) and, on PostgreSQL, parsed and
 * planned once per connection instead of on every call (a named statement).
 * The shapes of a query must be finite: every key is kept for the process's
 * lifetime.
 */
import type { DbOrTx } from './client.js';

const byDatabase = new WeakMap<DbOrTx, Map<string, unknown>>();
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

export function prepared<T>(
  db: DbOrTx,
  key: string,
  prepare: (name: string) => T,
  options: PreparedOptions = {},
): T {
  let cache = byDatabase.get(db);
  if (!cache) {
    cache = new Map();
    byDatabase.set(db, cache);
  }
  if (cache.has(key)) return cache.get(key) as T;
  let name = names.get(key);
  if (!name) {
    name = `prepared_${names.size + 1}`;
    names.set(key, name);
  }
  const query = prepare(options.planEachCall ? '' : name);
  cache.set(key, query);
  return query;
}
