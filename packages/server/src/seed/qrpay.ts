import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businesses, paymentConfigs, paymentServices, qrMerchants } from '../db/schema';
import type { SecretBox } from '../lib/secret-box';

/**
 * The card form's app id and app key of the demo TapPay merchants: TapPay's public sandbox sample values
 * (its docs' TPDirect.setupSDK example), which the TapPay simulator takes as a sandbox app does, so the demo's
 * customer app can pay by card (docs/decisions/payments.md "TapPay card form"). Public values, not secrets.
 */
export const DEMO_TAPPAY_APP = {
  tappayAppId: '11327',
  tappayAppKey: 'app_whdEWBH8e8Lzy4N6BysVRRMILYORF6UxXbiOFsICkz0J9j1C0JUlCHv1tVJC',
} as const;

/** Online payment on for every meal type the shop offers, so its customers see the card form. */
const payOnline = (db: Db, accountId: number) =>
  db
    .update(businesses)
    .set({
      isMobilePayment: true,
      isEatInPay: businesses.isEatIn,
      isToGoPay: businesses.isToGo,
      isDeliveryPay: businesses.isDelivery,
    })
    .where(eq(businesses.id, accountId));

/**
 * Demo QR payment (spec 001 §2.6): the first shop is a QRPay merchant with TapPay (credit card on, 3DS off)
 * and LINE Pay (configured, switched off), so the Qrpay tab and its test-connection button show real rows.
 */
export const seedQrpay = async (db: Db, box: SecretBox, accountId: number) => {
  await db.insert(qrMerchants).values({
    accountId,
    name: '示範商店 QRPay',
    email: 'qrpay@demo.test',
    phone: '0223456789',
    address: '台北市中正區重慶南路一段 122 號',
  });
  const [tp] = await db
    .insert(paymentServices)
    .values({
      accountId,
      service: 'tappay',
      name: 'TapPay demo_merchant_CTBC',
      fields: {
        tappayMerchantId: 'demo_merchant_CTBC',
        contactName: '王小明',
        contactPhone: '0912345678',
        contactAddress: '台北市中正區重慶南路一段 122 號',
        types: ['direct'],
        useTds: false,
        ...DEMO_TAPPAY_APP,
      },
      secretSealed: box.seal(`partner_demo${accountId}0a1b2c3d4e5f`),
    })
    .returning({ id: paymentServices.id });
  const [lp] = await db
    .insert(paymentServices)
    .values({
      accountId,
      service: 'linepay',
      name: 'LINE Pay 示範',
      fields: { name: 'LINE Pay 示範', channelId: `165${String(accountId).padStart(7, '0')}` },
      secretSealed: box.seal(`demo-line-channel-secret-${accountId}`),
    })
    .returning({ id: paymentServices.id });
  await db.insert(paymentConfigs).values([
    { accountId, service: 'tappay', type: 'direct', isEnabled: true, paymentServiceId: tp!.id },
    { accountId, service: 'linepay', type: 'linepay', isEnabled: false, paymentServiceId: lp!.id },
  ]);
  await payOnline(db, accountId);
};

/**
 * More demo merchants for /report/online-payment-configs: one whose TapPay (cards, Apple Pay,
 * Google Pay) passed its connection test, one whose easy-wallet test failed, and one merchant without any
 * service yet. Shops 21–23: no browser test orders there.
 */
export const seedQrpayReport = async (db: Db, box: SecretBox, [ok, failing, bare]: number[]) => {
  if (bare === undefined) return;
  const at = '2026-11-20 10:15:00';
  for (const accountId of [ok!, failing!, bare])
    await db.insert(qrMerchants).values({
      accountId,
      name: `示範商家 ${accountId}`,
      email: `qrpay${accountId}@demo.test`,
      phone: '0223456789',
      address: '台北市大安區忠孝東路四段 1 號',
    });
  const [tp] = await db
    .insert(paymentServices)
    .values({
      accountId: ok!,
      service: 'tappay',
      name: `TapPay demo_merchant_${ok}`,
      fields: {
        tappayMerchantId: `demo_merchant_${ok}`,
        types: ['apple', 'google', 'direct'],
        useTds: true,
        ...DEMO_TAPPAY_APP,
      },
      secretSealed: box.seal(`partner_demo${ok}9f8e7d6c5b4a`),
      lastTest: { ok: true, answer: 'status 2: no record (connection ok)', at },
    })
    .returning({ id: paymentServices.id });
  await db.insert(paymentConfigs).values(
    (['apple', 'google', 'direct'] as const).map((type) => ({
      accountId: ok!,
      service: 'tappay' as const,
      type,
      isEnabled: true,
      paymentServiceId: tp!.id,
    })),
  );
  await payOnline(db, ok!);
  const [ew] = await db
    .insert(paymentServices)
    .values({
      accountId: failing!,
      service: 'easywallet',
      name: '悠遊付 示範',
      fields: { sellerMemberUid: `EW${failing}`, contractNo: `C${failing}`, executorId: 'demo' },
      secretSealed: box.seal(`demo-security-code-${failing}`),
      lastTest: { ok: false, answer: 'code 1: signature mismatch', at },
    })
    .returning({ id: paymentServices.id });
  await db.insert(paymentConfigs).values({
    accountId: failing!,
    service: 'easywallet',
    type: 'easywallet',
    isEnabled: true,
    paymentServiceId: ew!.id,
  });
};
