// Entrance portals (docs/decisions/platform.md "Portal logo, shop order and station audit"): a route's
// {portalKey} of digits names the portal by its number, the logo upload (bounded type and size, checked by
// content) shown on the public page, and the drag-and-drop order of its shops that the public page follows.
import { PORTAL_LOGO_BYTES, PORTAL_MESSAGES } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import { build } from './helpers';
import { multipartFile, TINY_PNG } from './menus-fixtures';

const t = await build();
const gaa = await t.signedIn('gaa');
const eaa = await t.signedIn('eaa');
const names = ['甲店', '乙店', '丙店', '丁店'];
const shops: number[] = [];
for (const name of names) shops.push((await t.createShop({ name })).account.id);

type Json = Record<string, unknown>;
const api = (method: string, url: string, payload?: Json, headers: object = gaa.headers) =>
  t.app.inject({
    method: method as 'GET',
    url: `/console/apis${url}`,
    headers: headers as Record<string, string>,
    payload,
  });
const upload = (content: Buffer, type = 'image/png', name = 'logo.png', headers: object = gaa.headers) => {
  const body = multipartFile('file', name, type, content);
  return t.app.inject({
    method: 'POST',
    url: '/console/apis/gaa/portal-logos',
    headers: { ...(headers as Record<string, string>), 'content-type': body.contentType },
    payload: body.payload,
  });
};
/** The shop names on the public page, top to bottom. */
const publicOrder = async (key: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/p/${key}` });
  expect(res.statusCode).toBe(200);
  return [...res.body.matchAll(/<span class="name">([^<]+)<\/span>/g)].map((m) => m[1]);
};

const created = await api('POST', '/gaa/portals', { key: 'logo-order', name: '排序測試' });
expect(created.statusCode, created.body).toBe(201);
const portalId = created.json().portal.id as number;
await api('POST', '/gaa/portals/logo-order/shops', { shopIds: shops });

describe('a portal named by its number (the console routes use {portalKey})', () => {
  it('digits find the portal by its id; a key of digits only is refused; a missing one is 404', async () => {
    const byId = await api('GET', `/gaa/portals/${portalId}`);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().portal).toMatchObject({ id: portalId, key: 'logo-order', shopCount: 4 });
    expect((await api('GET', `/gaa/portals/${portalId}/shops`)).json().total).toBe(4);
    const digits = await api('POST', '/gaa/portals', { key: '2024', name: '數字' });
    expect(digits.statusCode).toBe(400);
    expect(digits.body).toContain(PORTAL_MESSAGES.keyDigits.zh);
    const missing = await api('GET', '/gaa/portals/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(PORTAL_MESSAGES.notFound.zh);
    expect((await api('GET', '/gaa/portals/no-such-portal/shops')).statusCode).toBe(404);
  });
});

describe('logo upload', () => {
  it('stores a PNG, serves it publicly, and the public page shows it once the portal points at it', async () => {
    const res = await upload(TINY_PNG);
    expect(res.statusCode, res.body).toBe(201);
    const { image, url } = res.json();
    expect(image).toMatch(/^[a-f0-9]{64}\.png$/);
    expect(url).toBe(`/console/apis/portal-logos/${image}`);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);

    const saved = await api('PUT', `/gaa/portals/${portalId}`, { name: '排序測試', logoUrl: url });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().portal.logoUrl).toBe(url);
    const page = await t.app.inject({ method: 'GET', url: '/p/logo-order' });
    expect(page.body).toContain(`<img src="${url}"`);
  });

  it('refuses what is not an image by its bytes (415), too large (413), no file (400), not gaa (403)', async () => {
    const fake = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png', 'x.png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe(PORTAL_MESSAGES.logoType.zh);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(PORTAL_LOGO_BYTES)]);
    const large = await upload(big);
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBe(PORTAL_MESSAGES.logoSize.zh);
    const none = await api('POST', '/gaa/portal-logos', { file: 'x' });
    expect(none.statusCode).toBe(400);
    expect((await upload(TINY_PNG, 'image/png', 'a.png', eaa.headers)).statusCode).toBe(403);
    expect((await upload(TINY_PNG, 'image/png', 'a.png', {})).statusCode).toBe(401);
  });

  it('a logo URL naming an upload this server does not hold is a 400; an outside one must be https', async () => {
    const ghost = `/console/apis/portal-logos/${'a'.repeat(64)}.png`;
    const res = await api('PUT', `/gaa/portals/${portalId}`, { name: '排序測試', logoUrl: ghost });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(PORTAL_MESSAGES.logoUnknown.zh);
    const http = await api('PUT', `/gaa/portals/${portalId}`, {
      name: '排序測試',
      logoUrl: 'http://x.test/a.png',
    });
    expect(http.statusCode).toBe(400);
    const other = await api('PUT', `/gaa/portals/${portalId}`, {
      name: '排序測試',
      logoUrl: '/console/apis/menu-images/../../etc/passwd',
    });
    expect(other.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/console/apis/portal-logos/x.svg' })).statusCode).toBe(
      404,
    );
  });
});

describe('shop order by drag and drop', () => {
  it('the listed shops take the places they held, the whole list is renumbered and the public page follows', async () => {
    expect(await publicOrder('logo-order')).toEqual(names);
    // the whole list: 丁 to the top
    const all = await api('PUT', '/gaa/portals/logo-order/shop-order', {
      shopIds: [shops[3], shops[0], shops[1], shops[2]],
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(await publicOrder('logo-order')).toEqual(['丁店', '甲店', '乙店', '丙店']);
    // a part of it (a searched page): 乙 and 丙 swap their places, the others stay
    const part = await api('PUT', `/gaa/portals/${portalId}/shop-order`, { shopIds: [shops[2], shops[1]] });
    expect(part.statusCode, part.body).toBe(200);
    expect(await publicOrder('logo-order')).toEqual(['丁店', '甲店', '丙店', '乙店']);
    const rows = (await api('GET', '/gaa/portals/logo-order/shops')).json().rows as Json[];
    expect(rows.map((r) => [r.name, r.displayOrder])).toEqual([
      ['丁店', 1],
      ['甲店', 2],
      ['丙店', 3],
      ['乙店', 4],
    ]);
  });

  it('refuses a shop not in the portal, a repeated one, an empty list, and callers other than gaa', async () => {
    const outsider = (await t.createShop({ name: '外店' })).account.id;
    const stranger = await api('PUT', '/gaa/portals/logo-order/shop-order', { shopIds: [outsider] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.message).toBe(PORTAL_MESSAGES.orderMismatch.zh);
    expect(
      (await api('PUT', '/gaa/portals/logo-order/shop-order', { shopIds: [shops[0], shops[0]] })).statusCode,
    ).toBe(400);
    expect((await api('PUT', '/gaa/portals/logo-order/shop-order', { shopIds: [] })).statusCode).toBe(400);
    expect(
      (await api('PUT', '/gaa/portals/logo-order/shop-order', { shopIds: [shops[0]] }, eaa.headers))
        .statusCode,
    ).toBe(403);
    expect((await api('PUT', '/gaa/portals/nope/shop-order', { shopIds: [shops[0]] })).statusCode).toBe(404);
    expect(await publicOrder('logo-order')).toEqual(['丁店', '甲店', '丙店', '乙店']);
  });
});
