import { customerDataFor, type TVoucher, voucherState } from '@shopdesk/contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { businesses, type couponCampaigns, orders, voucherRedemptions, vouchers } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { campaignRow, progressOf, type SiCaller, viewCampaign } from './campaign-store';

type Row = { v: typeof vouchers.$inferSelect; shop: string | null };

/** The customer's name as the caller may see it: si gets 王** (contract customerDataFor, the one masking rule). */
const view = (user: SiCaller, r: Row, c: typeof couponCampaigns.$inferSelect, now: Date): TVoucher => ({
  id: r.v.id,
  campaignId: r.v.campaignId,
  code: r.v.code,
  shopId: r.v.accountId,
  shopName: r.shop ?? '',
  customerName: customerDataFor(user.type, { customerName: r.v.customerName }).customerName ?? '',
  state: voucherState(r.v, { end: c.endDate, perCustomerLimit: c.perCustomerLimit }, now),
  delivery: r.v.delivery,
  deliveryError: r.v.deliveryError,
  usedCount: r.v.usedCount,
  sentAt: r.v.sentAt?.toISOString() ?? null,
  createdAt: r.v.createdAt.toISOString(),
});

const select = (db: Db) =>
  db
    .select({ v: vouchers, shop: businesses.name })
    .from(vouchers)
    .leftJoin(businesses, eq(businesses.id, vouchers.accountId));

export const listVouchers = async (
  db: Db,
  user: SiCaller,
  id: number,
  q: { id?: number; offset: number; limit: number },
  now = new Date(),
) => {
  const c = await campaignRow(db, user, id);
  const where = and(eq(vouchers.campaignId, id), q.id === undefined ? undefined : eq(vouchers.id, q.id));
  const [total] = await db.select({ n: count() }).from(vouchers).where(where);
  const rows = await select(db)
    .where(where)
    .orderBy(desc(vouchers.usedCount), asc(vouchers.id))
    .limit(q.limit)
    .offset(q.offset);
  return { total: total?.n ?? 0, rows: rows.map((r) => view(user, r, c, now)) };
};

export const loadVoucher = async (
  db: Db,
  user: SiCaller,
  id: number,
  voucherId: number,
  now = new Date(),
) => {
  const c = await campaignRow(db, user, id);
  const [row] = await select(db).where(and(eq(vouchers.campaignId, id), eq(vouchers.id, voucherId)));
  if (!row) throw notFound();
  const redemptions = await db
    .select({
      orderId: orders.id,
      shopId: orders.accountId,
      shopName: businesses.name,
      serial: orders.serial,
      status: orders.status,
      discount: voucherRedemptions.discount,
      total: orders.total,
      createdAt: voucherRedemptions.createdAt,
      releasedAt: voucherRedemptions.releasedAt,
    })
    .from(voucherRedemptions)
    .innerJoin(orders, eq(orders.id, voucherRedemptions.orderId))
    .leftJoin(businesses, eq(businesses.id, orders.accountId))
    .where(eq(voucherRedemptions.voucherId, voucherId))
    .orderBy(asc(voucherRedemptions.id));
  return {
    campaign: viewCampaign(c, (await progressOf(db, [id])).get(id)),
    voucher: view(user, row, c, now),
    redemptions: redemptions.map((r) => ({
      ...r,
      shopName: r.shopName ?? '',
      createdAt: r.createdAt.toISOString(),
      releasedAt: r.releasedAt?.toISOString() ?? null,
    })),
  };
};
