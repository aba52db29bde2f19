import { describe, expect, it } from 'vitest';
import {
  configTypesOf,
  paymentServiceOn,
  paymentToggleRefusal,
  QRPAY_MESSAGES,
  TAPPAY_TYPE_OPTIONS,
  type TPaymentConfigRow,
  tappayAlreadySet,
  tappayOptionOf,
  ZPaymentServiceCreate,
} from '../src';

const row = (over: Partial<TPaymentConfigRow>): TPaymentConfigRow => ({
  service: 'linepay',
  type: 'linepay',
  is_enabled: false,
  payment_service_id: 1,
  ...over,
});

describe('payment toggles (spec 001 §4 "Payment toggles", §5 "QR payment")', () => {
  it('turning on needs a configuration', () => {
    expect(paymentToggleRefusal([], { service: 'linepay', type: 'linepay', enable: true })).toBe(
      QRPAY_MESSAGES.notConfigured,
    );
    expect(
      paymentToggleRefusal([row({ payment_service_id: null })], {
        service: 'linepay',
        type: 'linepay',
        enable: true,
      }),
    ).toBe(QRPAY_MESSAGES.notConfigured);
    expect(paymentToggleRefusal([row({})], { service: 'linepay', type: 'linepay', enable: true })).toBeNull();
    // a TapPay type that was not configured stays refused even when other TapPay types exist
    const tp = [row({ service: 'tappay', type: 'direct' })];
    expect(paymentToggleRefusal(tp, { service: 'tappay', type: 'jko', enable: true })).toBe(
      QRPAY_MESSAGES.notConfigured,
    );
  });

  it('turning off is always sent', () => {
    expect(paymentToggleRefusal([], { service: 'easywallet', type: 'easywallet', enable: false })).toBeNull();
  });

  it('the refusal text is the spec text', () => {
    expect(QRPAY_MESSAGES.notConfigured.zh).toBe('此支付服務尚未設定，無法開啟。請確認先設定過後再行操作。');
    expect(QRPAY_MESSAGES.tappayAlreadySet.zh).toBe('TapPay已設定');
    expect(QRPAY_MESSAGES.noMerchant.zh).toBe('此商店尚未開通QRPay商家');
  });
});

describe('TapPay (spec 001 §5, §9)', () => {
  it('TapPay已設定 once any TapPay type exists', () => {
    expect(tappayAlreadySet([])).toBe(false);
    expect(tappayAlreadySet([row({})])).toBe(false);
    expect(tappayAlreadySet([row({ service: 'tappay', type: 'jko' })])).toBe(true);
  });

  it('type options: direct only; apple, google and direct; jko', () => {
    expect(TAPPAY_TYPE_OPTIONS).toEqual([['direct'], ['apple', 'google', 'direct'], ['jko']]);
    expect(tappayOptionOf(['google', 'direct', 'apple'])).toEqual(['apple', 'google', 'direct']);
    expect(tappayOptionOf(['apple', 'jko'])).toBeNull();
    expect(tappayOptionOf(['direct', 'direct'])).toBeNull();
    expect(tappayOptionOf([])).toBeNull();
  });

  it('3DS is off by default; other services repeat their name as type', () => {
    const parsed = ZPaymentServiceCreate.parse({
      service: 'tappay',
      merchantId: 1,
      tappayMerchantId: 'm',
      contactName: 'a',
      contactPhone: '1',
      contactAddress: 'b',
      types: ['direct'],
      partnerKey: 'partner_x',
    });
    expect(parsed.service === 'tappay' && parsed.useTds).toBe(false);
    expect(configTypesOf('linepay')).toEqual(['linepay']);
    expect(configTypesOf('tappay', ['jko'])).toEqual(['jko']);
  });
});

describe('orders ask for an enabled service (docs/decisions/payments.md "QR payment")', () => {
  it('only a configured and enabled service accepts orders', () => {
    expect(paymentServiceOn([row({ is_enabled: true })], 'linepay')).toBe(true);
    expect(paymentServiceOn([row({ is_enabled: false })], 'linepay')).toBe(false);
    expect(paymentServiceOn([row({ is_enabled: true })], 'tappay')).toBe(false);
  });
});
