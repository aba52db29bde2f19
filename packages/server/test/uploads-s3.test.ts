// Uploads in S3-compatible object storage (S3_URL; docs/decisions/operations.md "Uploads in S3"): an upload's bytes go to
// the bucket and are served through our own URL; a second instance on the same database and bucket serves them;
// the files the table kept move into the bucket at start-up (once); the simulator checks SigV4 signatures and
// answers S3's errors; production never starts the simulator.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type S3Config, s3Url } from '../src/adapters/object-storage';
import { createS3Bucket } from '../src/adapters/object-storage/client';
import { createS3Simulator, simulatorCredentials } from '../src/adapters/object-storage/simulator';
import { listenSimulator } from '../src/adapters/simulator-host';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { queryRows } from '../src/db/client';
import { moveUploadsToBucket, objectKey } from '../src/storage/uploads';
import { build } from './helpers';
import { menuUrl, multipartFile, TINY_PNG } from './menus-fixtures';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A PNG signature followed by random bytes: sniffed as PNG, never compressible. */
const fakePng = (bytes: number) => Buffer.concat([TINY_PNG.subarray(0, 8), randomBytes(bytes - 8)]);

const startSimulator = async () => {
  const cfg = { bucket: 'shopdesk-test', region: 'ap-northeast-1', ...simulatorCredentials() };
  const sim = createS3Simulator(cfg);
  const { url, close } = await listenSimulator(sim.app);
  afterAll(close);
  const s3: S3Config = { ...cfg, endpoint: url };
  return { s3, objects: sim.objects };
};

const TEST_CONFIG = {
  sessionSecret: 'test-secret-test-secret-test-secret-000',
  nodeEnv: 'test' as const,
  trustProxy: false,
  publicUrl: undefined,
};

describe('uploads in S3-compatible object storage', async () => {
  const { s3, objects } = await startSimulator();
  const t = await build({ config: { s3 } });
  const eaa = await t.signedIn('eaa');
  const shop = (await t.createShop({ name: '雲端圖檔', ownerUserId: eaa.user.id })).account.id;
  const upload = (app: typeof t.app, content: Buffer) => {
    const body = multipartFile('file', 'photo.png', 'image/png', content);
    return app.inject({
      method: 'POST',
      url: menuUrl('eaa', shop, '/images'),
      headers: { ...eaa.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const row = async (key: string) =>
    (
      await queryRows<{ size: number; in_bucket: boolean }>(
        t.db,
        sql`select size, bytes is null as in_bucket from uploads where sha256 = ${key}`,
      )
    )[0];

  it('an upload is written to the bucket, the row keeps its key and type only, and our URL serves it', async () => {
    const image = fakePng(300_000);
    const res = await upload(t.app, image);
    expect(res.statusCode, res.body).toBe(201);
    const key = sha(image);
    expect(res.json().image).toBe(`${key}.png`);
    expect(await row(key)).toEqual({ size: image.length, in_bucket: true });
    const stored = objects.get(objectKey(key));
    expect(stored?.bytes.equals(image)).toBe(true);
    expect(stored?.contentType).toBe('image/png');

    const read = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(image)).toBe(true);
    expect(read.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${key}"`,
      'content-length': String(image.length),
    });
    const again = await t.app.inject({
      method: 'GET',
      url: res.json().url,
      headers: { 'if-none-match': `"${key}"` },
    });
    expect(again.statusCode).toBe(304);
  });

  it('the resized copies of a product image are made from the bucket and stored there too', async () => {
    const sharp = (await import('sharp')).default;
    const wide = await sharp({
      create: { width: 1400, height: 700, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
    const res = await upload(t.app, wide);
    expect(res.statusCode, res.body).toBe(201);
    const variants = await queryRows<{ variant_sha256: string; in_bucket: boolean }>(
      t.db,
      sql`select v.variant_sha256, u.bytes is null as in_bucket from upload_variants v
            join uploads u on u.sha256 = v.variant_sha256 where v.source_sha256 = ${sha(wide)}`,
    );
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) {
      expect(v.in_bucket).toBe(true);
      expect(objects.has(objectKey(v.variant_sha256))).toBe(true);
    }
  });

  it('a second instance on the same database and bucket serves what the first received', async () => {
    const image = fakePng(40_000);
    const up = await upload(t.app, image);
    expect(up.statusCode, up.body).toBe(201);
    const b = await buildApp({ config: { ...TEST_CONFIG, s3 }, database: t.database });
    try {
      await b.ready();
      const read = await b.inject({ method: 'GET', url: up.json().url });
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(image)).toBe(true);
      expect(read.headers.etag).toBe(`"${sha(image)}"`);
      const logo = await b.inject({ method: 'GET', url: `/console/apis/portal-logos/${up.json().image}` });
      expect(logo.statusCode).toBe(200);
      expect(logo.rawPayload.equals(image)).toBe(true);
    } finally {
      await b.close();
    }
  });
});

describe('moving the files the table kept into the bucket', async () => {
  const { s3, objects } = await startSimulator();
  // first without object storage: the bytes are in the table
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const shop = (await t.createShop({ name: '搬家圖檔', ownerUserId: eaa.user.id })).account.id;
  const images = [fakePng(20_000), fakePng(700_000)];
  for (const image of images) {
    const body = multipartFile('file', 'photo.png', 'image/png', image);
    const res = await t.app.inject({
      method: 'POST',
      url: menuUrl('eaa', shop, '/images'),
      headers: { ...eaa.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  const inTable = async () =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from uploads where bytes is not null`,
      )
    )[0]!.n;

  it('a start with S3_URL moves them (once), and they are served from the bucket', async () => {
    expect(await inTable()).toBe(images.length);
    const b = await buildApp({ config: { ...TEST_CONFIG, s3 }, database: t.database });
    try {
      await b.ready();
      expect(await b.uploadsMoved).toEqual({ moved: images.length });
      expect(await inTable()).toBe(0);
      for (const image of images) {
        expect(objects.get(objectKey(sha(image)))?.bytes.equals(image)).toBe(true);
        const read = await b.inject({ method: 'GET', url: `/console/apis/portal-logos/${sha(image)}.png` });
        expect(read.statusCode).toBe(200);
        expect(read.rawPayload.equals(image)).toBe(true);
      }
      // again (another instance, the next start): nothing left to move
      expect(await moveUploadsToBucket(t.db, await createS3Bucket(s3), () => {})).toEqual({ moved: 0 });
    } finally {
      await b.close();
    }
  });

  it('a start without S3_URL refuses once files are in the bucket (they could not be served)', async () => {
    await expect(buildApp({ config: TEST_CONFIG, database: t.database })).rejects.toThrow(
      /kept in S3-compatible object storage: set S3_URL/,
    );
  });
});

describe('the S3 simulator', async () => {
  const { s3, objects } = await startSimulator();
  const client = (secretAccessKey: string) =>
    new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey },
      maxAttempts: 1,
    });

  it('stores and answers an object for a request signed with its key pair', async () => {
    const bucket = await createS3Bucket(s3);
    await bucket.put('uploads/x', Buffer.from('hello'), 'text/plain');
    const found = await bucket.open('uploads/x');
    expect(found?.size).toBe(5);
    expect(await bucket.open('uploads/missing')).toBeNull();
  });

  it('refuses a wrong signature with SignatureDoesNotMatch, stores nothing', async () => {
    const err = await client('not-the-secret')
      .send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/forged', Body: Buffer.from('x') }))
      .catch((e: unknown) => e as { name: string; $metadata: { httpStatusCode: number } });
    expect(err).toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    expect(objects.has('uploads/forged')).toBe(false);
  });

  it("answers S3's XML errors: NoSuchKey, an unsigned request denied, another bucket unknown", async () => {
    const missing = await client(s3.secretAccessKey)
      .send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'uploads/none' }))
      .catch((e: unknown) => e as { name: string; $metadata: { httpStatusCode: number } });
    expect(missing).toMatchObject({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
    const anonymous = await fetch(`${s3.endpoint}/${s3.bucket}/uploads/x`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toMatch(
      /<Error><Code>AccessDenied<\/Code><Message>Access Denied<\/Message>/,
    );
    const other = await client(s3.secretAccessKey)
      .send(new GetObjectCommand({ Bucket: 'another-bucket', Key: 'uploads/x' }))
      .catch((e: unknown) => e as { name: string });
    expect(other).toMatchObject({ name: 'NoSuchBucket' });
  });

  it('refuses a body that is not the one signed (XAmzContentSHA256Mismatch)', async () => {
    // a signed request whose body is swapped on the way: sign with the SDK, send another body
    let signed: { url: string; headers: Record<string, string> } | undefined;
    const capture = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      maxAttempts: 1,
      // the request as it would go on the wire, not sent
      requestHandler: {
        handle: async (req: {
          hostname: string;
          port?: number;
          path: string;
          query: Record<string, string>;
          headers: Record<string, string>;
        }) => {
          const query = new URLSearchParams(req.query).toString();
          signed = {
            url: `http://${req.hostname}:${req.port}${req.path}${query ? `?${query}` : ''}`,
            headers: { ...req.headers },
          };
          throw new Error('captured');
        },
      } as never,
    });
    await capture
      .send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'uploads/swap', Body: Buffer.from('signed') }))
      .catch(() => {});
    expect(signed).toBeDefined();
    // the same length (content-length is signed), other bytes; node:http sends the headers as they are
    const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(signed!.url, { method: 'PUT', headers: signed!.headers }, (r) => {
        let text = '';
        r.on('data', (c: Buffer) => {
          text += c.toString();
        });
        r.on('end', () => resolve({ status: r.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end(Buffer.from('signeD'));
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    expect(objects.has('uploads/swap')).toBe(false);
  });
});

describe('configuration of the object storage', () => {
  const dir = () => mkdtempSync(path.join(tmpdir(), 'sd-s3-config-'));
  const base = {
    PUBLIC_URL: 'https://console.example.com',
    SESSION_SECRET: 'x'.repeat(40),
    SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
  };

  it('reads S3_URL: endpoint, bucket, region and key pair', () => {
    const config = loadConfig({
      DATA_DIR: dir(),
      S3_URL: 'https://AKIAEXAMPLE:se%2Fcret@s3.example.com:9000/shop-uploads?region=ap-northeast-1',
    });
    expect(config.s3).toEqual({
      endpoint: 'https://s3.example.com:9000',
      bucket: 'shop-uploads',
      region: 'ap-northeast-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'se/cret',
    });
    const round = {
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'b-1',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's+/=',
    };
    expect(loadConfig({ DATA_DIR: dir(), S3_URL: s3Url(round) }).s3).toEqual(round);
  });

  it.each([
    ['ftp://k:s@host/bucket', /S3_URL must start with https:\/\/ or http:\/\//],
    ['https://host/bucket', /S3_URL must carry the key pair/],
    ['https://k:s@host/', /S3_URL must name one bucket/],
    ['https://k:s@host/Bad_Bucket', /S3_URL must name one bucket/],
  ])('refuses S3_URL=%s in one line', (raw, message) => {
    expect(() => loadConfig({ DATA_DIR: dir(), S3_URL: raw })).toThrow(message);
  });

  it('production refuses to start with the simulator', async () => {
    const run = () => loadConfig({ ...base, DATA_DIR: dir(), NODE_ENV: 'production', S3_URL: 'simulator' });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/^Configuration error: S3_URL=simulator is for development/);
    // and the app itself, should a configuration get there another way
    const t = await build({ manualClose: true });
    try {
      await expect(
        buildApp({
          config: {
            ...TEST_CONFIG,
            nodeEnv: 'production',
            publicUrl: 'https://console.example.com',
            s3: 'simulator',
          },
          database: t.database,
        }),
      ).rejects.toThrow(/S3_URL=simulator is for development/);
    } finally {
      await t.close();
    }
  });

  it('development starts the simulator for S3_URL=simulator, and uploads go there', async () => {
    const dataDir = dir();
    const t = await build({ manualClose: true, config: { s3: 'simulator', dataDir } });
    try {
      const eaa = await t.signedIn('eaa');
      const shop = (await t.createShop({ name: '模擬雲端', ownerUserId: eaa.user.id })).account.id;
      const body = multipartFile('file', 'photo.png', 'image/png', TINY_PNG);
      const res = await t.app.inject({
        method: 'POST',
        url: menuUrl('eaa', shop, '/images'),
        headers: { ...eaa.headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const [r] = await queryRows<{ in_bucket: boolean }>(
        t.db,
        sql`select bytes is null as in_bucket from uploads where sha256 = ${sha(TINY_PNG)}`,
      );
      expect(r?.in_bucket).toBe(true);
      const read = await t.app.inject({ method: 'GET', url: res.json().url });
      expect(read.rawPayload.equals(TINY_PNG)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
