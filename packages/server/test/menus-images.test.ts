import { describe, expect, it } from 'vitest';
import { build } from './helpers';
import { menuUrl, multipartFile, seedSmallMenu, TINY_PNG } from './menus-fixtures';

// Product images: stored by the server, at most 2 MB, PNG / JPEG / WebP checked by content.
describe('menu image upload', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const other = await t.signedIn('eaa');
  const shop = (await t.createShop({ name: '好食咖啡', ownerUserId: eaa.user.id })).account.id;
  const upload = (
    content: Buffer,
    name = 'photo.png',
    type = 'image/png',
    headers = eaa.headers,
    accountId = shop,
  ) => {
    const body = multipartFile('file', name, type, content);
    return t.app.inject({
      method: 'POST',
      url: menuUrl('eaa', accountId, '/images'),
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('stores a PNG and serves it back on the public path', async () => {
    const res = await upload(TINY_PNG);
    expect(res.statusCode, res.body).toBe(201);
    const { image, url } = res.json();
    expect(image).toMatch(/^[a-f0-9]{64}\.png$/);
    const read = await t.app.inject({ method: 'GET', url });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(TINY_PNG)).toBe(true);
    // The same bytes are stored once, under the same name.
    expect((await upload(TINY_PNG, 'again.png')).json().image).toBe(image);
  });

  it('checks the type by content, not by the name or the declared type', async () => {
    const res = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({ message: '圖片格式須為 PNG、JPEG 或 WebP', field: 'file' });
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    expect((await upload(jpeg, 'photo.bin', 'application/octet-stream')).json().image).toMatch(/\.jpg$/);
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(32),
    ]);
    expect((await upload(webp, 'photo.webp', 'image/webp')).json().image).toMatch(/\.webp$/);
  });

  it('refuses files over 2 MB', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('圖片大小不可超過 2 MB');
  });

  it('refuses a request without a file, another owner’s shop, and no session', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: menuUrl('eaa', shop, '/images'),
      headers: { ...eaa.headers, 'content-type': 'application/json' },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect((await upload(TINY_PNG, 'a.png', 'image/png', other.headers)).statusCode).toBe(403);
    const anonymous = multipartFile('file', 'a.png', 'image/png', TINY_PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: menuUrl('eaa', shop, '/images'),
      headers: { 'content-type': anonymous.contentType },
      payload: anonymous.payload,
    });
    expect(res.statusCode).toBe(401);
  });

  it('a product names an uploaded image; an unknown name is refused', async () => {
    const { image } = (await upload(TINY_PNG)).json();
    const { product } = await seedSmallMenu(t, 'eaa', eaa.headers, shop, { image });
    expect(product).toMatchObject({ image, imageUrl: `/console/apis/menu-images/${image}` });
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: menuUrl('eaa', shop, `/products/${product.id}`),
      headers: eaa.headers,
      payload: { image: `${'0'.repeat(64)}.png` },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('找不到此圖片，請重新上傳');
    expect(
      (await t.app.inject({ method: 'GET', url: '/console/apis/menu-images/..%2F..%2Fetc%2Fpasswd' }))
        .statusCode,
    ).toBe(404);
  });
});
