/**
 * Idempotent requests (docs/api.md, "Idempotent requests"), as Stripe's API
 * has them: a POST of the merchant API that carries an `Idempotency-Key`
 * header runs once per caller and key. A retry with the same key and the
 * same request within 24 hours gets the first answer again (with
 * `Idempotent-Replayed: true`), without running; the same key with another
 * request is refused (422), and while the first request still runs a second
 * one is refused too (409), so that concurrent duplicates create one record.
 *
 * The key is taken after the request passed authentication and validation:
 * a refused body (400) keeps no key, and a retry with a corrected body runs.
 * Answers 2xx and 4xx are kept; a 5xx or a request that ends without an
 * answer frees the key for the retry. A key held by a request that never
 * answered (its process died) is freed after LOCK_SECONDS.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { AppError } from '../errors.js';
import { decryptSecret, encryptSecret } from '../identity/totp.js';
import { eraseJob, type JobContext } from '../jobs/definition.js';
import { recurringJobPolicy } from '../jobs/recurring.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key is kept: a retry within this time gets the first answer. */
export const IDEMPOTENCY_HOURS = 24;
/** How long a request may hold its key without answering before a retry may take it. */
const LOCK_SECONDS = 120;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request holds, and the answer it is going to give (kept encrypted when sealed). */
    idempotency?: { caller: string; key: string; payload?: unknown; sealed?: boolean };
  }
}

/** The request as compared: method, path and query, and the validated body (or a multipart body's size). */
function requestHash(request: FastifyRequest): string {
  const body = request.isMultipart()
    ? `multipart:${request.headers['content-length'] ?? ''}`
    : JSON.stringify(request.body ?? null);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

type KeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Takes the key for this request: inserted, or taken over when it expired or
 * its holder never answered. Otherwise the row that holds it.
 */
async function takeKey(
  db: DbOrTx,
  values: { caller: string; key: string; requestHash: string },
): Promise<{ taken: true } | { taken: false; row: KeyRow }> {
  const [inserted] = await db
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoUpdate({
      target: [idempotencyKeys.caller, idempotencyKeys.key],
      set: {
        requestHash: values.requestHash,
        responseStatus: null,
        responseBody: null,
        createdAt: sql`now()`,
        lockedAt: sql`now()`,
      },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})
        or (${idempotencyKeys.responseStatus} is null
          and ${idempotencyKeys.lockedAt} < now() - make_interval(secs => ${LOCK_SECONDS}))`,
    })
    .returning({ caller: idempotencyKeys.caller });
  if (inserted) return { taken: true };
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.caller, values.caller), eq(idempotencyKeys.key, values.key)));
  // Deleted between the two statements (its request failed): taken on the next try.
  if (!row) throw new AppError(409, 'idempotency_key_in_use');
  return { taken: false, row };
}

/** The start of a kept answer that is encrypted (JSON text never starts so). */
const SEALED_PREFIX = 'sealed:';

/**
 * Marks the request's answer as one that carries a secret: if it holds an
 * idempotency key, its answer is kept encrypted, never as plain text.
 */
export function sealIdempotentAnswer(request: FastifyRequest): void {
  if (request.idempotency) request.idempotency.sealed = true;
}

function replay(reply: FastifyReply, row: KeyRow, secretsKey: Buffer): FastifyReply {
  const kept = row.responseBody ?? 'null';
  const body = kept.startsWith(SEALED_PREFIX)
    ? decryptSecret(secretsKey, kept.slice(SEALED_PREFIX.length))
    : kept;
  // A sealed answer the key cannot open (the key was replaced) is not given again.
  if (body === undefined) throw new AppError(422, 'idempotency_key_reused');
  reply.header(REPLAYED_HEADER, 'true');
  return reply.code(row.responseStatus ?? 200).send(JSON.parse(body));
}

/**
 * Makes the POST routes of a scope idempotent by key. `callerOf` names the
 * caller of an authenticated request (undefined: the request is not keyed).
 */
export function registerIdempotency(
  app: FastifyInstance,
  options: {
    db: Db;
    callerOf: (request: FastifyRequest) => string | undefined;
    /** Encrypts the kept answers that carry a secret (the two-factor secrets' key). */
    secretsKey: Buffer;
  },
): void {
  const { db, secretsKey } = options;
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new AppError(400, 'invalid_value', 'idempotency-key');
    }
    const caller = options.callerOf(request);
    if (caller === undefined) return;
    const hash = requestHash(request);
    const taken = await takeKey(db, { caller, key, requestHash: hash });
    if (taken.taken) {
      request.idempotency = { caller, key };
      return;
    }
    const { row } = taken;
    if (row.requestHash !== hash) throw new AppError(422, 'idempotency_key_reused');
    if (row.responseStatus === null) throw new AppError(409, 'idempotency_key_in_use');
    return replay(reply, row, secretsKey);
  });

  // The answer as the handler gave it, before it is serialised (and compressed).
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.idempotency) request.idempotency.payload = payload;
    return payload;
  });

  // Kept before the answer leaves, so that a retry right after it finds the answer.
  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    request.idempotency = undefined;
    const where = and(eq(idempotencyKeys.caller, held.caller), eq(idempotencyKeys.key, held.key));
    if (reply.statusCode >= 500 || held.payload === undefined) {
      await db.delete(idempotencyKeys).where(where);
    } else {
      const body = JSON.stringify(held.payload);
      await db
        .update(idempotencyKeys)
        .set({
          responseStatus: reply.statusCode,
          responseBody: held.sealed ? `${SEALED_PREFIX}${encryptSecret(secretsKey, body)}` : body,
        })
        .where(where);
    }
    return payload;
  });

  // A request whose client went away before the answer frees its key.
  app.addHook('onRequestAbort', async (request) => {
    const held = request.idempotency;
    if (!held) return;
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.caller, held.caller),
          eq(idempotencyKeys.key, held.key),
          sql`${idempotencyKeys.responseStatus} is null`,
        ),
      );
  });
}

/** Deletes the keys past their 24 hours; hourly, across all processes. */
export const idempotencyCleanupJob = eraseJob<object, JobContext>({
  name: 'idempotency-cleanup',
  queue: recurringJobPolicy,
  everySeconds: (config) => (config.campaigns.schedulerIntervalSeconds === 0 ? 0 : 3600),
  async run(ctx) {
    await ctx.db
      .delete(idempotencyKeys)
      .where(
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`),
      );
  },
});
