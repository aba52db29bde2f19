import type { Db } from '../db/client';
import { paymentConfigs, paymentServices, qrMerchants } from '../db/schema';
import type { SecretBox } from '../lib/secret-box';

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
};
