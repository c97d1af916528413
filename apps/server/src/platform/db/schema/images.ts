/**
 * The files made from an uploaded image (docs/decisions/047-image-processing-off-request.md):
 * an upload is stored as received under the key the product refers to, and
 * the files served are made from it on their first request: the image's
 * format (620×413 with the crop, 400×400) and the sizes asked for with
 * `?width=&height=`. One row per such file says what it is made of; the row
 * is also the claim of the one process that makes it.
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** A rectangle of the upload to keep, in its pixels as shown. */
export interface ImageCropColumn {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const imageFiles = pgTable(
  'image_files',
  {
    /** The made file's storage key. */
    key: text('key').primaryKey(),
    /** The image it is made for: the key the product refers to (imagePath), holding the upload. */
    imageKey: text('image_key').notNull(),
    /** 'format': made from the upload (crop, cover); 'size': made from the format. */
    kind: text('kind').$type<'format' | 'size'>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The upload's rectangle the format keeps (its whole picture when null). */
    crop: jsonb('crop').$type<ImageCropColumn>(),
    /** When the file was made; null before. */
    madeAt: timestamp('made_at', { withTimezone: true }),
    /** Until when a process is making it: another waits for it meanwhile. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('image_files_image_key_idx').on(t.imageKey)],
);
