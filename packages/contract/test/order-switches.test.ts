// The order switches' rules (spec 000 §3 isPickup, spec 001 §2.2 is_pick_up, is_email, is_rebuild): one rule
// each, run by the checkout and by order intake.
import { describe, expect, it } from 'vitest';
import {
  emailRefusal,
  mealLabelOf,
  mergeLines,
  pickUpOffered,
  pickUpRefusal,
  rebuildLines,
  type TStorefrontMenu,
} from '../src';

describe('self pick-up (spec 000 §3 isPickup)', () => {
  it('is offered for to-go only, and only when the switch is on', () => {
    expect(pickUpOffered({ pickUp: true }, 'to_go')).toBe(true);
    expect(pickUpOffered({ pickUp: false }, 'to_go')).toBe(false);
    expect(pickUpOffered({ pickUp: true }, 'eat_in')).toBe(false);
    expect(pickUpOffered({ pickUp: true }, 'delivery')).toBe(false);
  });
  it('a pick-up the shop does not offer is refused; no pick-up asked is never refused', () => {
    expect(pickUpRefusal({ pickUp: false }, 'to_go', true)?.code).toBe('PICK_UP_OFF');
    expect(pickUpRefusal({ pickUp: true }, 'eat_in', true)?.code).toBe('PICK_UP_OFF');
    expect(pickUpRefusal({ pickUp: true }, 'to_go', true)).toBeNull();
    expect(pickUpRefusal({ pickUp: false }, 'to_go', undefined)).toBeNull();
  });
  it('names the order 自取 on the board, the ticket and the order page', () => {
    expect(mealLabelOf('to_go', true).zh).toBe('自取');
    expect(mealLabelOf('to_go', false).zh).toBe('外帶');
  });
});

describe('customer e-mail (spec 001 §2.2 is_email)', () => {
  it('switch off: nothing is asked', () => {
    expect(emailRefusal({ emailRequired: false }, undefined)).toBeNull();
    expect(emailRefusal({ emailRequired: false }, 'nonsense')).toBeNull();
  });
  it('switch on: required and well-formed, with the messages', () => {
    expect(emailRefusal({ emailRequired: true }, '  ')?.message.zh).toBe('請填寫 Email');
    for (const bad of ['a@', 'a@b', 'a b@c.tw', '@c.tw', 'a@c..tw'])
      expect(emailRefusal({ emailRequired: true }, bad)?.code, bad).toBe('EMAIL_INVALID');
    expect(emailRefusal({ emailRequired: true }, ' amy@example.com ')).toBeNull();
  });
});

describe('order again (spec 001 §2.2 is_rebuild)', () => {
  const menu = {
    promotions: [],
    classes: [
      {
        id: 1,
        name: '飲料',
        products: [
          {
            id: 10,
            name: '紅茶',
            price: 30,
            soldOut: false,
            description: '',
            imageUrl: null,
            calories: null,
            optionGroups: [
              {
                id: 5,
                name: '甜度',
                min: 1,
                max: 1,
                options: [
                  { id: 51, name: '半糖', priceDelta: 0, soldOut: false },
                  { id: 52, name: '全糖', priceDelta: 0, soldOut: true },
                ],
              },
              {
                id: 6,
                name: '加料',
                min: 0,
                max: 2,
                options: [
                  { id: 61, name: '珍珠', priceDelta: 10, soldOut: false },
                  { id: 62, name: '椰果', priceDelta: 10, soldOut: true },
                ],
              },
            ],
          },
          {
            ...{ id: 11, name: '綠茶', price: 30, description: '', imageUrl: null, calories: null },
            soldOut: true,
            optionGroups: [],
          },
        ],
      },
    ],
  } satisfies TStorefrontMenu;
  const item = (
    productId: number,
    name: string,
    optionIds: number[],
    options: string[],
    note: string | null = null,
  ) => ({
    productId,
    optionIds,
    name,
    options,
    unitPrice: 30,
    quantity: 2,
    lineTotal: 60,
    note,
  });

  it('puts what is on sale in the cart and names what is not', () => {
    const { lines, missing } = rebuildLines(
      {
        items: [
          item(10, '紅茶', [51, 61, 62], ['半糖', '珍珠', '椰果'], '去冰'),
          item(11, '綠茶', [], []),
          item(99, '已下架', [], []),
          // its only choice of a required group is sold out: the line cannot be made
          item(10, '紅茶', [52], ['全糖']),
        ],
      },
      menu,
    );
    expect(lines).toEqual([
      { key: '10:51,61:去冰', productId: 10, optionIds: [51, 61], quantity: 2, note: '去冰' },
    ]);
    expect(missing).toEqual(['紅茶（椰果）', '綠茶', '已下架', '紅茶']);
  });

  it('adds to the same cart line', () => {
    const line = { key: '10:51:', productId: 10, optionIds: [51], quantity: 1 };
    expect(mergeLines([line], [{ ...line, quantity: 2 }])).toEqual([{ ...line, quantity: 3 }]);
  });
});
