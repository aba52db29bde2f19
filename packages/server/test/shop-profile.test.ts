// Shop edit: GET/PUT /{type}/shops/{id} (spec 000 §2 "Shop edit screen", §5 "Shop edit", §6, §7 Shops;
// 001 §5 "Time / shop parameters save")
import type { TBusinessData } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../src/db/schema';
import { build } from './helpers';

const t = await build();
const quick = await t.createSiAccount('quickclick');
const life = await t.createSiAccount('lifeplus');
const gaa = await t.signedIn('gaa');
const eaa = await t.signedIn('eaa');
const shop = await t.createShop({
  name: '阿嬤牛肉麵',
  siAccountId: quick.id,
  ownerUserId: eaa.user.id,
  email: 'beef@example.com',
  phone: '02-2345-6789',
  address: '台北市中正區忠孝西路一段 100 號',
  deliveryAmtTh: 150,
  deliveryQtyTh: 1,
});
const id = shop.account.id;
const url = (type: string, shopId = id) => `/console/apis/${type}/shops/${shopId}`;

const read = async (headers = gaa.headers) => {
  const res = await t.app.inject({ method: 'GET', url: url('gaa'), headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { accountId: number; businessData: TBusinessData; codeExpiredTime: string | null };
};
const put = (who: { headers: Record<string, string>; user: { type: string } }, businessData: TBusinessData) =>
  t.app.inject({ method: 'PUT', url: url(who.user.type), headers: who.headers, payload: { businessData } });

describe('GET /{type}/shops/{id}', () => {
  it('answers the whole shop as businessData with booleans and numbers', async () => {
    const body = await read();
    expect(body.accountId).toBe(id);
    expect(body.businessData).toMatchObject({
      businessName: '阿嬤牛肉麵',
      businessEmail: 'beef@example.com',
      isEatIn: true,
      isEatInCash: true,
      deliveryDistanceTh: 3,
      timeSectorLength: 15,
      timeObjSectors: [{ start: '00:00', end: '23:59' }],
      printerTemplates: { here: null, togo: null, deliver: null },
      siAccountId: quick.id,
    });
  });
});

describe('PUT /{type}/shops/{businessId}', () => {
  it('saves every kind of field and reads it back (round trip), writing both tables', async () => {
    const before = (await read()).businessData;
    const content = { ops: [{ insert: '今日公休', attributes: { bold: true } }, { insert: '\n' }] };
    const next: TBusinessData = {
      ...before,
      businessName: '阿嬤牛肉麵 本店',
      storeInfo: '招牌紅燒牛肉麵',
      content,
      shopId: 'S-001',
      isNewStyle: true,
      isToGo: true,
      isToGoCash: true,
      deliveryDistanceTh: 2.5,
      timeSectorLength: 30,
      timeSectorDays: 2,
      timeObjSectors: [
        { start: '11:00', end: '14:00' },
        { start: '17:00', end: '01:00' },
      ],
      printerTemplates: { here: 2, togo: null, deliver: 3 },
      version: 2,
    };
    const res = await put(gaa, next);
    expect(res.statusCode).toBe(200);
    expect(res.json().businessData).toEqual(next);
    expect((await read()).businessData).toEqual(next);
  });

  it('writes one audit record per changed field with old and new values', async () => {
    const before = (await read()).businessData;
    const res = await put(gaa, { ...before, businessPhone: '02-8765-4321', isNewStyle: false });
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.accountId, id), eq(auditRecords.targetKey, 'phone')));
    expect(rows.at(-1)).toMatchObject({
      resourceCode: 'business',
      action: 'update',
      displayName: '商店電話',
      oldValue: before.businessPhone,
      newValue: '02-8765-4321',
      targetTable: 'businesses',
      userId: gaa.user.id,
      consoleType: 'gaa',
    });
    const style = await t.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.accountId, id), eq(auditRecords.targetKey, 'is_new_style')));
    expect(style.at(-1)).toMatchObject({ targetTable: 'accounts', oldValue: true, newValue: false });
    expect(style.at(-1)?.displayLog).toBe('單欄菜單樣式：開啟 → 關閉');
  });

  it('writes nothing and audits nothing when nothing changed', async () => {
    const count = async () =>
      (await t.db.select().from(auditRecords).where(eq(auditRecords.accountId, id))).length;
    const n = await count();
    expect((await put(gaa, (await read()).businessData)).statusCode).toBe(200);
    expect(await count()).toBe(n);
  });

  it('keeps fields written elsewhere (binding code, SI) as stored', async () => {
    const before = (await read()).businessData;
    const res = await put(gaa, { ...before, code: '000000', siAccountId: life.id, storeInfo: '新簡介' });
    expect(res.statusCode).toBe(200);
    const after = (await read()).businessData;
    expect(after.code).toBe(before.code);
    expect(after.siAccountId).toBe(quick.id);
    expect(after.storeInfo).toBe('新簡介');
  });
});

describe('PUT re-checks every rule (400 + the spec message + nothing written)', () => {
  const cases: [string, Partial<TBusinessData>, string][] = [
    ['interval 0', { timeSectorLength: 0 }, '時間選項間隔(分鐘)請輸入大於0的數字'],
    ['days -1', { timeSectorDays: -1 }, '可預訂天數（天）請輸入大於等於0的數字'],
    [
      'mode without payment',
      { isEatInCash: false, isEatInPay: false },
      '請設定用餐方式，每種用餐方式中請至少設定一種支付方式',
    ],
    ['no dining mode', { isEatIn: false, isToGo: false, isDelivery: false }, '請至少設定一種用餐方式'],
    ['interval unset', { timeSectorLength: null, timeSectorDays: 1 }, '請設置「時間選項間隔(分鐘)」'],
    // the offered choices (spec 000 §9); too dense needs the Time tab's 30 days (shop-time.test.ts)
    ['interval 7', { timeSectorLength: 7 }, '時間選項間隔(分鐘)只能選擇 5、10、15、20、30 或 60'],
    ['days 30', { timeSectorDays: 30 }, '可預訂天數（天）請輸入0到7之間的數字'],
    ['no period', { timeObjSectors: [] }, '請至少設定一個時段'],
    ['storeInfo 201', { storeInfo: '字'.repeat(201) }, '商店簡介最多200個字'],
    [
      'template 0',
      { printerTemplates: { here: 0, togo: null, deliver: null } },
      '出單範本（內用）請輸入大於等於1的數字',
    ],
    ['start number 0', { orderStartNumber: 0 }, '訂單起始編號請輸入大於等於1的數字'],
    ['buffer -1', { bufferTime: -1 }, '緩衝時間（分鐘）請輸入大於等於0的數字'],
    ['no email', { businessEmail: '' }, '請輸入商店電子郵件'],
    ['no phone', { businessPhone: '' }, '請輸入商店電話'],
    ['no address', { businessAddress: ' ' }, '請輸入商店地址'],
    ['name 21', { businessName: '名'.repeat(21) }, '店名最多20個字'],
    ['invoice 9', { invoice: '123456789' }, '統一編號最多8個字'],
    ['online pay without mobile payment', { isMobilePayment: false, isToGoPay: true }, '尚未啟用線上支付'],
  ];
  it.each(cases)('%s', async (_name, change, message) => {
    const before = (await read()).businessData;
    const res = await put(gaa, { ...before, storeInfo: '不該寫入', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(res.json().error.messageEn).toBeTruthy();
    expect((await read()).businessData).toEqual(before);
  });

  it('accepts the densest choices of the edit form (5 minutes, 7 days)', async () => {
    const before = (await read()).businessData;
    const edge = {
      timeSectorLength: 5,
      timeSectorDays: 7,
      timeObjSectors: [{ start: '00:00', end: '23:59' }],
    };
    expect((await put(gaa, { ...before, ...edge })).statusCode).toBe(200);
    expect((await put(gaa, before)).statusCode).toBe(200);
  });

  it('refuses a body that is not a whole shop', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: url('gaa'),
      headers: gaa.headers,
      payload: { businessData: { businessName: 'x' } },
    });
    expect(res.statusCode).toBe(400);
  });
});
