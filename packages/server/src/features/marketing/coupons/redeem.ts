import {
  COUPON_MESSAGES,
  checkVoucher,
  normalizeVoucherCode,
  type TVoucherRefusal,
  VOUCHER_REFUSALS,
  voucherDiscount,
} from '@shopdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import {
  couponCampaignShops,
  couponCampaigns,
  orderPromotions,
  voucherRedemptions,
  vouchers,
} from '../../../db/schema';
import { ApiError } from '../../../http/errors';

export type TakenVoucher = { voucherId: number; code: string; name: string; discount: number };

const refuse = (code: TVoucherRefusal) =>
  new ApiError(code === 'VOUCHER_USED' ? 409 : 422, code, VOUCHER_REFUSALS[code], 'voucherCode');

/**
 * Order intake's voucher step, inside its transaction, after the shop's promotions priced the
 * order: the voucher row is read FOR UPDATE (a second order with the same code waits here and then sees the
 * use taken), checked by the contract's rules, priced by the promotion engine on what is still payable, and
 * its use is taken by ONE conditional UPDATE (used_count < limit): of two racing orders exactly one wins.
 */
export const takeVoucher = async (
  tx: Db,
  accountId: number,
  rawCode: string,
  items: readonly { unitPrice: number; quantity: number }[],
  remaining: number,
  now: Date,
): Promise<TakenVoucher> => {
  const code = normalizeVoucherCode(rawCode);
  const [row] = await tx
    .select({ v: vouchers, c: couponCampaigns })
    .from(vouchers)
    .innerJoin(couponCampaigns, eq(couponCampaigns.id, vouchers.campaignId))
    .where(eq(vouchers.code, code))
    .for('update', { of: vouchers });
  if (!row) throw refuse('VOUCHER_UNKNOWN');
  const [inShop] = await tx
    .select({ id: couponCampaignShops.accountId })
    .from(couponCampaignShops)
    .where(and(eq(couponCampaignShops.campaignId, row.c.id), eq(couponCampaignShops.accountId, accountId)));
  const terms = {
    id: row.c.id,
    name: row.c.name,
    start: row.c.startDate,
    end: row.c.endDate,
    setting: row.c.setting,
    perCustomerLimit: row.c.perCustomerLimit,
  };
  const refusal = checkVoucher(row.v, terms, { shopInCampaign: Boolean(inShop), now });
  if (refusal) throw refuse(refusal);
  const discount = voucherDiscount(terms, items, remaining);
  if (discount <= 0)
    throw new ApiError(
      422,
      'VOUCHER_NOT_MET',
      remaining > 0 ? COUPON_MESSAGES.voucherNotMet : COUPON_MESSAGES.voucherNoDiscount,
      'voucherCode',
    );
  const taken = await queryRows<{ id: number }>(
    tx,
    sql`update vouchers set used_count = used_count + 1
        where id = ${row.v.id} and used_count < ${row.c.perCustomerLimit} returning id`,
  );
  if (!taken.length) throw refuse('VOUCHER_USED');
  return { voucherId: row.v.id, code, name: `優惠券 ${row.c.name}`, discount };
};

/** The order's record of the voucher: the redemption and its line among the order's discounts. */
export const recordRedemption = async (
  tx: Db,
  order: { id: number; accountId: number; phone: string },
  v: TakenVoucher,
) => {
  await tx.insert(voucherRedemptions).values({
    voucherId: v.voucherId,
    orderId: order.id,
    accountId: order.accountId,
    discount: v.discount,
  });
  const [line] = await tx
    .insert(orderPromotions)
    .values({
      orderId: order.id,
      promotionId: null,
      accountId: order.accountId,
      customerPhone: order.phone,
      name: v.name,
      mealKey: 'all',
      discount: v.discount,
    })
    .returning();
  return line!;
};

/**
 * Gives a rejected or canceled order's voucher use back (as releasePromotionUses does for promotions): once
 * per order, since a move to rejected or canceled happens once.
 */
export const releaseVoucherUses = async (tx: Db, orderId: number) => {
  const rows = await queryRows<{ voucher_id: number }>(
    tx,
    sql`update voucher_redemptions set released_at = now()
        where order_id = ${orderId} and released_at is null returning voucher_id`,
  );
  for (const r of rows)
    await tx.execute(
      sql`update vouchers set used_count = greatest(used_count - 1, 0) where id = ${r.voucher_id}`,
    );
};
