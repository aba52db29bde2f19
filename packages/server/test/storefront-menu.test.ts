import { describe, expect, it } from 'vitest';
import { build } from './helpers';
import { addGroup, openShop, someClient, storefrontUrl } from './storefront-fixtures';

// The public storefront reads: the menu of a meal type and the bookable times.
describe('storefront menu and slots', async () => {
  const t = await build();
  const eaa = await t.signedIn('eaa');
  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: someClient() });

  it('lists what a customer may order for the meal type, without a session', async () => {
    const s = await openShop(t, eaa, {}, { mealTypes: ['to_go'], dailyStock: 0 });
    const g = await addGroup(
      t,
      eaa.headers,
      s.accountId,
      s.productId,
      { names: { zh: '辣度' }, kind: 'single', minSelect: 1, maxSelect: 1 },
      [
        { zh: '小辣', priceDelta: 0 },
        { zh: '大辣', priceDelta: 5 },
      ],
    );
    const res = await get(storefrontUrl(s.accountId, '/menu?mealType=to_go'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      promotions: [],
      classes: [
        {
          id: s.classId,
          name: '主食',
          nameEn: 'Mains',
          products: [
            {
              id: s.productId,
              name: '滷肉飯',
              nameEn: 'Braised pork rice',
              price: 45,
              soldOut: true,
              stockLeft: 0,
              description: '',
              descriptionEn: '',
              imageUrl: null,
              calories: null,
              optionGroups: [
                {
                  id: g.groupId,
                  name: '辣度',
                  nameEn: '',
                  min: 1,
                  max: 1,
                  options: [
                    { id: g.optionIds[0], name: '小辣', nameEn: '', priceDelta: 0, soldOut: false },
                    { id: g.optionIds[1], name: '大辣', nameEn: '', priceDelta: 5, soldOut: false },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    // the product is not offered for delivery
    expect((await get(storefrontUrl(s.accountId, '/menu?mealType=delivery'))).json()).toEqual({
      promotions: [],
      classes: [],
    });
  });

  it('refuses the menu of an offline shop or a meal type it does not serve', async () => {
    const off = await openShop(t, eaa, { isEnabled: false });
    expect((await get(storefrontUrl(off.accountId, '/menu?mealType=to_go'))).json().error.code).toBe(
      'SHOP_OFFLINE',
    );
    const s = await openShop(t, eaa, { isEatIn: false });
    expect((await get(storefrontUrl(s.accountId, '/menu?mealType=eat_in'))).json().error.code).toBe(
      'MEAL_TYPE_OFF',
    );
    expect((await get(storefrontUrl(999_999, '/menu?mealType=to_go'))).statusCode).toBe(404);
  });

  it('answers bookable times every interval, after the preparation minutes', async () => {
    const s = await openShop(t, eaa, { timeSectorDays: 2, timeSectorLength: 30, toGoWaitingTime: 20 });
    const res = await get(storefrontUrl(s.accountId, '/slots?mealType=to_go'));
    expect(res.statusCode, res.body).toBe(200);
    const slots = res.json().slots as { at: string; local: string }[];
    expect(slots.length).toBeGreaterThan(0);
    expect(new Date(slots[0]!.at).getTime()).toBeGreaterThanOrEqual(Date.now() + 19 * 60_000);
    for (const slot of slots) expect(slot.local).toMatch(/ \d\d:(00|30)$/);
    const none = await openShop(t, eaa, { timeSectorDays: 0 });
    expect((await get(storefrontUrl(none.accountId, '/slots?mealType=to_go'))).json()).toEqual({ slots: [] });
  });
});
