// the examples the issue names answer 400 naming the field, never 500.
import { randomUUID } from 'node:crypto';
import { BOUNDS_MESSAGES, TIMING_MESSAGES } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import { build } from './helpers';
import { menuUrl } from './menus-fixtures';
import { openShop, orderBody, storefrontUrl } from './storefront-fixtures';

const t = await build({ config: { storefrontRateLimit: 1000 } });
const gaa = await t.signedIn('gaa');
const owner = await t.signedIn('eaa');
const shop = await openShop(t, owner);

const call = (method: string, url: string, headers: Record<string, string> | undefined, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url: `/console/apis${url}`, headers, payload: payload as object });
const refusal = (res: { statusCode: number; json: () => { error: { field?: string; message: string } } }) => {
  expect(res.statusCode).toBe(400);
  return res.json().error;
};

describe('text PostgreSQL cannot store (item 4)', () => {
  it('a NUL in the customer name of a public storefront order is a 400 on customer.name', async () => {
    const body = orderBody(shop.productId, { customer: { name: 'a\u0000b', phone: '0912345678' } });
    const res = await t.app.inject({
      method: 'POST',
      url: storefrontUrl(shop.accountId, '/orders'),
      headers: { 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(refusal(res)).toMatchObject({ field: 'customer.name', message: BOUNDS_MESSAGES.badCharacters.zh });
  });

  it('a lone surrogate in a product name is a 400 on names.zh; an emoji is kept', async () => {
    const url = menuUrl('eaa', shop.accountId, `/products/${shop.productId}`).replace('/console/apis', '');
    const bad = await call('PATCH', url, owner.headers, { names: { zh: 'a\uD800' } });
    expect(refusal(bad)).toMatchObject({ field: 'names.zh' });
    const ok = await call('PATCH', url, owner.headers, { names: { zh: '拉麵🍜' } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a NUL in the POS sign-in username is a 400 on username', async () => {
    const res = await call('POST', '/qcpos/signin', undefined, { username: 'a\u0000b', password: 'x' });
    expect(refusal(res)).toMatchObject({ field: 'username' });
  });

  it('a NUL in the shop search and the tag filter is a 400 on the query value', async () => {
    const search = await call('GET', `/gaa/shops/query?query=${encodeURIComponent('a\u0000b')}`, gaa.headers);
    expect(refusal(search)).toMatchObject({ field: 'query' });
    const tag = await call('GET', `/gaa/shops/query?queryByTag=a%00b`, gaa.headers);
    expect(refusal(tag).field).toMatch(/^queryByTag/);
    // A lone surrogate's bytes in a URL are not UTF-8: the query parser makes them U+FFFD, which is storable.
    const bytes = await call('GET', `/gaa/shops/query?queryByTag=%ED%A0%80`, gaa.headers);
    expect(bytes.statusCode).toBeLessThan(500);
  });
});

describe('numbers beyond their column (item 5)', () => {
  const url = `/gaa/shops/${shop.accountId}/timing`;
  const timing = {
    eat_in_waiting_time: 10,
    to_go_waiting_time: 15,
    delivery_waiting_time: 40,
    time_sector_days: 2,
    time_sector_length: 15,
  };

  it('eat_in_waiting_time 1e20 is a 400 on the field', async () => {
    const res = await call('PUT', url, gaa.headers, { ...timing, eat_in_waiting_time: 1e20 });
    expect(refusal(res)).toMatchObject({ field: 'eat_in_waiting_time' });
  });

  it('65.5 into an integer column is refused, not rounded', async () => {
    const res = await call('PUT', url, gaa.headers, { ...timing, to_go_waiting_time: 65.5 });
    expect(refusal(res)).toMatchObject({ field: 'to_go_waiting_time', message: BOUNDS_MESSAGES.integer.zh });
    const days = await call('PUT', url, gaa.headers, { ...timing, time_sector_days: 2.5 });
    expect(refusal(days)).toMatchObject({ field: 'time_sector_days', message: TIMING_MESSAGES.daysMax.zh });
  });

  it('an id beyond int32 in a path is a 400, not a database error', async () => {
    const res = await call('GET', `/gaa/shops/2147483648/timing`, gaa.headers);
    expect(refusal(res)).toMatchObject({ field: 'accountId' });
  });

  it('the shop edit form numbers are bounded by their columns', async () => {
    const current = await call('GET', `/gaa/shops/${shop.accountId}`, gaa.headers);
    expect(current.statusCode, current.body).toBe(200);
    const businessData = { ...current.json().businessData, bufferTime: 1e20 };
    const res = await call('PUT', `/gaa/shops/${shop.accountId}`, gaa.headers, {
      ...(current.json() as object),
      businessData,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toMatch(/bufferTime$/);
  });
});

describe('broken multipart bodies (item 6)', () => {
  const boundary = 'b0undary';
  const whole = `--${boundary}\r\nContent-Disposition: form-data; name="excel"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004abc\r\n--${boundary}--\r\n`;
  const upload = (url: string, type: string, payload: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...owner.headers, 'content-type': type }, payload });

  it('a spreadsheet upload without a boundary or cut short is a 400 on the file field', async () => {
    for (const [type, payload] of [
      ['multipart/form-data', whole],
      [`multipart/form-data; boundary=${boundary}`, whole.slice(0, -30)],
      [`multipart/form-data; boundary=${boundary}`, whole.slice(0, 30)],
    ] as const) {
      const res = await upload('/console/apis/excel-upload', type, payload);
      expect(refusal(res)).toMatchObject({ field: 'excel' });
    }
  });

  it('a menu image upload cut short is a 400 on the file field', async () => {
    const image = whole.replace('name="excel"', 'name="file"');
    const url = menuUrl('eaa', shop.accountId, '/images');
    for (const [type, payload] of [
      ['multipart/form-data', image],
      [`multipart/form-data; boundary=${boundary}`, image.slice(0, -30)],
    ] as const) {
      expect(refusal(await upload(url, type, payload))).toMatchObject({ field: 'file' });
    }
  });

  it('a file name with a NUL is refused, not stored', async () => {
    const res = await upload(
      '/console/apis/excel-upload',
      `multipart/form-data; boundary=${boundary}`,
      whole.replace('a.xlsx', 'a\u0000.xlsx'),
    );
    expect(refusal(res)).toMatchObject({ field: 'excel' });
  });
});
