import { addDays, localToday } from '@shopdesk/contract';
import { expect } from 'vitest';
import type { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

type T = Awaited<ReturnType<typeof build>>;
type Headers = { cookie: string };

export const today = () => localToday();
export const daysAgo = (n: number) => addDays(localToday(), -n);

/** /console/apis/{type}/summary/orders[...] */
export const summaryUrl = (type: string, rest = '', query: Record<string, string | number> = {}) => {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return `/console/apis/${type}/summary/orders${rest}${qs ? `?${qs}` : ''}`;
};

/**
 * The cast of the order-summary tests: shop A (SI quickclick, owned by `eaa`, manual acceptance so orders
 * stay new) with its line user, and shop B of another SI and owner; one order placed in each.
 */
export const summaryCast = async (t: T) => {
  const quick = await t.createSiAccount('quickclick');
  const life = await t.createSiAccount('lifeplus');
  const gaa = await t.signedIn('gaa');
  const si = await t.signedIn('si', { siAccountId: quick.id });
  const otherSi = await t.signedIn('si', { siAccountId: life.id });
  const eaa = await t.signedIn('eaa');
  const otherEaa = await t.signedIn('eaa');
  const shopA = await openShop(t, eaa, { siAccountId: quick.id }, {}, { manual: true });
  const shopB = await openShop(t, otherEaa, { siAccountId: life.id });
  const line = await t.signedIn('line', { shopAccountId: shopA.accountId });
  const place = async (accountId: number, productId: number, extra: Record<string, unknown> = {}) => {
    const res = await postOrder(t, accountId, orderBody(productId, extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order as { id: number; serial: number; status: string };
  };
  return { quick, life, gaa, si, otherSi, eaa, otherEaa, line, shopA, shopB, place };
};

export const get = (t: T, url: string, headers?: Headers) => t.app.inject({ method: 'GET', url, headers });
export const post = (t: T, url: string, headers?: Headers, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });
