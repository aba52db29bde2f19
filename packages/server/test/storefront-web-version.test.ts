// The ordering web version (spec 000 §2 "Table QR code screen", §3 `version`; docs/decisions/customer-app.md
// "Web version"): the table QR link carries `v`, the shop's version reaches the customer app, and the link's
// `v` wins over the shop's (contract webVersionOf). The layouts themselves: e2e shop-app-web-version.test.ts.
import { webVersionOf } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses } from '../src/db/schema';
import { build } from './helpers';
import { openShop, storefrontUrl } from './storefront-fixtures';

const t = await build();
const owner = await t.signedIn('eaa');
const gaa = await t.signedIn('gaa');

const profile = async (id: number) => {
  const res = await t.app.inject({ method: 'GET', url: storefrontUrl(id, '/profile') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const saveVersion = async (id: number, version: unknown) => {
  const shop = await t.app.inject({
    method: 'GET',
    url: `/console/apis/gaa/shops/${id}`,
    headers: gaa.headers,
  });
  return t.app.inject({
    method: 'PUT',
    url: `/console/apis/gaa/shops/${id}`,
    headers: gaa.headers,
    payload: {
      businessData: {
        ...shop.json().businessData,
        businessEmail: 'shop@example.com',
        businessPhone: '0223456789',
        businessAddress: '台北市中正區重慶南路一段 1 號',
        version,
      },
    },
  });
};

describe('the shop’s web version reaches the customer app', () => {
  it('a new shop is Web2.0 (the column’s default); the edit form’s QC1.0 makes the profile say 1', async () => {
    const { accountId } = await openShop(t, owner);
    const [row] = await t.db
      .select({ v: businesses.version })
      .from(businesses)
      .where(eq(businesses.id, accountId));
    expect(row!.v).toBe(2);
    expect((await profile(accountId)).webVersion).toBe(2);

    const saved = await saveVersion(accountId, 1);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await profile(accountId)).webVersion).toBe(1);
    expect((await saveVersion(accountId, 2)).statusCode).toBe(200);
    expect((await profile(accountId)).webVersion).toBe(2);
  });

  it('a version other than 1 or 2 is refused (400) and nothing is written', async () => {
    const { accountId } = await openShop(t, owner);
    const res = await saveVersion(accountId, 3);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toContain('version');
    expect((await profile(accountId)).webVersion).toBe(2);
  });
});

describe('the table QR link names the version; the link wins over the shop', () => {
  it('a QC1.0 code links with v=1, a Web2.0 one with v=2', async () => {
    const { accountId } = await openShop(t, owner);
    const res = await t.app.inject({
      method: 'POST',
      url: `/console/apis/gaa/shops/${accountId}/qrcode`,
      headers: gaa.headers,
      payload: [
        { tableNumber: 'C1', qrType: 'eatIn', webVersion: 1 },
        { tableNumber: 'C2', qrType: 'eatIn', webVersion: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [v1, v2] = res.json().results as { link: string }[];
    expect(new URL(v1!.link).searchParams.get('v')).toBe('1');
    expect(new URL(v2!.link).searchParams.get('v')).toBe('2');
    // what the app opens for each link, for a shop on either version
    for (const shopVersion of [1, 2] as const) {
      expect(webVersionOf(new URL(v1!.link).searchParams.get('v'), shopVersion)).toBe(1);
      expect(webVersionOf(new URL(v2!.link).searchParams.get('v'), shopVersion)).toBe(2);
    }
  });

  it('a link without v (rich menu, shop info) opens the shop’s version; an unknown v is ignored', () => {
    expect(webVersionOf(null, 1)).toBe(1);
    expect(webVersionOf(null, 2)).toBe(2);
    expect(webVersionOf('3', 1)).toBe(1);
    expect(webVersionOf('', 2)).toBe(2);
  });
});
