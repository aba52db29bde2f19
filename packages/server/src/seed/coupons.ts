import { campaignSetting } from '@shopdesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, couponCampaignShops, couponCampaigns, lineChannels, vouchers } from '../db/schema';
import { issueVouchers } from '../features/marketing/coupons/send-jobs';

const day = (from: Date, days: number) =>
  new Date(from.getTime() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * one campaign already sent for the demo SI (quickclick) to the customers of two of its shops with a
 * LINE channel among `shopIds` (past the shops the browser tests use), delivered two days ago (no push is
 * queued again), one delivery failed; and a draft waiting for its shops.
 */
export const seedCoupons = async (
  db: Db,
  siAccountId: number,
  shopIds: readonly number[],
  now = new Date(),
) => {
  const shops = await db
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(lineChannels, eq(lineChannels.accountId, accounts.id))
    .where(and(inArray(accounts.id, [...shopIds]), eq(accounts.siAccountId, siAccountId)))
    .orderBy(accounts.id)
    .limit(2);
  if (!shops.length) return;
  const [sent] = await db
    .insert(couponCampaigns)
    .values({
      siAccountId,
      name: '秋季回饋 滿 300 折 50',
      startDate: day(now, -3),
      endDate: day(now, 27),
      setting: campaignSetting({
        discountType: 'fixed',
        amount: 50,
        carryMethod: 'floor',
        restrictionType: 'amount',
        restrictionValue: 300,
      }),
      perCustomerLimit: 1,
      totalCount: 40,
      audienceDays: 30,
      status: 'sending',
      sentAt: new Date(now.getTime() - 2 * 86_400_000),
    })
    .returning();
  await db.insert(couponCampaignShops).values(shops.map((s) => ({ campaignId: sent!.id, accountId: s.id })));
  await issueVouchers(db, sent!.id, now, { push: false });
  await db
    .update(vouchers)
    .set({ delivery: 'sent', sentAt: sent!.sentAt })
    .where(eq(vouchers.campaignId, sent!.id));
  await db.execute(
    sql`update vouchers set delivery = 'failed', sent_at = null,
          delivery_error = 'LINE 400: The user hasn''t added the LINE Official Account as a friend'
        where id = (select min(id) from vouchers where campaign_id = ${sent!.id})`,
  );
  await db.insert(couponCampaigns).values({
    siAccountId,
    name: '週末限定 85 折',
    startDate: day(now, 7),
    endDate: day(now, 14),
    setting: campaignSetting({
      discountType: 'percentage',
      amount: 15,
      carryMethod: 'floor',
      restrictionType: 'none',
      restrictionValue: 0,
    }),
    perCustomerLimit: 2,
    totalCount: 200,
    audienceDays: 60,
  });
};
