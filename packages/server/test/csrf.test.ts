// and 9: state-changing calls carrying a session cookie refuse a foreign Origin /
// Sec-Fetch-Site (a page on another port of the same host is another origin), bodiless POSTs included;
// API answers are not cached. The rules are ours (docs/decisions/foundation.md "Proxy, CSRF, throttling").
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema';
import { build, scopedCast } from './helpers';
import { pos, posShop } from './pos-board-fixtures';

const t = await build({
  config: { publicUrl: 'https://shop.example.com', allowedOrigins: ['https://admin.example.com'] },
});
const { eaa, id } = await scopedCast(t, { name: '跨站測試店', email: 'x@example.com', phone: '0223456789' });

const renew = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/console/apis/eaa/shops/${id}/code`,
    headers: { host: 'localhost:8080', ...eaa.headers, ...headers },
  });
const codeNow = async () =>
  (await t.db.select({ c: accounts.code }).from(accounts).where(eq(accounts.id, id)))[0]?.c;

describe('cross-origin state-changing calls with a session cookie', () => {
  it('a page on another port of the same host cannot renew the binding code (no body, no content type)', async () => {
    const before = await codeNow();
    const res = await renew({ origin: 'http://localhost:9999', 'sec-fetch-site': 'same-site' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'CROSS_ORIGIN',
      message: '不接受來自其他網站的請求，請在本系統的頁面上操作',
    });
    expect(await codeNow()).toBe(before);
  });

  it.each([
    ['cross-site with an Origin', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['cross-site without an Origin', { 'sec-fetch-site': 'cross-site' }],
    ['an older browser: a foreign Origin only', { origin: 'http://localhost:9999' }],
    ['a sandboxed frame (Origin null)', { origin: 'null' }],
    [
      'a JSON body from another origin',
      { origin: 'http://evil.localhost', 'content-type': 'application/json' },
    ],
  ])('refuses %s', async (_name, headers) => {
    expect((await renew(headers as Record<string, string>)).statusCode).toBe(403);
  });

  it.each([
    ['the browser says same-origin', { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' }],
    ['no Origin and no Sec-Fetch-Site (not a browser page)', {}],
    ['an older browser sending our own Origin', { origin: 'http://localhost:8080' }],
    ['PUBLIC_URL’s origin', { origin: 'https://shop.example.com', 'sec-fetch-site': 'same-site' }],
    ['an origin of ALLOWED_ORIGINS', { origin: 'https://admin.example.com', 'sec-fetch-site': 'cross-site' }],
  ])('allows %s', async (_name, headers) => {
    const res = await renew(headers as Record<string, string>);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the POS board cookie is covered too; a bearer-token device is not cookie-borne and passes', async () => {
    const shop = await posShop(t, eaa);
    const foreign = { origin: 'http://localhost:9999', 'sec-fetch-site': 'same-site' };
    const cookie = { cookie: `sd_pos=${t.app.signCookie(shop.token)}`, ...foreign };
    expect((await pos(t, 'POST', '/qcpos/board/manual-accept/off', cookie)).statusCode).toBe(403);
    expect(
      (await pos(t, 'POST', '/qcpos/board/manual-accept/off', { ...shop.auth, ...foreign })).statusCode,
    ).toBe(200);
  });

  it('calls without a session cookie (storefront, sign-in) are not refused for their Origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/console/apis/eaa/signin',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: 'nobody@test.local', password: 'x', type: 'eaa' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('reads (GET) are not state-changing: allowed from anywhere, the same-origin policy keeps their answer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/console/apis/me',
      headers: { ...eaa.headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('Cache-Control', () => {
  it('API answers, errors included, are no-store', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/console/apis/me', headers: eaa.headers });
    expect(me.headers['cache-control']).toBe('no-store');
    const shop = await t.app.inject({
      method: 'GET',
      url: `/console/apis/eaa/shops/${id}`,
      headers: eaa.headers,
    });
    expect(shop.statusCode).toBe(200);
    expect(shop.headers['cache-control']).toBe('no-store');
    const anon = await t.app.inject({ method: 'GET', url: '/console/apis/me' });
    expect(anon.headers['cache-control']).toBe('no-store');
  });
});

// way in 3: the path rules decide on the path the router runs, not on the raw URL. A same-site
// page posted `/%63onsole/apis/qcpos/board/online/off` with a POS cookie and closed the shop.
describe('the cross-site check cannot be walked around by spelling the path another way', () => {
  const foreign = { origin: 'http://localhost:9999', 'sec-fetch-site': 'same-site' };
  const spellings = (path: string) => [
    path.replace('/console/', '/%63onsole/'),
    path.replace('/apis/', '/%61pis/'),
    path.replace('/console/', '/Console/'.toLowerCase().replace('c', '%63')),
    `/${path}`,
    path.replace('/console/apis/', '/console//apis/'),
    path.replace('/console/apis/', '/console/./apis/'),
    path.replace('/console/apis/', '/console/x/../apis/'),
    path.replace('/console/apis/', '/console/apis/%2e/'),
  ];

  it('a POS cookie from another site cannot switch the board off through an encoded path', async () => {
    const shop = await posShop(t, eaa);
    const cookie = { cookie: `sd_pos=${t.app.signCookie(shop.token)}`, ...foreign };
    for (const url of spellings('/console/apis/qcpos/board/online/off')) {
      const res = await t.app.inject({ method: 'POST', url, headers: cookie });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
    }
  });

  it('every state-changing operation, in every spelling, is refused with a foreign Origin', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/console/apis/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    let checked = 0;
    for (const [raw, ops] of Object.entries(doc.paths)) {
      const path = raw.replace(/\{[^}]+\}/g, '1');
      for (const method of Object.keys(ops).map((m) => m.toUpperCase())) {
        if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
        for (const url of spellings(path)) {
          const res = await t.app.inject({
            method: method as 'POST',
            url,
            headers: { ...eaa.headers, ...foreign, 'content-type': 'application/json' },
            payload: '{}',
          });
          expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
          expect(res.headers['cache-control'], `${method} ${url}`).toBe('no-store');
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(8 * 150);
  });

  it('an API answer reached through an encoded path is still no-store', async () => {
    for (const url of ['/%63onsole/apis/me', '/console/%61pis/me']) {
      const res = await t.app.inject({ method: 'GET', url, headers: eaa.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
