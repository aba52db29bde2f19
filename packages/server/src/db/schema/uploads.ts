import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Uploaded files (product images, portal logos), content-addressed: the key is the SHA-256 of the bytes, so
 * the same file is stored once and a key never changes content. In the database so every server instance
 * serves what another received (or, with S3_URL, only their key and type here, the bytes in object storage);
 * src/storage/uploads.ts is the only reader and writer.
 */
export const uploads = pgTable(
  'uploads',
  {
    sha256: text('sha256').primaryKey(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /**
     * The file itself; null when it lives in S3-compatible object storage (S3_URL, src/storage/uploads.ts)
     * under the key `uploads/<sha256>`.
     */
    bytes: bytea('bytes'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('uploads_sha256_check', sql`${t.sha256} ~ '^[a-f0-9]{64}$'`),
    check('uploads_size_check', sql`${t.size} = octet_length(${t.bytes})`),
  ],
);

/**
 * Resized copies of an upload (product images at MENU_IMAGE_WIDTHS, as WebP): which stored file answers
 * `{source}.w{width}.webp`. The variant is an upload of its own (content-addressed too); it is the source
 * itself when the source is not wider than the width or cannot be decoded.
 */
export const uploadVariants = pgTable(
  'upload_variants',
  {
    sourceSha256: text('source_sha256')
      .notNull()
      .references(() => uploads.sha256),
    width: integer('width').notNull(),
    variantSha256: text('variant_sha256')
      .notNull()
      .references(() => uploads.sha256),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.sourceSha256, t.width] })],
);
