// product images are resized on upload (sharp: WebP at MENU_IMAGE_WIDTHS), served under
// `{sha}.w{width}.webp` with immutable caching; the customer app names them in `srcset`.
import { MENU_IMAGE_WIDTHS, menuImageSrcset } from '@shopdesk/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { build } from './helpers';
import { menuUrl, multipartFile, TINY_PNG } from './menus-fixtures';

const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    [format]()
    .toBuffer();

describe('product image sizes', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const shop = (await t.createShop({ name: '尺寸小館', ownerUserId: eaa.user.id })).account.id;
  const upload = async (content: Buffer, type = 'image/png') => {
    const body = multipartFile('file', 'photo', type, content);
    const res = await t.app.inject({
      method: 'POST',
      url: menuUrl('eaa', shop, '/images'),
      headers: { ...eaa.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { image: string; url: string };
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const variants = async () =>
    (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from upload_variants`))[0]!.n;

  it('an upload is resized at each width as WebP, served with an ETag and immutable caching', async () => {
    const before = await variants();
    const { url } = await upload(await picture(1600, 1200));
    expect(await variants()).toBe(before + MENU_IMAGE_WIDTHS.length); // made on upload, not on first read
    const srcset = menuImageSrcset(url)!;
    const candidates = srcset.split(', ').map((c) => c.split(' ') as [string, string]);
    expect(candidates.map((c) => c[1])).toEqual(['320w', '640w', '1280w']);
    for (const [variantUrl, w] of candidates) {
      const res = await get(variantUrl);
      expect(res.statusCode, variantUrl).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toMatch(/^"[a-f0-9]{64}"$/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(`${meta.width}w`).toBe(w);
      expect(meta.height).toBe((Number.parseInt(w, 10) * 3) / 4);
    }
  });

  it('an image not wider than a width is served as it is there, never enlarged', async () => {
    const small = await picture(500, 300, 'jpeg');
    const { url } = await upload(small, 'image/jpeg');
    const [w320, w640, w1280] = menuImageSrcset(url)!
      .split(', ')
      .map((c) => c.split(' ')[0]!);
    expect((await sharp((await get(w320!)).rawPayload).metadata()).width).toBe(320);
    for (const u of [w640!, w1280!]) {
      const res = await get(u);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(small)).toBe(true);
    }
  });

  it('an image stored before resizing gets its copies on first read; bytes that do not decode answer as they are', async () => {
    const old = await t.app.uploads.put(await picture(900, 900), 'image/png');
    const res = await get(`/console/apis/menu-images/${old.sha256}.w640.webp`);
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
    // the same copy again (recorded), not a new one
    const again = await get(`/console/apis/menu-images/${old.sha256}.w640.webp`);
    expect(again.headers.etag).toBe(res.headers.etag);
    const broken = Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.alloc(64, 7)]);
    const { image } = await upload(broken);
    const sha = image.split('.')[0];
    const b = await get(`/console/apis/menu-images/${sha}.w320.webp`);
    expect(b.statusCode).toBe(200);
    expect(b.rawPayload.equals(broken)).toBe(true);
  });

  it('unknown sources, other widths and outside URLs: 404 and no srcset', async () => {
    expect((await get(`/console/apis/menu-images/${'c'.repeat(64)}.w320.webp`)).statusCode).toBe(404);
    const { image } = await upload(await picture(800, 600));
    const sha = image.split('.')[0];
    expect((await get(`/console/apis/menu-images/${sha}.w500.webp`)).statusCode).toBe(404);
    expect((await get(`/console/apis/menu-images/${sha}.w320.png`)).statusCode).toBe(404);
    expect(menuImageSrcset('https://example.com/a.png')).toBeUndefined();
    expect(menuImageSrcset(null)).toBeUndefined();
  });
});
