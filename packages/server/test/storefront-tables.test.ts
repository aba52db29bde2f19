// a table link's table must be one of the shop's table QR codes (contract tableKnown, run by
// order intake and by the customer app); a shop without codes of the kind takes any table.
import { describe, expect, it } from 'vitest';
import { tableQrcodes } from '../src/db/schema';
import { build } from './helpers';
import { openShop, orderBody, postOrder, storefrontUrl } from './storefront-fixtures';

describe('table links', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const shop = await openShop(t, eaa, { isEatIn: true, isEatInCash: true });
  const sid = shop.accountId;
  const eatIn = (table: string) => orderBody(shop.productId, { mealType: 'eat_in', tableNumber: table });

  it('a shop without table codes takes any table number', async () => {
    expect((await postOrder(t, sid, eatIn('99'))).statusCode).toBe(201);
  });

  it('with table codes: a known table orders, an unknown one is refused with the reason', async () => {
    await t.db.insert(tableQrcodes).values([
      { accountId: sid, tableNumber: 'A1', qrType: 'eatIn' },
      { accountId: sid, tableNumber: 'A2', qrType: 'eatIn' },
      { accountId: sid, tableNumber: 'T1', qrType: 'toGo' },
    ]);
    expect((await postOrder(t, sid, eatIn('A2'))).statusCode).toBe(201);
    const unknown = await postOrder(t, sid, eatIn('99'));
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error).toMatchObject({
      code: 'UNKNOWN_TABLE',
      message: '找不到此桌號，請掃描桌上的 QR Code',
    });
    // a to-go table is not an eat-in table
    expect((await postOrder(t, sid, eatIn('T1'))).json().error.code).toBe('UNKNOWN_TABLE');
    // an order without a table link is not concerned
    expect((await postOrder(t, sid, orderBody(shop.productId, { mealType: 'eat_in' }))).statusCode).toBe(201);
  });

  it('the app reads the shop’s tables from its profile', async () => {
    const res = await t.app.inject({ method: 'GET', url: storefrontUrl(sid, '/profile') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tables).toEqual({ eat_in: ['A1', 'A2'], to_go: ['T1'] });
  });
});
