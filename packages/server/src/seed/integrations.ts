import type { Db } from '../db/client';
import { integrations } from '../db/schema';
import type { SecretBox } from '../lib/secret-box';

/**
 * Demo integrations on one shop: Uber Eats with order integration on (its orders go to the order
 * webhook), foodpanda set up but off, foodpanda Lite activated, the app and TTPush links, the cup coupon with
 * a LIFF id and a POS DVR. Keys are sealed like real ones.
 */
export const seedIntegrations = async (db: Db, box: SecretBox, accountId: number) => {
  const row = (vendorCode: string, extra: Partial<typeof integrations.$inferInsert>) => ({
    accountId,
    vendorCode,
    ...extra,
  });
  await db.insert(integrations).values([
    row('ubereats', {
      vendorShopId: 'UE-TW-100003',
      authDataSealed: box.seal('ue_live_8f3b2c9d4e5a6b7c'),
      options: { templateId: 3, chainCode: 'QC-CHAIN-01', qpPrinterOptionType: 'straight' },
      enabled: true,
    }),
    row('foodpanda', {
      vendorShopId: 'FP-a1b2',
      authDataSealed: null,
      options: { chainCode: 'FP-DEFAULT', chainVendorId: 'v-2231' },
      enabled: false,
    }),
    row('foodpanda_lite', { enabled: true }),
    row('app', { enabled: true }),
    row('ttpush', { enabled: true }),
    row('life17', { enabled: true, options: { liffId: '1657012345-AbCdEfGh' } }),
    row('posdvr', {
      enabled: true,
      options: { ip: '192.168.10.20', channel: 2, account: 'dvradmin' },
      authDataSealed: box.seal('dvr-demo-pass-2026'),
    }),
  ]);
};
