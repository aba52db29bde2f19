// The customer app's page with its first screen (docs/decisions/customer-app.md "Customer app: first paint from
// the server"): the landing and the menu carry the shop and the menu the API answers, inlined as JSON that no
// stored text can break out of, and their first screen as HTML; read per request (never a stale menu).

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineJson, shopPage, withShopPage } from '../src/features/orders/storefront/shop-page';
import { SERVER_ROOT } from '../src/paths';
import { build } from './helpers';
import { menuUrl, multipartFile, seedSmallMenu, TINY_PNG } from './menus-fixtures';
import { openShop } from './storefront-fixtures';

const t = await build();
const eaa = await t.signedIn('eaa');

const TEMPLATE =
  '<!doctype html><html><head><title>線上點餐</title><script type="module" src="/a.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const EVIL = '</script><script>alert(1)</script>';

const api = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/console/apis/storefront/v1${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** The page as the browser reads it: the data back from the script element, and the markup. */
const render = async (url: string) => {
  const p = await shopPage(t.db, null, url);
  if (!p) return null;
  const { html } = withShopPage(TEMPLATE, p);
  const json = /<script type="application\/json" id="shop-data">(.*?)<\/script>/s.exec(html)?.[1];
  return { html, data: JSON.parse(json!), root: /<div id="root">(.*)<\/div><\/body>/s.exec(html)?.[1] ?? '' };
};

describe('customer app: the page carries its data', () => {
  it('the menu page inlines the answers of the profile and menu calls, and draws the first screen', async () => {
    const shop = await openShop(t, eaa, {}, { names: { zh: EVIL, en: 'x' }, price: 120 });
    const page = await render(`/shop/${shop.accountId}/menu?mealType=to_go`);
    expect(page).not.toBeNull();
    expect(page!.data.shop).toEqual(await api(`/shops/${shop.accountId}/profile`));
    expect(page!.data.menu).toEqual({
      mealType: 'to_go',
      menu: await api(`/shops/${shop.accountId}/menu?mealType=to_go`),
    });
    // the product's name stays text: in the JSON as \u003c escapes, in the markup as entities
    expect(page!.html.match(/<script/g)).toHaveLength(2);
    expect(page!.html).not.toContain(EVIL);
    expect(page!.root).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page!.root).toContain('NT$120');
    expect(page!.root).toContain('class="tab on"');
    expect(page!.root).toContain('data-first-screen');
  });

  it('a change of the menu shows on the next page (read per request)', async () => {
    const shop = await openShop(t, eaa);
    const first = await render(`/shop/${shop.accountId}/menu?mealType=to_go`);
    expect(first!.root).not.toContain('鍋燒意麵');
    await seedSmallMenu(t, 'eaa', eaa.headers, shop.accountId, {
      names: { zh: '鍋燒意麵', en: 'Pot noodles' },
      price: 95,
      mealTypes: ['to_go'],
    });
    const next = await render(`/shop/${shop.accountId}/menu?mealType=to_go`);
    expect(next!.root).toContain('鍋燒意麵');
    expect(next!.data.menu.menu.classes.flatMap((c: { products: unknown[] }) => c.products)).toHaveLength(2);
  });

  it('the landing draws the shop; other pages carry the shop only; an unknown shop gets the plain page', async () => {
    const shop = await openShop(t, eaa, { name: 'A&B <小吃>' });
    const landing = await render(`/shop/${shop.accountId}`);
    expect(landing!.html).toContain('<title>A&amp;B &lt;小吃&gt;</title>');
    expect(landing!.root).toContain('<h1>A&amp;B &lt;小吃&gt;</h1>');
    expect(landing!.root).toContain(`href="/shop/${shop.accountId}/menu?mealType=to_go"`);
    expect(landing!.data.menu).toBeUndefined();
    const orders = await render(`/shop/${shop.accountId}/orders`);
    expect(orders!.root).toBe('');
    expect(orders!.data.shop.id).toBe(shop.accountId);
    expect(await shopPage(t.db, null, '/shop/999999/menu')).toBeNull();
  });

  it('a table link fixes the meal type; a staff link gets no first screen (the app shows its banner)', async () => {
    const shop = await openShop(t, eaa);
    const table = await render(`/shop/${shop.accountId}/menu?mealType=eat_in&table=Z9`);
    expect(table!.root).toContain('meal-fixed');
    expect(table!.root).toContain('桌號 Z9');
    expect(table!.data.menu.mealType).toBe('eat_in');
    const staff = await render(`/shop/${shop.accountId}/menu?staff=x`);
    expect(staff!.root).toBe('');
    expect(staff!.data.menu).toBeUndefined();
  });

  it('inlined JSON escapes what could end the script element', () => {
    const s = inlineJson({ a: '</script><!--', b: '\u2028\u2029', c: "$' $&" });
    expect(s).not.toMatch(/[<>\u2028\u2029]/);
    expect(JSON.parse(s)).toEqual({ a: '</script><!--', b: '\u2028\u2029', c: "$' $&" });
    // replacement patterns in stored text are not applied to the page
    const { html } = withShopPage(TEMPLATE, {
      data: { shopId: 1, shop: {} as never },
      title: "$' $&",
      markup: "<p>$'</p>",
      head: '',
    });
    expect(html).toContain('<title>$&#39; $&amp;</title>');
    expect(html).toContain('<div id="root"><p>$\'</p></div>');
  });

  // docs/decisions/customer-app.md "Customer app: the photo before the script"
  it('with a first photo the entry loads after it, by an inline script the answer names by its hash', () => {
    const vite =
      '<!doctype html><html><head><title>x</title><script type="module" crossorigin src="/console/shop/assets/shop-Ab1.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/console/shop/assets/runtime-Cd2.js">\n' +
      '</head><body><div id="root"></div></body></html>';
    const page = { data: { shopId: 1, shop: {} as never }, title: 't', markup: '<img fetchpriority="high">' };
    const plain = withShopPage(vite, { ...page, head: '' });
    expect(plain.scriptHash).toBeNull();
    expect(plain.html).toContain('<script type="module" crossorigin src="/console/shop/assets/shop-Ab1.js">');
    const photo = withShopPage(vite, { ...page, head: '<link rel="preload" as="image" href="/p.webp">' });
    expect(photo.html).not.toContain('src="/console/shop/assets/shop-Ab1.js"');
    expect(photo.html).not.toContain('modulepreload');
    expect(photo.html.indexOf('rel="preload"')).toBeLessThan(photo.html.indexOf('<script type="module">'));
    const inline = /<script type="module">(.*?)<\/script>/s.exec(photo.html)![1]!;
    expect(inline).toContain('import("/console/shop/assets/shop-Ab1.js")');
    expect(photo.scriptHash).toBe(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
  });
});

const built = existsSync(path.resolve(SERVER_ROOT, '../web/dist/shop/shop.html'));
describe.skipIf(!built)('customer app: /shop/{id}/menu from the web build', () => {
  it('answers the page with its data and the stylesheet inlined; an unknown shop the plain page', async () => {
    const shop = await openShop(t, eaa);
    const res = await t.app.inject({ method: 'GET', url: `/shop/${shop.accountId}/menu` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('id="shop-data"');
    expect(res.body).toContain('<style>');
    expect(res.body).not.toMatch(/<link rel="stylesheet"/);
    const unknown = await t.app.inject({ method: 'GET', url: '/shop/999999/menu' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('id="shop-data"');
  });

  it('a menu with a photo loads the app after it; its CSP allows that inline script and no other', async () => {
    const shop = await openShop(t, eaa);
    const plain = await t.app.inject({ method: 'GET', url: `/shop/${shop.accountId}/menu?mealType=to_go` });
    expect(plain.body).toMatch(
      /<script type="module" crossorigin src="\/console\/shop\/assets\/shop-[^"]+\.js">/,
    );
    expect(plain.headers['content-security-policy']).not.toContain('sha256-');
    const body = multipartFile('file', 'photo', 'image/png', TINY_PNG);
    const up = await t.app.inject({
      method: 'POST',
      url: menuUrl('eaa', shop.accountId, '/images'),
      headers: { ...eaa.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    await seedSmallMenu(t, 'eaa', eaa.headers, shop.accountId, {
      names: { zh: '有圖的飯', en: 'Rice with a photo' },
      image: up.json().image,
      mealTypes: ['to_go'],
    });
    const res = await t.app.inject({ method: 'GET', url: `/shop/${shop.accountId}/menu?mealType=to_go` });
    expect(res.statusCode).toBe(200);
    const inline = /<script type="module">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(inline).toMatch(/import\("\/console\/shop\/assets\/shop-[^"]+\.js"\)/);
    const hash = `'sha256-${createHash('sha256').update(inline!).digest('base64')}'`;
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!;
    expect(scriptSrc.split(' ')).toContain(hash);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc.match(/sha256-/g)).toHaveLength(1);
  });
});
