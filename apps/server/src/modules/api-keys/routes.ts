/** Admins create, list and revoke the API keys the consumer app sends participation data with. */
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiKeyCreateBody,
  ZApiKeyCreated,
  ZApiKeyList,
  ZUuid,
  type TApiKey,
} from '@backoffice/domain';
import { z } from 'zod';
import { requireAdmin } from '../../access/admin.js';
import { newApiKeySecret } from '../../access/api-keys.js';
import { apiKeys, users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { currentUser } from '../users/current-user.js';

type KeyRow = typeof apiKeys.$inferSelect;

const toApiKey = (key: KeyRow, createdBy: string | null): TApiKey => ({
  id: key.id,
  name: key.name,
  prefix: key.prefix,
  created: key.createdAt.toISOString(),
  created_by: createdBy,
  last_used: key.lastUsedAt?.toISOString() ?? null,
  revoked: key.revokedAt?.toISOString() ?? null,
});

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['api-keys'];

  app.get(
    '/admin/api-keys',
    {
      schema: {
        tags,
        summary: 'Admins: the API keys of the consumer app',
        response: { 200: ZApiKeyList },
      },
    },
    async (request) => {
      requireAdmin(await currentUser(request));
      const rows = await db
        .select({ key: apiKeys, email: users.email })
        .from(apiKeys)
        .leftJoin(users, eq(users.id, apiKeys.createdBy))
        .orderBy(desc(apiKeys.createdAt));
      return { keys: rows.map((row) => toApiKey(row.key, row.email)) };
    },
  );

  app.post(
    '/admin/api-keys',
    {
      schema: {
        tags,
        summary: 'Admins: creates an API key; its secret is in this answer only',
        body: ZApiKeyCreateBody,
        response: { 200: ZApiKeyCreated },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      requireAdmin(user);
      const { secret, keyHash, prefix } = newApiKeySecret();
      const [key] = await db
        .insert(apiKeys)
        .values({ name: request.body.name, keyHash, prefix, createdBy: user.id })
        .returning();
      if (!key) throw new Error('insert returned no key');
      return { key: toApiKey(key, user.email), secret };
    },
  );

  app.delete(
    '/admin/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Admins: revokes an API key (at once, for every server process)',
        params: z.object({ id: ZUuid }),
        response: { 200: ZApiKeyList.shape.keys.element },
      },
    },
    async (request) => {
      requireAdmin(await currentUser(request));
      const [key] = await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
        .where(eq(apiKeys.id, request.params.id))
        .returning();
      if (!key) throw notFound();
      return toApiKey(key, null);
    },
  );
};
