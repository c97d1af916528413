/**
 * Uploaded images off the request path (docs/decisions/047-image-processing-off-request.md).
 * An upload is checked by its header and stored as received under the key
 * the product refers to (imagePath); its row in `image_files` says which
 * format it is shown in (size and crop). On the key's first request the
 * format is made and written in the upload's place, the upload kept beside
 * it as received (…/<uuid>.original.jpg); the sizes asked for with
 * `?width=&height=` are made from the format and kept too (…/<uuid>.100x50.jpg).
 * Later requests read the file alone.
 *
 * Each made file has its row, written before the file: it is what the file
 * is made of, and the claim of the one process that makes it (two server
 * processes on one database make a file once; a request that finds it
 * claimed waits for it). An upload is never served as received: a key's
 * file is served only once its row says it is made, or when it has no row
 * (stored made: before this change, and the demo data). Removing an image
 * removes its upload, every file made from it and their rows. */
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { imageFiles, type ImageCropColumn } from '../db/schema.js';
import { ImageRejectedError, ImageWorkBusyError, makeFormat, resizeStoredImage } from './images.js';
import { originalKey, sizeKey, type FileStorage } from './storage.js';

/** What the image store uses: the rows and the files. */
export interface ImageStoreDeps {
  db: Db;
  files: FileStorage;
}

/** The format an image is shown in: width × height, with the upload's rectangle to keep. */
export interface ShownFormat {
  width: number;
  height: number;
  crop?: ImageCropColumn | undefined;
}

/**
 * Sizes (`?width=&height=`) kept per image: anyone may ask for any size, so
 * further sizes are made for each request (in the resize line) and not kept.
 */
export const IMAGE_SIZES_KEPT_MAX = 8;

/** How long a process's claim on a file it makes holds; a request waits at most as long. */
const CLAIM_SECONDS = 30;
/** How often a request waiting for another process's file looks again. */
const WAIT_POLL_MS = 50;
/**
 * The largest upload a format is made from: checked at upload against
 * IMAGE_MAX_PIXELS already; this is sharp's own default limit.
 */
const MAKE_MAX_PIXELS = 0x3fff * 0x3fff;

/**
 * Writes an image's format row, before its upload is stored under `key`:
 * the key's file is then never taken for a made one.
 */
export async function recordImageFormat(db: Db, key: string, format: ShownFormat): Promise<void> {
  await db.insert(imageFiles).values({
    key,
    imageKey: key,
    kind: 'format',
    width: format.width,
    height: format.height,
    crop: format.crop ?? null,
  });
}

/**
 * recordImageFormat's INSERT, to be written into another statement (a WITH
 * that reads what the image is for): its values are placeholders, filled by
 * `formatRowValues`.
 */
export function formatRowInsert(db: DbOrTx) {
  return db
    .insert(imageFiles)
    .values({
      key: sql.placeholder('key'),
      imageKey: sql.placeholder('key'),
      kind: 'format',
      width: sql.placeholder('width'),
      height: sql.placeholder('height'),
      crop: sql`${sql.placeholder('crop')}::jsonb`,
    })
    .returning({ key: imageFiles.key });
}

/** The placeholders' values of formatRowInsert. */
export function formatRowValues(key: string, format: ShownFormat) {
  return {
    key,
    width: format.width,
    height: format.height,
    crop: format.crop ? JSON.stringify(format.crop) : null,
  };
}

/** Stores an upload as received under `key`, shown in `format` (made on its first request). */
export async function storeUploadedImage(
  { db, files }: ImageStoreDeps,
  key: string,
  { data, format }: { data: Buffer; format: ShownFormat },
): Promise<void> {
  await recordImageFormat(db, key, format);
  try {
    await files.put(key, data);
  } catch (error) {
    await db.delete(imageFiles).where(eq(imageFiles.imageKey, key));
    throw error;
  }
}

/**
 * Copies an image to a new key (a clone's): its file, and its format row
 * while the format is not made yet. False when the source does not exist.
 */
export async function copyImage(
  { db, files }: ImageStoreDeps,
  from: string,
  to: string,
): Promise<boolean> {
  const [format] = await db
    .select()
    .from(imageFiles)
    .where(and(eq(imageFiles.key, from), eq(imageFiles.kind, 'format')));
  const unmade = format && !format.madeAt;
  if (unmade) {
    await recordImageFormat(db, to, {
      width: format.width,
      height: format.height,
      crop: format.crop ?? undefined,
    });
  }
  // Made between the row's read and the copy: the copy is the made file, its row says so.
  if (await files.copy(from, to)) {
    if (unmade) await markMadeIfMade(db, from, to);
    return true;
  }
  if (unmade) await db.delete(imageFiles).where(eq(imageFiles.imageKey, to));
  return false;
}

/** Marks the copy's row made when its source was made meanwhile (the copy then holds the format). */
async function markMadeIfMade(db: Db, from: string, to: string): Promise<void> {
  const [source] = await db
    .select({ madeAt: imageFiles.madeAt })
    .from(imageFiles)
    .where(eq(imageFiles.key, from));
  if (source?.madeAt)
    await db
      .update(imageFiles)
      .set({ madeAt: sql`now()` })
      .where(eq(imageFiles.key, to));
}

/**
 * Removes an image: its upload, every file made from it and their rows.
 * The upload goes first, so that no file is made from it any more; a file
 * being made meanwhile is removed by its maker (makeOnce), one made meanwhile
 * by the second pass.
 */
export async function removeImage({ db, files }: ImageStoreDeps, key: string): Promise<void> {
  const made = await db
    .select({ key: imageFiles.key })
    .from(imageFiles)
    .where(eq(imageFiles.imageKey, key));
  const keys = new Set([key, originalKey(key), ...made.map((row) => row.key)]);
  await Promise.all([...keys].map((file) => files.delete(file)));
  const removed = await db
    .delete(imageFiles)
    .where(eq(imageFiles.imageKey, key))
    .returning({ key: imageFiles.key, madeAt: imageFiles.madeAt });
  await Promise.all(
    removed.filter((row) => row.madeAt !== null).map((row) => files.delete(row.key)),
  );
}

/** Keys this process found made (or stored made): read without asking the database. */
const madeKeys = new Set<string>();
const MADE_KEYS_REMEMBERED = 10_000;
function rememberMade(key: string): void {
  if (madeKeys.size >= MADE_KEYS_REMEMBERED) madeKeys.clear();
  madeKeys.add(key);
}

/**
 * The image as shown (its format), made on its first request; undefined
 * when there is none (removed, never stored, or an upload that cannot be
 * decoded after all).
 */
export async function shownImage(
  deps: ImageStoreDeps,
  key: string,
  extension: 'jpg' | 'png',
): Promise<Buffer | undefined> {
  const { db, files } = deps;
  if (madeKeys.has(key)) return files.get(key);
  const [format] = await db.select().from(imageFiles).where(eq(imageFiles.key, key));
  // Made, or stored made (before uploads were kept as received, the demo data).
  if (!format || format.madeAt) {
    const data = await files.get(key);
    if (data) rememberMade(key);
    return data;
  }
  const made = await makeOnce(deps, key, async () => {
    // The upload: beside the key once its making began (a making cut short
    // by a stopped process is made again from it), in its place before.
    const kept = originalKey(key);
    let upload = await files.get(kept);
    if (!upload) {
      upload = await files.get(key);
      if (!upload) return undefined;
      await files.put(kept, upload);
    }
    const image = await makeFormat(upload, {
      width: format.width,
      height: format.height,
      maxPixels: MAKE_MAX_PIXELS,
      crop: format.crop ?? undefined,
    }).catch((error: unknown) => {
      // Cut off or corrupt past its header: there is no image to show.
      if (error instanceof ImageRejectedError) return undefined;
      throw error;
    });
    // The upload's type decided the key's extension; a mismatch is no image of it.
    return image?.extension === extension ? image.data : undefined;
  });
  if (made) rememberMade(key);
  return made;
}

/**
 * The image in another size, covered and centred; the first
 * IMAGE_SIZES_KEPT_MAX sizes are kept, further ones made for each request.
 * Throws ImageWorkBusyError when the resize line is full.
 */
export async function sizedImage(
  deps: ImageStoreDeps,
  key: string,
  { extension, size }: { extension: 'jpg' | 'png'; size: { width: number; height: number } },
): Promise<Buffer | undefined> {
  const made = sizeKey(key, size);
  const kept = await deps.files.get(made);
  if (kept) return kept;
  const shown = await shownImage(deps, key, extension);
  if (!shown) return undefined;
  const resize = () => resizeStoredImage(shown, extension, size);
  const [sizes] = await deps.db
    .select({ kept: count() })
    .from(imageFiles)
    .where(and(eq(imageFiles.imageKey, key), eq(imageFiles.kind, 'size')));
  if ((sizes?.kept ?? 0) >= IMAGE_SIZES_KEPT_MAX) return resize();
  await deps.db
    .insert(imageFiles)
    .values({ key: made, imageKey: key, kind: 'size', width: size.width, height: size.height })
    .onConflictDoNothing();
  return makeOnce(deps, made, resize);
}

/** The files this process is making now, per database: a second request for one joins the first. */
const making = new WeakMap<Db, Map<string, Promise<Buffer | undefined>>>();

/**
 * Makes the file `key` once over every process: this process's requests for
 * it share one making, and across processes the row's claim decides who
 * makes it; the others wait for the file. Undefined when the row is gone
 * (the image was removed) or `make` has nothing to make.
 */
function makeOnce(
  deps: ImageStoreDeps,
  key: string,
  make: () => Promise<Buffer | undefined>,
): Promise<Buffer | undefined> {
  let inProcess = making.get(deps.db);
  if (!inProcess) {
    inProcess = new Map();
    making.set(deps.db, inProcess);
  }
  const running = inProcess.get(key);
  if (running) return running;
  const done = claimAndMake(deps, key, make).finally(() => inProcess.delete(key));
  inProcess.set(key, done);
  return done;
}

async function claimAndMake(
  { db, files }: ImageStoreDeps,
  key: string,
  make: () => Promise<Buffer | undefined>,
): Promise<Buffer | undefined> {
  const deadline = Date.now() + CLAIM_SECONDS * 1000;
  const release = () =>
    db.update(imageFiles).set({ claimedUntil: null }).where(eq(imageFiles.key, key));
  for (;;) {
    const [claimed] = await db
      .update(imageFiles)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
      .where(
        and(
          eq(imageFiles.key, key),
          isNull(imageFiles.madeAt),
          or(isNull(imageFiles.claimedUntil), lt(imageFiles.claimedUntil, sql`now()`)),
        ),
      )
      .returning({ key: imageFiles.key });
    if (claimed) {
      let data: Buffer | undefined;
      try {
        data = await make();
        if (data) await files.put(key, data);
      } catch (error) {
        await release();
        throw error;
      }
      if (!data) {
        await release();
        return undefined;
      }
      const [stillThere] = await db
        .update(imageFiles)
        .set({ madeAt: sql`now()`, claimedUntil: null })
        .where(eq(imageFiles.key, key))
        .returning({ key: imageFiles.key });
      // The image was removed while its file was made: the file goes too.
      if (!stillThere) {
        await files.delete(key);
        return undefined;
      }
      return data;
    }
    const [row] = await db
      .select({ madeAt: imageFiles.madeAt })
      .from(imageFiles)
      .where(eq(imageFiles.key, key));
    if (!row) return undefined;
    if (row.madeAt) {
      const data = await files.get(key);
      if (data) return data;
      // Made, but the file is gone (removed by hand, say): made again.
      await db
        .update(imageFiles)
        .set({ madeAt: null })
        .where(and(eq(imageFiles.key, key), isNotNull(imageFiles.madeAt)));
    }
    // Another process makes it: the file is looked for again shortly.
    if (Date.now() > deadline) throw new ImageWorkBusyError();
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}
