import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { build } from './helpers';
import { openShop, orderBody, postOrder } from './storefront-fixtures';

type T = Awaited<ReturnType<typeof build>>;
type Owner = Awaited<ReturnType<T['signedIn']>>;

/** A shop with a menu, a POS user added by its owner and signed in: `auth` carries the POS bearer token. */
export const posShop = async (t: T, owner: Owner, opts: { manual?: boolean } = {}) => {
  const shop = await openShop(t, owner, {}, {}, { manual: opts.manual ?? true });
  const username = `pos-${randomUUID().slice(0, 8)}`;
  const added = await t.app.inject({
    method: 'POST',
    url: '/console/apis/qcpos/signup',
    headers: owner.headers,
    payload: { username, password: 'pos-password', shopId: shop.accountId },
  });
  expect(added.statusCode, added.body).toBe(201);
  const signin = await t.app.inject({
    method: 'POST',
    url: '/console/apis/qcpos/signin',
    payload: { username, password: 'pos-password' },
  });
  expect(signin.statusCode, signin.body).toBe(200);
  const token = signin.json().user.token as string;
  return { ...shop, username, token, auth: { authorization: `Bearer ${token}` } };
};

export const placeOrder = async (t: T, accountId: number, productId: number, extra = {}) => {
  const res = await postOrder(t, accountId, orderBody(productId, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: number; serial: number; status: string };
};

export const pos = (
  t: T,
  method: 'GET' | 'POST',
  path: string,
  auth?: Record<string, string>,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/console/apis${path}`,
    headers: auth,
    payload: payload ?? (method === 'POST' ? {} : undefined),
  });
