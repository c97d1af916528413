/**
 * Request-size limits of every route, in one place (issue 16, browser
 * safety). A route declares what it accepts with Fastify's own `bodyLimit`
 * option, taken from bodyLimits() below (or uploadRoute() for a file
 * upload); a route that declares nothing gets DEFAULT_BODY_LIMIT, set by the
 * onRoute hook of registerBodyLimits(). A body over its route's limit is
 * answered 413 `request_too_large` (errors.ts) before the route runs.
 *
 * Fastify counts the bytes of the bodies it parses itself (JSON, forms);
 * multipart bodies are streamed to @fastify/multipart, which reads the raw
 * request past Fastify's count, so the declared length is checked here for
 * every request, and the upload's file stays within the route's file limit
 * (readSingleUpload). An upload route answers both with its own key
 * (`upload_too_large`, `image_too_large`), as the upload forms show it. A multipart body sent without a declared length is
 * bounded by the multipart limits (one file, ten fields of 1 KiB).
 */
import {
  ACCESS_CODE_IMPORT_MAX_BYTES,
  ACCESS_CODE_IMPORT_MAX_LINES,
  CAMPAIGN_TEXT_LIMITS as TEXT,
  CODE_MAX_LENGTH,
  CODES_PER_REQUEST_MAX,
  INGEST_BATCH_MAX,
} from '@backoffice/domain';
import type { MessageKey } from '@backoffice/domain';
import { errorCodes, type FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload route's file limit in bytes (uploadRoute()); readSingleUpload reads it. */
    uploadMaxBytes?: number;
    /** The key an upload route answers a file or body over its limit with. */
    uploadTooLarge?: MessageKey;
  }
}

const KiB = 1024;

/**
 * Any route that declares no limit of its own: every small JSON or form
 * body. The largest of them, a merchant profile with every text at its limit
 * in three-byte characters, is about 62 KiB.
 */
export const DEFAULT_BODY_LIMIT = 128 * KiB;

/** Room for the structure around the texts of a body (keys, numbers, brackets), and a multipart form's fields and boundaries. */
const STRUCTURE = 64 * KiB;

/** At most this many bytes per UTF-16 code unit of a text in JSON (a character of the BMP in UTF-8). */
const BYTES_PER_CODE_UNIT = 3;

/** The longest ingest event (ZIngestEvent): ids, a profile with 20 kids, a 100-character code. */
export const INGEST_EVENT_MAX_BYTES = 2 * KiB;

/**
 * The limits of the routes whose largest legitimate body is over the
 * default, each derived from the domain's own limits of what the body holds.
 */
export function bodyLimits(config: Config) {
  const locales = Math.max(1, config.web.availableLocales.length);
  /** Every text of a campaign at its limit (spec §3 and text-limits.ts), in every locale. */
  const campaignTextUnits =
    locales * (TEXT.title + TEXT.short_description + TEXT.description) +
    50 * TEXT.rule +
    TEXT.landing_page +
    TEXT.thank_you_text +
    30 * TEXT.tag +
    100 * (TEXT.prize_name + TEXT.prize_short_description + TEXT.prize_winner_instructions) +
    TEXT.coupon_single_code +
    TEXT.coupon_action_instructions;
  return {
    /** POST /campaigns/{id}: a save with every text at its limit (about 2.3 MiB). */
    campaignSave: campaignTextUnits * BYTES_PER_CODE_UNIT + STRUCTURE,
    /** POST /ingest/events: 1,000 events of the longest kind (2 MiB). */
    ingestBatch: INGEST_BATCH_MAX * INGEST_EVENT_MAX_BYTES + STRUCTURE,
    /** POST /campaigns/{id}/multiple-codes: 100,000 codes of 64 characters as a JSON list (about 6.5 MiB). */
    codeList: CODES_PER_REQUEST_MAX * (CODE_MAX_LENGTH + 3) + STRUCTURE,
    /** POST /access-code-sets/{id}/codes: the 8 MiB text of an import, each line break escaped in JSON. */
    accessCodeText: ACCESS_CODE_IMPORT_MAX_BYTES + 2 * ACCESS_CODE_IMPORT_MAX_LINES + STRUCTURE,
  };
}

/**
 * Route options of a file upload: the file's limit, the body's with room for
 * the form around it, and the message key of a file over the limit
 * ('Die Datei ist zu groß.'), which a body over the limit gets too.
 */
export function uploadRoute(fileMaxBytes: number, tooLarge: MessageKey) {
  return {
    bodyLimit: fileMaxBytes + STRUCTURE,
    config: { uploadMaxBytes: fileMaxBytes, uploadTooLarge: tooLarge },
  };
}

/** A route's limits as registered: its body limit, and its file limit when it takes an upload. */
export interface RouteBodyLimit {
  bodyLimit: number;
  uploadMaxBytes?: number;
  uploadTooLarge?: MessageKey;
}

const registered = new WeakMap<FastifyInstance, Map<string, RouteBodyLimit>>();

/** The limits of every route of an app by `METHOD /path` (the routes that come with the API docs too). */
export function routeBodyLimits(app: FastifyInstance): ReadonlyMap<string, RouteBodyLimit> {
  return registered.get(app) ?? new Map();
}

/**
 * Gives every route registered after it its limit (the declared one, else
 * the default), and refuses a body whose declared length is over the
 * route's limit before it is read. Call before any route is registered.
 */
export function registerBodyLimits(app: FastifyInstance): void {
  const limits = new Map<string, RouteBodyLimit>();
  registered.set(app, limits);
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= DEFAULT_BODY_LIMIT;
    const entry: RouteBodyLimit = { bodyLimit: route.bodyLimit };
    const { uploadMaxBytes, uploadTooLarge } = route.config ?? {};
    if (uploadMaxBytes !== undefined) entry.uploadMaxBytes = uploadMaxBytes;
    if (uploadTooLarge !== undefined) entry.uploadTooLarge = uploadTooLarge;
    for (const method of [route.method].flat()) limits.set(`${method} ${route.url}`, entry);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const declared = Number(request.headers['content-length']);
    if (declared > request.routeOptions.bodyLimit) {
      const tooLarge = request.routeOptions.config.uploadTooLarge;
      throw tooLarge
        ? new AppError(413, tooLarge, 'upload')
        : new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    }
    return payload;
  });
}
