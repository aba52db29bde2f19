// "Stateless instances, for real": uploaded files live in the database (src/storage/uploads.ts), are
// read in slices, served with an ETag and immutable caching, and files of the earlier disk store
// (DATA_DIR/uploads) move into the table at start-up, their old URLs still resolving.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { queryRows } from '../src/db/client';
import { importUploadDir, UPLOAD_SLICE_BYTES } from '../src/storage/uploads';
import { build } from './helpers';
import { menuUrl, multipartFile, TINY_PNG } from './menus-fixtures';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A PNG signature followed by random bytes: sniffed as PNG, never compressible. */
const fakePng = (bytes: number) => Buffer.concat([TINY_PNG.subarray(0, 8), randomBytes(bytes - 8)]);

describe('the upload store', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const shop = (await t.createShop({ name: '圖檔小館', ownerUserId: eaa.user.id })).account.id;
  const upload = (content: Buffer) => {
    const body = multipartFile('file', 'photo.png', 'image/png', content);
    return t.app.inject({
      method: 'POST',
      url: menuUrl('eaa', shop, '/images'),
      headers: { ...eaa.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('an upload is a row of the uploads table, keyed by its SHA-256, and nothing is written to disk', async () => {
    const res = await upload(TINY_PNG);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await queryRows<{ sha256: string; content_type: string; size: number }>(
      t.db,
      sql`select sha256, content_type, size from uploads`,
    );
    expect(rows).toEqual([{ sha256: sha(TINY_PNG), content_type: 'image/png', size: TINY_PNG.length }]);
    expect(res.json().image).toBe(`${sha(TINY_PNG)}.png`);
  });

  it('serves a file larger than one slice whole, with an ETag; a revalidation is 304', async () => {
    const big = fakePng(UPLOAD_SLICE_BYTES * 2 + 12_345);
    const res = await upload(big);
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json();
    const read = await t.app.inject({ method: 'GET', url });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.length).toBe(big.length);
    expect(read.rawPayload.equals(big)).toBe(true);
    expect(read.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${sha(big)}"`,
      'x-content-type-options': 'nosniff',
    });
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"${sha(big)}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const stale = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': `"${'0'.repeat(64)}"` },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('a name resolves only with the extension of its stored type; unknown names are 404', async () => {
    const key = sha(TINY_PNG);
    for (const name of [`${key}.jpg`, `${key}.webp`, `${'a'.repeat(64)}.png`, `${key}.PNG`, key]) {
      const res = await t.app.inject({ method: 'GET', url: `/console/apis/menu-images/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
    // portal logos read the same store
    const logo = await t.app.inject({ method: 'GET', url: `/console/apis/portal-logos/${key}.png` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers.etag).toBe(`"${key}"`);
  });

  it('files of the disk store move into the table at start-up, once; their old URLs keep resolving', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shopdesk-upload-import-'));
    afterAll(() => rm(dataDir, { recursive: true, force: true }));
    const dir = path.join(dataDir, 'uploads');
    await mkdir(dir);
    const photo = fakePng(40_000);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(500)]);
    const wrong = fakePng(300);
    await writeFile(path.join(dir, `${sha(photo)}.png`), photo);
    await writeFile(path.join(dir, `${sha(jpeg)}.jpg`), jpeg);
    await writeFile(path.join(dir, `${'b'.repeat(64)}.png`), wrong); // bytes not matching the name
    await writeFile(path.join(dir, `${sha(photo)}.png.abc123.tmp`), photo); // a half-written leftover
    const lines: string[] = [];
    const app = await buildApp({
      config: {
        sessionSecret: 'test-secret-test-secret-test-secret-000',
        nodeEnv: 'test',
        trustProxy: false,
        publicUrl: undefined,
        dataDir,
      },
      database: t.database,
    });
    await app.ready();
    try {
      for (const [name, bytes, type] of [
        [`${sha(photo)}.png`, photo, 'image/png'],
        [`${sha(jpeg)}.jpg`, jpeg, 'image/jpeg'],
      ] as const) {
        const res = await app.inject({ method: 'GET', url: `/console/apis/menu-images/${name}` });
        expect(res.statusCode, name).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.rawPayload.equals(bytes)).toBe(true);
        // served by any instance: the first app, built without DATA_DIR, reads them too
        expect(
          (await t.app.inject({ method: 'GET', url: `/console/apis/menu-images/${name}` })).statusCode,
        ).toBe(200);
      }
      const wrongUrl = `/console/apis/menu-images/${'b'.repeat(64)}.png`;
      expect((await app.inject({ method: 'GET', url: wrongUrl })).statusCode).toBe(404);
      // a second start moves nothing again and reports the mismatch again; the files stay on disk
      const again = await importUploadDir(app.uploads, dir, (l) => lines.push(l));
      expect(again).toEqual({ imported: 0, skipped: [`${'b'.repeat(64)}.png`] });
      expect(lines).toEqual([expect.stringContaining('do not match their names')]);
      expect((await readdir(dir)).length).toBe(4);
      // a product may name an imported image
      expect(await app.uploads.head(sha(photo))).toEqual({
        sha256: sha(photo),
        contentType: 'image/png',
        size: photo.length,
        inBucket: false,
      });
    } finally {
      await app.close();
    }
  });

  it('a data directory without uploads starts as before', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'shopdesk-upload-none-'));
    afterAll(() => rm(empty, { recursive: true, force: true }));
    expect(await importUploadDir(t.app.uploads, path.join(empty, 'uploads'), () => {})).toEqual({
      imported: 0,
      skipped: [],
    });
  });
});
