// The availability check with a cart: it answers what order intake answers for the same cart,
// so a below-minimum cart or a payment mode the meal type does not take cannot get "ok" while intake refuses.
import { describe, expect, it } from 'vitest';
import { build } from './helpers';
import { openShop, orderBody, postOrder, someClient, storefrontUrl } from './storefront-fixtures';

const near = { address: '台北市信義路五段7號', lat: 25.034, lng: 121.564 };

describe('availability with a cart runs the checks of order intake', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const check = async (accountId: number, body: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: storefrontUrl(accountId, '/availability'),
      payload: body as object,
      remoteAddress: someClient(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { ok: boolean; blocking: { code: string; message: string } | null };
  };
  const intakeCode = async (accountId: number, body: unknown) =>
    (await postOrder(t, accountId, body)).json().error?.code;

  it('a delivery cart below the minimum amount: refused by both, with the same code (spec 001 §2.2)', async () => {
    const s = await openShop(t, eaa, { deliveryAmtTh: 100 });
    const items = [{ productId: s.productId, quantity: 1 }];
    // without a cart the panel could only say ok
    const bare = await t.app.inject({
      method: 'GET',
      url: storefrontUrl(s.accountId, '/availability?mealType=delivery'),
      remoteAddress: someClient(),
    });
    expect(bare.json().ok).toBe(true);
    const answer = await check(s.accountId, {
      mealType: 'delivery',
      items,
      paymentMethod: 'cash',
      point: near,
    });
    expect(answer.blocking?.code).toBe('BELOW_DELIVERY_MINIMUM');
    const body = orderBody(s.productId, { mealType: 'delivery', delivery: near });
    expect(await intakeCode(s.accountId, body)).toBe('BELOW_DELIVERY_MINIMUM');
    // three of the NT$45 product reach NT$100: both take it
    const enough = [{ productId: s.productId, quantity: 3 }];
    expect(
      await check(s.accountId, { mealType: 'delivery', items: enough, paymentMethod: 'cash', point: near }),
    ).toEqual({
      ok: true,
      blocking: null,
      nextAcceptedAt: null,
      delivery: null,
    });
    expect((await postOrder(t, s.accountId, { ...body, items: enough })).statusCode).toBe(201);
  });

  it('a payment mode the meal type does not take: refused by both', async () => {
    const s = await openShop(t, eaa, { isToGoPay: false });
    const items = [{ productId: s.productId, quantity: 1 }];
    const answer = await check(s.accountId, { mealType: 'to_go', items, paymentMethod: 'online' });
    expect(answer.blocking?.code).toBe('PAYMENT_METHOD_OFF');
    expect(await intakeCode(s.accountId, orderBody(s.productId, { paymentMethod: 'online' }))).toBe(
      'PAYMENT_METHOD_OFF',
    );
    expect((await check(s.accountId, { mealType: 'to_go', items, paymentMethod: 'cash' })).ok).toBe(true);
  });

  it('pricing refusals of intake too: an unknown product, more than the stock left', async () => {
    const s = await openShop(t, eaa, {}, { dailyStock: 2 });
    const unknown = await check(s.accountId, {
      mealType: 'to_go',
      items: [{ productId: 999_999, quantity: 1 }],
    });
    expect(unknown.blocking?.code).toBe('UNKNOWN_PRODUCT');
    const many = await check(s.accountId, {
      mealType: 'to_go',
      items: [{ productId: s.productId, quantity: 3 }],
    });
    // docs/decisions/customer-app.md "Stock left": fewer left than ordered is not "sold out"
    expect(many.blocking?.code).toBe('NOT_ENOUGH_STOCK');
    expect(
      await intakeCode(s.accountId, {
        ...orderBody(s.productId),
        items: [{ productId: s.productId, quantity: 3 }],
      }),
    ).toBe('NOT_ENOUGH_STOCK');
    // the menu tells the app how many are left
    const menu = await t.app.inject({
      method: 'GET',
      url: storefrontUrl(s.accountId, '/menu?mealType=to_go'),
      remoteAddress: someClient(),
    });
    expect(menu.statusCode, menu.body).toBe(200);
    const product = menu.json().classes[0].products.find((p: { id: number }) => p.id === s.productId);
    expect(product.stockLeft).toBe(2);
  });

  it('bad bodies are 400, not 5xx', async () => {
    const s = await openShop(t, eaa);
    for (const body of [{}, { mealType: 'to_go', items: [] }, { mealType: 'to_go', paymentMethod: 'card' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: storefrontUrl(s.accountId, '/availability'),
        payload: body,
        remoteAddress: someClient(),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
