// spec 000 §5 "Shop edit", §9 field limits; 001 §5 "Time / shop parameters save"
import { describe, expect, it } from 'vitest';
import {
  businessViolations,
  formatTaipeiTime,
  mayEditField,
  needsZeroThresholdConfirm,
  type TBusinessData,
  validateBusiness,
  ZBusinessData,
} from '../src';
import { validBusiness } from './shop-profile-fixture';

const first = (over: Partial<TBusinessData>) => validateBusiness(validBusiness(over));
const zh = (over: Partial<TBusinessData>) => first(over)?.message.zh;

describe('validateBusiness', () => {
  // phones and the tax ID by format (common/tw-numbers.ts)
  it('checks the shop and applicant phones and the tax ID (check digit) by format', () => {
    expect(zh({ businessPhone: '2345-6789' })).toBe(
      '商店電話格式錯誤：手機為 09 開頭 10 碼，市話請含區碼（例：02-2345-6789）',
    );
    expect(first({ bossPhone: 'call me' })?.message.en).toMatch(
      /^Applicant phone: please enter a Taiwan phone/,
    );
    expect(zh({ bossPhone: '' })).toBeUndefined();
    expect(zh({ invoice: '22099132' })).toBe('統一編號須為 8 位數字且檢查碼正確');
    expect(zh({ invoice: '22099131' })).toBeUndefined();
    expect(zh({ invoice: null })).toBeUndefined();
  });

  it('passes a valid shop, and the fixture matches the schema', () => {
    expect(validateBusiness(validBusiness())).toBeNull();
    expect(ZBusinessData.safeParse(validBusiness()).success).toBe(true);
  });

  it('time option interval must be greater than 0', () => {
    for (const timeSectorLength of [0, -5, 1.5]) {
      expect(first({ timeSectorLength })).toEqual({
        field: 'timeSectorLength',
        message: expect.objectContaining({ zh: '時間選項間隔(分鐘)請輸入大於0的數字' }),
      });
    }
    expect(first({ timeSectorLength: 5 })).toBeNull();
  });

  // the offered choices are the rule (spec 000 §9): intervals 5/10/15/20/30/60, days 0 to 7 here
  it("the interval is one of the options and the edit form's days at most 7", () => {
    for (const timeSectorLength of [1, 7, 45, 120])
      expect(zh({ timeSectorLength })).toBe('時間選項間隔(分鐘)只能選擇 5、10、15、20、30 或 60');
    for (const timeSectorLength of [5, 10, 15, 20, 30, 60]) expect(first({ timeSectorLength })).toBeNull();
    expect(zh({ timeSectorDays: 8 })).toBe('可預訂天數（天）請輸入0到7之間的數字');
    expect(first({ timeSectorDays: 7 })).toBeNull();
    // the Time tab goes to 30 (spec 001 §9)
    expect(businessViolations(validBusiness({ timeSectorDays: 30 }), { maxDays: 30 })).toEqual([]);
  });

  it('reservable days must be 0 or more', () => {
    expect(zh({ timeSectorDays: -1 })).toBe('可預訂天數（天）請輸入大於等於0的數字');
    expect(zh({ timeSectorDays: null })).toBe('可預訂天數（天）請輸入大於等於0的數字');
    expect(first({ timeSectorDays: 0 })).toBeNull();
  });

  it('the interval must be set when days is not 0, and may be empty for immediate-only shops', () => {
    expect(zh({ timeSectorLength: null, timeSectorDays: 2 })).toBe('請設置「時間選項間隔(分鐘)」');
    expect(first({ timeSectorLength: null, timeSectorDays: 0 })).toBeNull();
  });

  it('each enabled dining mode needs a payment mode', () => {
    expect(zh({ isEatInCash: false })).toBe('請設定用餐方式，每種用餐方式中請至少設定一種支付方式');
    expect(zh({ isToGo: true })).toBe('請設定用餐方式，每種用餐方式中請至少設定一種支付方式');
    expect(first({ isToGo: true, isToGoCash: true })).toBeNull();
  });

  it('at least one dining mode must be enabled', () => {
    expect(zh({ isEatIn: false })).toBe('請至少設定一種用餐方式');
  });

  it('no online pay without mobile payment', () => {
    expect(first({ isEatInPay: true })).toEqual({
      field: 'isEatInPay',
      message: expect.objectContaining({ zh: '尚未啟用線上支付' }),
    });
    expect(first({ isEatInPay: true, isMobilePayment: true })).toBeNull();
  });

  it('needs at least one period', () => {
    expect(zh({ timeObjSectors: [] })).toBe('請至少設定一個時段');
  });

  // With the offered choices (5 minutes at least, 7 days in the edit form) only the Time tab's 30 days can
  // pass the cap; the exact edge of slotCount is tested in the time-slot rules.
  it('refuses more than 3367 slots times days (Time tab days)', () => {
    const dense = '供餐時段設定過於密集，請嘗試調整「時間選項間隔(分鐘)」及「供餐時段」';
    const tab = (over: Partial<TBusinessData>) => businessViolations(validBusiness(over), { maxDays: 30 })[0];
    expect(tab({ timeSectorLength: 5, timeSectorDays: 11 })).toBeUndefined(); // 288 × 11 = 3168
    expect(tab({ timeSectorLength: 5, timeSectorDays: 12 })?.message.zh).toBe(dense); // 288 × 12 = 3456
    expect(first({ timeSectorLength: 5, timeSectorDays: 7 })).toBeNull(); // the edit form's densest choice
  });

  it('storeInfo holds at most 200 characters', () => {
    expect(first({ storeInfo: '字'.repeat(200) })).toBeNull();
    expect(zh({ storeInfo: '字'.repeat(201) })).toBe('商店簡介最多200個字');
  });

  it('checks the field limits of spec 000 §9', () => {
    expect(first({ businessName: '名'.repeat(20) })).toBeNull();
    expect(zh({ businessName: '名'.repeat(21) })).toBe('店名最多20個字');
    expect(zh({ businessEmail: `${'a'.repeat(39)}@example.com` })).toBe('商店電子郵件最多50個字');
    expect(zh({ businessPhone: '0'.repeat(21) })).toBe('商店電話最多20個字');
    expect(zh({ businessAddress: '路'.repeat(101) })).toBe('商店地址最多100個字');
    expect(zh({ bossEmail: `${'b'.repeat(39)}@example.com` })).toBe('申請人電子郵件最多50個字');
    expect(zh({ bossPhone: '0'.repeat(21) })).toBe('申請人電話最多20個字');
    expect(zh({ invoice: '123456789' })).toBe('統一編號最多8個字');
  });

  it('shop e-mail, phone and address are required (001 §5), and e-mails must be valid', () => {
    expect(zh({ businessEmail: '' })).toBe('請輸入商店電子郵件');
    expect(zh({ businessPhone: '  ' })).toBe('請輸入商店電話');
    expect(zh({ businessAddress: '' })).toBe('請輸入商店地址');
    expect(zh({ businessEmail: 'not-an-email' })).toBe('商店電子郵件格式錯誤');
    expect(zh({ bossEmail: 'x@' })).toBe('申請人電子郵件格式錯誤');
    expect(first({ bossEmail: null })).toBeNull();
  });

  it('printer template ids and the order start number are at least 1, buffer time at least 0', () => {
    expect(first({ printerTemplates: { here: 1, togo: null, deliver: null } })).toBeNull();
    expect(first({ printerTemplates: { here: null, togo: 0, deliver: null } })).toEqual({
      field: 'printerTemplates.togo',
      message: expect.objectContaining({ zh: '出單範本（外帶）請輸入大於等於1的數字' }),
    });
    expect(zh({ orderStartNumber: 0 })).toBe('訂單起始編號請輸入大於等於1的數字');
    expect(first({ orderStartNumber: 1 })).toBeNull();
    expect(zh({ bufferTime: -1 })).toBe('緩衝時間（分鐘）請輸入大於等於0的數字');
    expect(first({ bufferTime: 0 })).toBeNull();
  });

  it('numeric inputs are 0 or more; per-mode waiting times may be empty (they fall back)', () => {
    expect(zh({ deliveryAmtTh: -1 })).toBe('外送金額門檻請輸入大於等於0的數字');
    expect(zh({ deliveryDistanceTh: null })).toBe('外送距離門檻（公里）請輸入大於等於0的數字');
    expect(first({ deliveryDistanceTh: 2.5 })).toBeNull();
    expect(first({ eatInWaitingTime: null })).toBeNull();
    expect(zh({ toGoWaitingTime: -3 })).toBe('外帶準備時間（分鐘）請輸入大於等於0的數字');
  });

  it('lists every broken rule once per field, in form order', () => {
    const all = businessViolations(
      validBusiness({ businessEmail: '', timeSectorLength: 0, isEatInCash: false }),
    );
    expect(all.map((v) => v.field)).toEqual(['businessEmail', 'isEatIn', 'timeSectorLength']);
  });
});

describe('needsZeroThresholdConfirm', () => {
  it('asks when delivery is on and the amount or quantity threshold is 0', () => {
    const base = { isDelivery: true, deliveryAmtTh: 150, deliveryQtyTh: 2 };
    expect(needsZeroThresholdConfirm(base)).toBe(false);
    expect(needsZeroThresholdConfirm({ ...base, deliveryAmtTh: 0 })).toBe(true);
    expect(needsZeroThresholdConfirm({ ...base, deliveryQtyTh: 0 })).toBe(true);
  });
  it('does not ask while delivery is off (the thresholds do not apply)', () => {
    expect(needsZeroThresholdConfirm({ isDelivery: false, deliveryAmtTh: 0, deliveryQtyTh: 0 })).toBe(false);
  });
});

describe('mayEditField (spec 000 §6)', () => {
  it('name, store-system ids, add-friend fields, online payment and logistics switches are gaa only', () => {
    for (const f of [
      'businessName',
      'shopId',
      'ssoAppId',
      'lineAddFriendUrl',
      'lineBasicId',
      'isMobilePayment',
      'isLala',
      'isLogistic',
    ] as const) {
      expect(mayEditField('gaa', f)).toBe(true);
      expect(mayEditField('si', f)).toBe(false);
      expect(mayEditField('eaa', f)).toBe(false);
    }
  });
  it('the store code is gaa and si', () => {
    expect(mayEditField('si', 'businessCode')).toBe(true);
    expect(mayEditField('eaa', 'businessCode')).toBe(false);
  });
  it('everyone edits the rest; nobody writes the binding code or SI here', () => {
    expect(mayEditField('eaa', 'storeInfo')).toBe(true);
    expect(mayEditField('gaa', 'code')).toBe(false);
    expect(mayEditField('gaa', 'siAccountId')).toBe(false);
  });
});

describe('formatTaipeiTime (spec 000 §9)', () => {
  it('shows an instant in Asia/Taipei as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatTaipeiTime('2026-12-31T16:00:00Z')).toBe('2027-01-01 00:00:00');
    expect(formatTaipeiTime(new Date('2026-03-05T01:02:03Z'))).toBe('2026-03-05 09:02:03');
  });
});
