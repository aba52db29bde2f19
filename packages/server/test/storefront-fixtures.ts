import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { accounts } from '../src/db/schema';
import type { build } from './helpers';
import { menuUrl, seedSmallMenu } from './menus-fixtures';

type T = Awaited<ReturnType<typeof build>>;
type Headers = { cookie: string };

export const storefrontUrl = (accountId: number, rest: string) =>
  `/console/apis/storefront/v1/shops/${accountId}${rest}`;

/**
 * An online shop taking to-go and delivery orders, open all day (no saved periods), with one product
 * (NT$45) whose extra options are set by `product`. Everything else comes from the business defaults.
 */
export const openShop = async (
  t: T,
  owner: { user: { id: number }; headers: Headers },
  shop: Record<string, unknown> = {},
  product: Record<string, unknown> = {},
  opts: { manual?: boolean } = {},
) => {
  const { account } = await t.createShop({
    name: `店 ${randomUUID().slice(0, 6)}`,
    ownerUserId: owner.user.id,
    isEnabled: true,
    isToGo: true,
    isToGoCash: true,
    isDelivery: true,
    isDeliveryCash: true,
    lat: '25.033000',
    lng: '121.565000',
    deliveryDistanceTh: '3',
    ...shop,
  });
  if (opts.manual) await t.db.update(accounts).set({ isManual: true }).where(eq(accounts.id, account.id));
  const menu = await seedSmallMenu(t, 'eaa', owner.headers, account.id, {
    mealTypes: ['eat_in', 'to_go', 'delivery'],
    ...product,
  });
  return { accountId: account.id, productId: menu.product.id, classId: menu.classId };
};

/** An option group with options on a product, through the menu API. */
export const addGroup = async (
  t: T,
  headers: Headers,
  accountId: number,
  productId: number,
  group: Record<string, unknown>,
  options: { zh: string; priceDelta: number }[],
) => {
  const g = await t.app.inject({
    method: 'POST',
    url: menuUrl('eaa', accountId, `/products/${productId}/option-groups`),
    headers,
    payload: group,
  });
  expect(g.statusCode, g.body).toBe(201);
  const groupId = g.json().group.id as number;
  const ids: number[] = [];
  for (const o of options) {
    const r = await t.app.inject({
      method: 'POST',
      url: menuUrl('eaa', accountId, `/option-groups/${groupId}/options`),
      headers,
      payload: { names: { zh: o.zh }, priceDelta: o.priceDelta },
    });
    expect(r.statusCode, r.body).toBe(201);
    ids.push(r.json().option.id as number);
  }
  return { groupId, optionIds: ids };
};

export const orderBody = (productId: number, extra: Record<string, unknown> = {}) => ({
  mealType: 'to_go',
  customer: { name: '王小明', phone: '0912345678' },
  items: [{ productId, quantity: 1, optionIds: [] }],
  paymentMethod: 'cash',
  ...extra,
});

/** A loopback address of its own per call: the storefront rate limit counts per client address. */
export const someClient = () => `127.${rnd()}.${rnd()}.${rnd()}`;
const rnd = () => Math.floor(Math.random() * 250) + 1;

export const postOrder = (
  t: T,
  accountId: number,
  body: unknown,
  key: string = randomUUID(),
  remoteAddress: string = someClient(),
) =>
  t.app.inject({
    method: 'POST',
    url: storefrontUrl(accountId, '/orders'),
    headers: { 'idempotency-key': key },
    payload: body as Record<string, unknown>,
    remoteAddress,
  });
