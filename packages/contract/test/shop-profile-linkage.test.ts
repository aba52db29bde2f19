// spec 000 §4 "Payment linkage on the shop edit form", 001 §4 "Payment-type consistency"
import { describe, expect, it } from 'vitest';
import { applyPaymentLinkage, ONLINE_PAY_NOT_ENABLED, type TBusinessData } from '../src';
import { validBusiness } from './shop-profile-fixture';

const change = (prev: TBusinessData, over: Partial<TBusinessData>) =>
  applyPaymentLinkage(prev, { ...prev, ...over });

const allModes = { isEatIn: true, isToGo: true, isDelivery: true };

describe('payment linkage', () => {
  it('turning mobile payment off clears all three online-pay flags', () => {
    const prev = validBusiness({
      ...allModes,
      isMobilePayment: true,
      isEatInPay: true,
      isToGoPay: true,
      isDeliveryPay: true,
    });
    const { data, warning } = change(prev, { isMobilePayment: false });
    expect([data.isEatInPay, data.isToGoPay, data.isDeliveryPay]).toEqual([false, false, false]);
    expect(warning).toBeUndefined();
  });

  it('turning mobile payment on sets all three online-pay flags', () => {
    const { data } = change(validBusiness(), { isMobilePayment: true });
    expect([data.isEatInPay, data.isToGoPay, data.isDeliveryPay]).toEqual([true, true, true]);
  });

  it('leaves the flags alone when mobile payment does not change', () => {
    const prev = validBusiness({ isMobilePayment: true, isEatInPay: true });
    const { data, warning } = change(prev, { isEatInPay: false });
    expect(data.isEatInPay).toBe(false);
    expect(data.isToGoPay).toBe(false);
    expect(warning).toBeUndefined();
  });

  it('turning on a mode’s online pay while mobile payment is off resets it with 尚未啟用線上支付', () => {
    for (const pay of ['isEatInPay', 'isToGoPay', 'isDeliveryPay'] as const) {
      const { data, warning } = change(validBusiness(allModes), { [pay]: true });
      expect(data[pay]).toBe(false);
      expect(warning).toEqual(ONLINE_PAY_NOT_ENABLED);
      expect(warning?.zh).toBe('尚未啟用線上支付');
    }
  });

  it('turning on a mode’s online pay while mobile payment is on keeps it', () => {
    const { data, warning } = change(validBusiness({ isMobilePayment: true }), { isToGoPay: true });
    expect(data.isToGoPay).toBe(true);
    expect(warning).toBeUndefined();
  });

  it('enabling a dining mode with neither cash nor online pay sets cash', () => {
    for (const [mode, cash] of [
      ['isEatIn', 'isEatInCash'],
      ['isToGo', 'isToGoCash'],
      ['isDelivery', 'isDeliveryCash'],
    ] as const) {
      const prev = validBusiness({ isEatIn: false, isEatInCash: false, isToGo: true, isToGoCash: true });
      const { data } = change(prev, { [mode]: true });
      expect(data[mode]).toBe(true);
      expect(data[cash]).toBe(true);
    }
  });

  it('enabling a dining mode that already has a payment mode changes nothing else', () => {
    const prev = validBusiness({ isMobilePayment: true, isToGoPay: true });
    const { data } = change(prev, { isToGo: true });
    expect(data.isToGoCash).toBe(false);
    expect(data.isToGoPay).toBe(true);
  });

  it('enabling delivery with the courier and no online pay sets online pay when mobile payment is on', () => {
    const prev = validBusiness({ isMobilePayment: true, isLala: true, isDeliveryCash: true });
    const { data, warning } = change(prev, { isDelivery: true });
    expect(data.isDelivery).toBe(true);
    expect(data.isDeliveryPay).toBe(true);
    expect(warning).toBeUndefined();
  });

  it('enabling delivery with the courier while mobile payment is off switches delivery off with 尚未啟用線上支付', () => {
    const prev = validBusiness({ isLala: true });
    const { data, warning } = change(prev, { isDelivery: true });
    expect(data.isDelivery).toBe(false);
    expect(data.isDeliveryCash).toBe(false);
    expect(warning).toEqual(ONLINE_PAY_NOT_ENABLED);
  });

  it('enabling delivery with the courier and online pay already on keeps it', () => {
    const prev = validBusiness({ isMobilePayment: true, isLala: true, isDeliveryPay: true });
    const { data, warning } = change(prev, { isDelivery: true });
    expect(data.isDelivery).toBe(true);
    expect(warning).toBeUndefined();
  });

  it('does not change the values it was given', () => {
    const prev = validBusiness();
    const next = { ...prev, isMobilePayment: true };
    applyPaymentLinkage(prev, next);
    expect(next.isEatInPay).toBe(false);
  });
});
