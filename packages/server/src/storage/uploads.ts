import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ObjectBucket } from '../adapters/object-storage';
import { type Db, queryRows } from '../db/client';
import { uploads, uploadVariants } from '../db/schema';

/**
 * The one store of uploaded files: product images, portal logos, anything a user uploads. Kept in
 * PostgreSQL (table `uploads`, keyed by the SHA-256 of the bytes) so every instance behind a load balancer
 * serves what another received; nothing is written to the instance's disk. Reads come in slices, so a large
 * file is never held whole in memory. docs/decisions/operations.md "Uploads".
 *
 * With S3-compatible object storage configured (S3_URL, adapters/object-storage) the bytes of new files go to
 * the bucket under `uploads/<sha256>` and the row keeps the key, type and size with `bytes` null; serving
 * streams from the bucket through our own URL (docs/decisions/operations.md "Uploads in S3").
 */
export type UploadMeta = {
  sha256: string;
  contentType: string;
  size: number;
  /** The bytes are in the object storage, not in the row. */
  inBucket?: boolean;
};

/** The object key of an upload in the bucket. */
export const objectKey = (sha256: string) => `uploads/${sha256}`;

/** Bytes per read of a stream (one query each); an image up to this size is one query. */
export const UPLOAD_SLICE_BYTES = 256 * 1024;

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const SHA256 = /^[a-f0-9]{64}$/;

const asBuffer = (v: Buffer | Uint8Array) => (Buffer.isBuffer(v) ? v : Buffer.from(v));

const metaColumns = {
  sha256: uploads.sha256,
  contentType: uploads.contentType,
  size: uploads.size,
  inBucket: sql<boolean>`${uploads.bytes} is null`,
};

export const createUploadStore = (db: Db, bucket: ObjectBucket | null = null) => {
  const head = async (sha256: string): Promise<UploadMeta | null> => {
    if (!SHA256.test(sha256)) return null;
    const [row] = await db.select(metaColumns).from(uploads).where(eq(uploads.sha256, sha256));
    return row ?? null;
  };

  /** The object of a file kept in the bucket (its row says so); a missing object is an error, not a 404. */
  const openObject = async (meta: UploadMeta) => {
    // buildApp refuses to start without S3_URL once files are in a bucket
    if (!bucket) throw new Error(`upload ${meta.sha256} is in object storage and S3_URL is not set`);
    const found = await bucket.open(objectKey(meta.sha256));
    if (!found) throw new Error(`upload ${meta.sha256} is missing from the object storage`);
    return found.body;
  };

  const readAll = async (body: Readable) => {
    const parts: Buffer[] = [];
    for await (const part of body) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part));
    return Buffer.concat(parts);
  };

  const slice = async (sha256: string, from: number): Promise<Buffer> => {
    const [row] = await queryRows<{ part: Buffer | Uint8Array }>(
      db,
      sql`select substring(bytes from ${from + 1}::int for ${UPLOAD_SLICE_BYTES}::int) as part
            from uploads where sha256 = ${sha256}`,
    );
    if (!row) throw new Error(`upload ${sha256} disappeared while read`);
    return asBuffer(row.part);
  };

  /** The bytes from `from` on, one slice per read (the first slice may be given, already read). */
  const stream = (meta: UploadMeta, first?: Buffer): Readable =>
    Readable.from(
      (async function* () {
        let offset = 0;
        if (first) {
          yield first;
          offset = first.length;
        }
        while (offset < meta.size) {
          const part = await slice(meta.sha256, offset);
          if (!part.length) break;
          yield part;
          offset += part.length;
        }
      })(),
    );

  return {
    /**
     * Stores the bytes (once: the same bytes again are a no-op) and answers their key. With a bucket, the
     * object is written before the row, so a row never names an object that is not there.
     */
    put: async (bytes: Buffer, contentType: string): Promise<UploadMeta> => {
      const meta = { sha256: sha256Hex(bytes), contentType, size: bytes.length };
      if (bucket) {
        if (await head(meta.sha256)) return meta;
        await bucket.put(objectKey(meta.sha256), bytes, contentType);
      }
      await db
        .insert(uploads)
        .values({ ...meta, bytes: bucket ? null : bytes })
        .onConflictDoNothing();
      return meta;
    },
    head,
    /** The whole file (small files, tests); `open` for serving. */
    get: async (sha256: string): Promise<(UploadMeta & { bytes: Buffer }) | null> => {
      if (!SHA256.test(sha256)) return null;
      const [row] = await db
        .select({
          sha256: uploads.sha256,
          contentType: uploads.contentType,
          size: uploads.size,
          bytes: uploads.bytes,
        })
        .from(uploads)
        .where(eq(uploads.sha256, sha256));
      if (!row) return null;
      if (row.bytes) return { ...row, bytes: row.bytes };
      const meta = { ...row, inBucket: true };
      return { ...meta, bytes: await readAll(await openObject(meta)) };
    },
    /**
     * The file's bytes for serving: from the bucket (the object opened before the answer starts, so a
     * storage failure is an error answer, not a cut-off body) or from the table in slices.
     */
    open: async (meta: UploadMeta): Promise<Readable> => (meta.inBucket ? openObject(meta) : stream(meta)),
    stream,
    /** The stored file that answers `source` at `width` (a resized copy), if made already. */
    variantOf: async (source: string, width: number): Promise<UploadMeta | null> => {
      const [row] = await db
        .select(metaColumns)
        .from(uploadVariants)
        .innerJoin(uploads, eq(uploads.sha256, uploadVariants.variantSha256))
        .where(and(eq(uploadVariants.sourceSha256, source), eq(uploadVariants.width, width)));
      return row ?? null;
    },
    /** Records the variant (stored with `put` first); the first one recorded wins, on every instance. */
    saveVariant: async (source: string, width: number, variant: string) => {
      await db
        .insert(uploadVariants)
        .values({ sourceSha256: source, width, variantSha256: variant })
        .onConflictDoNothing();
    },
    /** Which of the keys are stored. */
    known: async (keys: readonly string[]): Promise<Set<string>> => {
      if (!keys.length) return new Set();
      const rows = await db
        .select({ sha256: uploads.sha256 })
        .from(uploads)
        .where(inArray(uploads.sha256, [...keys]));
      return new Set(rows.map((r) => r.sha256));
    },
  };
};
export type UploadStore = ReturnType<typeof createUploadStore>;

/** Content-addressed: a key never changes content, so caches keep it for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const matchesEtag = (header: string | undefined, etag: string) =>
  !!header &&
  header
    .split(',')
    .map((s) => s.trim().replace(/^W\//, ''))
    .some((s) => s === '*' || s === etag);

/**
 * Answers a stored upload on a public read path: immutable caching, the key as a strong ETag (a revalidating
 * cache gets 304), the stored type with nosniff, readable from other origins (the storefront may live on
 * another one). The caller has checked the name and found `meta`.
 */
export const sendUpload = async (
  store: UploadStore,
  meta: UploadMeta,
  req: FastifyRequest,
  reply: FastifyReply,
) => {
  const etag = `"${meta.sha256}"`;
  reply
    .header('cache-control', IMMUTABLE_CACHE)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'cross-origin');
  if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type(meta.contentType).header('content-length', meta.size);
  if (req.method === 'HEAD') return reply.send();
  return reply.send(await store.open(meta));
};

/** Names of files the disk store wrote: the SHA-256 of the bytes and the extension. */
const DISK_NAME = /^([a-f0-9]{64})\.(png|jpg|webp)$/;
const DISK_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * The start-up step that moves files of the earlier disk store (DATA_DIR/uploads) into the table, so their
 * URLs keep resolving on every instance. Idempotent and safe on several instances at once: files already
 * stored are not read again, a key inserted meanwhile is left as it is. A file whose bytes do not match its
 * name is reported and skipped (its name would promise other content). The files stay on disk.
 */
export const importUploadDir = async (
  store: UploadStore,
  dir: string,
  log: (line: string) => void,
): Promise<{ imported: number; skipped: string[] }> => {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const files = names.flatMap((name) => {
    const m = DISK_NAME.exec(name);
    return m ? [{ name, sha256: m[1]!, contentType: DISK_TYPES[m[2]!]! }] : [];
  });
  let imported = 0;
  const skipped: string[] = [];
  for (let i = 0; i < files.length; i += 500) {
    const batch = files.slice(i, i + 500);
    const known = await store.known(batch.map((f) => f.sha256));
    for (const f of batch) {
      if (known.has(f.sha256)) continue;
      const bytes = await readFile(path.join(dir, f.name));
      if (sha256Hex(bytes) !== f.sha256) {
        skipped.push(f.name);
        continue;
      }
      await store.put(bytes, f.contentType);
      imported += 1;
    }
  }
  if (imported) log(`Uploads: moved ${imported} file(s) from ${dir} into the database`);
  if (skipped.length)
    log(
      `Uploads: ${skipped.length} file(s) in ${dir} do not match their names, not moved: ${skipped.join(', ')}`,
    );
  return { imported, skipped };
};

/** Files moved per query of the move to the bucket. */
const MOVE_BATCH = 20;

/**
 * The move of files kept in the table into the object storage (S3_URL set; docs/decisions/operations.md "Uploads in S3"
 * "Moving the table's files"): each file is written to the bucket, then its row's bytes are cleared. Idempotent
 * and safe on several instances at once: a row already cleared is skipped, two instances writing one object
 * write the same bytes under the same key, and the row is cleared only while it still holds them. Serving
 * works throughout (a row with bytes is served from the table). `stop()` ends it between two files.
 */
export const moveUploadsToBucket = async (
  db: Db,
  bucket: ObjectBucket,
  log: (line: string) => void,
  stopped: () => boolean = () => false,
): Promise<{ moved: number }> => {
  let moved = 0;
  let after = '';
  while (!stopped()) {
    const keys = await db
      .select({ sha256: uploads.sha256 })
      .from(uploads)
      .where(and(sql`${uploads.bytes} is not null`, sql`${uploads.sha256} > ${after}`))
      .orderBy(uploads.sha256)
      .limit(MOVE_BATCH);
    if (!keys.length) break;
    for (const { sha256 } of keys) {
      if (stopped()) break;
      after = sha256;
      const [row] = await db
        .select({ contentType: uploads.contentType, bytes: uploads.bytes })
        .from(uploads)
        .where(eq(uploads.sha256, sha256));
      if (!row?.bytes) continue;
      await bucket.put(objectKey(sha256), row.bytes, row.contentType);
      const cleared = await db
        .update(uploads)
        .set({ bytes: null })
        .where(and(eq(uploads.sha256, sha256), sql`${uploads.bytes} is not null`))
        .returning({ sha256: uploads.sha256 });
      moved += cleared.length;
    }
  }
  if (moved) log(`Uploads: moved ${moved} file(s) from the database into the object storage`);
  return { moved };
};

/** How many files have their bytes in the object storage (start-up without S3_URL refuses when any do). */
export const filesInBucket = async (db: Db): Promise<number> => {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from uploads where bytes is null limit 1000) t`,
  );
  return row?.n ?? 0;
};
