/** The API keys the consumer app sends its events with (POST /api/ingest/events). */
import { z } from 'zod';

/** A key as the admins' screen lists it. */
export const ZApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, to recognise it; the key itself is shown once. */
  prefix: z.string(),
  created: z.string(),
  created_by: z.string().nullable(),
  last_used: z.string().nullable(),
  revoked: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
export const ZApiKeyList = z.object({ keys: z.array(ZApiKey) });
export type TApiKeyList = z.infer<typeof ZApiKeyList>;
export const ZApiKeyCreateBody = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .meta({ examples: ['Consumer app (production)'] }),
});
export const ZApiKeyCreated = z.object({ key: ZApiKey, secret: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;
