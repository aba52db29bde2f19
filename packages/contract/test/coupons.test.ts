// coupon campaigns (spec 000 §2 names the routes only; the rules are ours: docs/decisions/marketing.md
// "Coupon campaigns and vouchers"): a voucher's state, whether it may price an order, its discount
// through the promotion engine (spec 002 §9 discount types) and its code format.
import { describe, expect, it } from 'vitest';
import {
  campaignSetting,
  checkVoucher,
  makeVoucherCode,
  normalizeVoucherCode,
  type TCampaignTerms,
  VOUCHER_CODE,
  voucherDiscount,
  voucherMessage,
  voucherState,
  ZCampaignInput,
  ZPlaceOrderRequest,
} from '../src';

// 2026-03-10 12:00 in Taipei
const NOON = new Date('2026-03-10T04:00:00Z');
const terms = (over: Partial<TCampaignTerms> = {}): TCampaignTerms => ({
  id: 1,
  name: '春季回饋',
  start: '2026-03-01',
  end: '2026-04-01',
  setting: campaignSetting({
    discountType: 'fixed',
    amount: 50,
    carryMethod: 'floor',
    restrictionType: 'amount',
    restrictionValue: 200,
  }),
  perCustomerLimit: 1,
  ...over,
});
const inShop = { shopInCampaign: true, now: NOON };

describe('checkVoucher: may this voucher price this order', () => {
  it('accepts an unused voucher of a running campaign at one of its shops', () => {
    expect(checkVoucher({ usedCount: 0 }, terms(), inShop)).toBeNull();
  });
  it('refuses a voucher whose uses are spent (the second order with the same code)', () => {
    expect(checkVoucher({ usedCount: 1 }, terms(), inShop)).toBe('VOUCHER_USED');
    expect(checkVoucher({ usedCount: 1 }, terms({ perCustomerLimit: 2 }), inShop)).toBeNull();
    expect(checkVoucher({ usedCount: 2 }, terms({ perCustomerLimit: 2 }), inShop)).toBe('VOUCHER_USED');
  });
  it('refuses at a shop outside the campaign', () => {
    expect(checkVoucher({ usedCount: 0 }, terms(), { ...inShop, shopInCampaign: false })).toBe(
      'VOUCHER_OTHER_SHOP',
    );
  });
  it('spec 002 §9 period: from 00:00 of the start to 00:00 of the end, Taipei time', () => {
    const t = terms({ start: '2026-03-10', end: '2026-03-11' });
    expect(checkVoucher({ usedCount: 0 }, t, { ...inShop, now: new Date('2026-03-09T15:59:59Z') })).toBe(
      'VOUCHER_NOT_STARTED',
    );
    expect(
      checkVoucher({ usedCount: 0 }, t, { ...inShop, now: new Date('2026-03-09T16:00:00Z') }),
    ).toBeNull();
    expect(checkVoucher({ usedCount: 0 }, t, { ...inShop, now: new Date('2026-03-10T16:00:00Z') })).toBe(
      'VOUCHER_EXPIRED',
    );
  });
});

describe('voucherState: what the voucher page shows', () => {
  it('redeemed once the uses are spent, even after the end', () => {
    const late = new Date('2026-05-01T04:00:00Z');
    expect(voucherState({ delivery: 'sent', usedCount: 1 }, terms(), late)).toBe('redeemed');
    expect(voucherState({ delivery: 'sent', usedCount: 0 }, terms(), late)).toBe('expired');
  });
  it('otherwise its delivery: queued, sent or failed', () => {
    expect(voucherState({ delivery: 'queued', usedCount: 0 }, terms(), NOON)).toBe('queued');
    expect(voucherState({ delivery: 'sent', usedCount: 0 }, terms(), NOON)).toBe('sent');
    expect(voucherState({ delivery: 'failed', usedCount: 0 }, terms(), NOON)).toBe('failed');
  });
});

describe('voucherDiscount: the promotion engine on what is still payable', () => {
  const items = [
    { unitPrice: 120, quantity: 1 },
    { unitPrice: 60, quantity: 2 },
  ];
  it('fixed amount once the amount threshold is met, never above what is left', () => {
    expect(voucherDiscount(terms(), items, 240)).toBe(50);
    expect(voucherDiscount(terms(), items, 30)).toBe(30);
    expect(voucherDiscount(terms(), [{ unitPrice: 100, quantity: 1 }], 100)).toBe(0);
  });
  it('percentage of what the shop promotions left, carried as set', () => {
    const t = terms({
      setting: campaignSetting({
        discountType: 'percentage',
        amount: 15,
        carryMethod: 'ceil',
        restrictionType: 'none',
        restrictionValue: 0,
      }),
    });
    // 15 % of 210 = 31.5 → 32 rounded up
    expect(voucherDiscount(t, items, 210)).toBe(32);
  });
  it('per-item types: the cheapest of every 3 items free', () => {
    const t = terms({
      setting: campaignSetting({
        discountType: 'discountPerItemsLow',
        amount: 1,
        carryMethod: 'floor',
        restrictionType: 'perItems',
        restrictionValue: 3,
      }),
    });
    expect(voucherDiscount(t, items, 240)).toBe(60);
  });
});

describe('codes and input', () => {
  it('a code is 10 unambiguous upper-case characters; typed codes are normalised', () => {
    let n = 0;
    const code = makeVoucherCode((max) => {
      n += 7;
      return n % max;
    });
    expect(code).toMatch(VOUCHER_CODE);
    expect(code).not.toMatch(/[01OI]/);
    expect(normalizeVoucherCode(' ab23-cd45 ef ')).toBe('AB23CD45EF');
  });
  it('the order request takes a voucher code and refuses a malformed one', () => {
    const base = {
      mealType: 'to_go',
      customer: { name: '客' },
      items: [{ productId: 1, quantity: 1 }],
      paymentMethod: 'cash',
    };
    expect(ZPlaceOrderRequest.parse({ ...base, voucherCode: 'abcd-efgh-jk' }).voucherCode).toBe('ABCDEFGHJK');
    expect(ZPlaceOrderRequest.safeParse({ ...base, voucherCode: 'O0O0O0O0O0' }).success).toBe(false);
  });
  it('campaign input: the promotion rules (percentage ≤ 100, per-item needs "every N items"), dates in order', () => {
    const ok = {
      name: '回饋',
      duration: { start: '2026-03-01', end: '2026-04-01' },
      discount: { discountType: 'fixed', amount: 50 },
      totalCount: 100,
    };
    expect(ZCampaignInput.safeParse(ok).success).toBe(true);
    const bad = [
      { ...ok, name: ' ' },
      { ...ok, duration: { start: '2026-04-01', end: '2026-03-01' } },
      { ...ok, discount: { discountType: 'percentage', amount: 150 } },
      { ...ok, discount: { discountType: 'discountPerItemsAvg', amount: 1 } },
      { ...ok, totalCount: 0 },
      { ...ok, perCustomerLimit: 100 },
    ];
    for (const b of bad) expect(ZCampaignInput.safeParse(b).success, JSON.stringify(b)).toBe(false);
  });
  it('the LINE message names the shop, the discount, the code and the period', () => {
    const text = voucherMessage(terms(), '好味小館', 'ABCDEFGHJK');
    expect(text).toContain('【好味小館】春季回饋');
    expect(text).toContain('滿 200 元 折 50 元');
    expect(text).toContain('ABCDEFGHJK');
    expect(text).toContain('2026-03-01 起至 2026-04-01 前');
  });
});
