import {
  COUPON_MESSAGES,
  campaignSetting,
  describeSetting,
  type TCampaign,
  type TCampaignShop,
  type ZCampaignInput,
} from '@shopdesk/contract';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../../db/client';
import {
  accounts,
  businesses,
  couponCampaignShops,
  couponCampaigns,
  lineChannels,
  shopLineCustomers,
} from '../../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { type AuditActor, writeAudit } from '../../platform/audit/write-audit';

type Input = z.output<typeof ZCampaignInput>;
type CampaignRow = typeof couponCampaigns.$inferSelect;
export type SiCaller = Pick<SessionUser, 'id' | 'name' | 'type' | 'siAccountId'>;

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const siOf = (user: SiCaller) => user.siAccountId ?? -1;

type Progress = TCampaign['progress'];
const progressOf = async (db: Db, ids: number[]) => {
  const out = new Map<number, Progress & { shops: number }>();
  if (!ids.length) return out;
  const rows = await queryRows<{
    id: number;
    issued: number;
    sent: number;
    failed: number;
    redeemed: number;
  }>(
    db,
    sql`select c.id, count(v.id)::int as issued,
          count(v.id) filter (where v.delivery = 'sent')::int as sent,
          count(v.id) filter (where v.delivery = 'failed')::int as failed,
          count(v.id) filter (where v.used_count >= c.per_customer_limit)::int as redeemed
        from coupon_campaigns c left join vouchers v on v.campaign_id = c.id
        where c.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) group by c.id`,
  );
  const shops = await db
    .select({ id: couponCampaignShops.campaignId, n: count() })
    .from(couponCampaignShops)
    .where(inArray(couponCampaignShops.campaignId, ids))
    .groupBy(couponCampaignShops.campaignId);
  for (const r of rows)
    out.set(r.id, {
      issued: r.issued,
      sent: r.sent,
      failed: r.failed,
      redeemed: r.redeemed,
      shops: shops.find((s) => s.id === r.id)?.n ?? 0,
    });
  return out;
};

export const viewCampaign = (c: CampaignRow, p?: Progress & { shops: number }): TCampaign => ({
  id: c.id,
  name: c.name,
  start: c.startDate,
  end: c.endDate,
  discount: {
    discountType: c.setting.general.discountType,
    amount: c.setting.general.amount,
    carryMethod: c.setting.general.carryMethod,
    restrictionType: c.setting.usageRestrctions.restrictionType,
    restrictionValue: c.setting.usageRestrctions.value,
  },
  description: describeSetting('all', c.setting).replace(/^全部：/, ''),
  perCustomerLimit: c.perCustomerLimit,
  totalCount: c.totalCount,
  audienceDays: c.audienceDays,
  status: c.status,
  shopCount: p?.shops ?? 0,
  progress: {
    issued: p?.issued ?? 0,
    sent: p?.sent ?? 0,
    failed: p?.failed ?? 0,
    redeemed: p?.redeemed ?? 0,
  },
  sentAt: c.sentAt?.toISOString() ?? null,
  updatedAt: c.updatedAt.toISOString(),
});

/** The caller's campaign: 404 when there is none, 403 when it is another SI's (spec: 403 for a signed-in caller). */
export const campaignRow = async (db: Db, user: SiCaller, id: number, opts: { lock?: boolean } = {}) => {
  const q = db.select().from(couponCampaigns).where(eq(couponCampaigns.id, id));
  const [c] = opts.lock ? await q.for('update') : await q;
  if (!c) throw notFound();
  if (c.siAccountId !== siOf(user)) throw forbidden();
  return c;
};
const draftRow = async (db: Db, user: SiCaller, id: number) => {
  const c = await campaignRow(db, user, id, { lock: true });
  if (c.status !== 'draft') throw conflict(COUPON_MESSAGES.notDraft, 'CAMPAIGN_NOT_DRAFT');
  return c;
};

export const loadCampaign = async (db: Db, user: SiCaller, id: number) => {
  const c = await campaignRow(db, user, id);
  return viewCampaign(c, (await progressOf(db, [c.id])).get(c.id));
};

export const listCampaigns = async (
  db: Db,
  user: SiCaller,
  q: { q?: string; id?: number; offset: number; limit: number },
) => {
  const where = and(
    eq(couponCampaigns.siAccountId, siOf(user)),
    q.q ? ilike(couponCampaigns.name, likeOf(q.q)) : undefined,
    q.id === undefined ? undefined : eq(couponCampaigns.id, q.id),
  );
  const [total] = await db.select({ n: count() }).from(couponCampaigns).where(where);
  const rows = await db
    .select()
    .from(couponCampaigns)
    .where(where)
    .orderBy(desc(couponCampaigns.id))
    .limit(q.limit)
    .offset(q.offset);
  const p = await progressOf(
    db,
    rows.map((r) => r.id),
  );
  return { total: total?.n ?? 0, rows: rows.map((r) => viewCampaign(r, p.get(r.id))) };
};

const columns = (input: Input) => ({
  name: input.name,
  startDate: input.duration.start,
  endDate: input.duration.end,
  setting: campaignSetting(input.discount),
  perCustomerLimit: input.perCustomerLimit,
  totalCount: input.totalCount,
  audienceDays: input.audienceDays,
});

const audit = (
  tx: Db,
  actor: AuditActor,
  c: { id: number; name: string },
  action: 'create' | 'update',
  log: string,
  value?: unknown,
) =>
  writeAudit(tx, actor, {
    accountId: null,
    resourceCode: 'coupons',
    action,
    displayName: c.name,
    displayLog: log,
    target: { table: 'coupon_campaigns', id: c.id },
    newValue: value,
  });

export const createCampaign = (db: Db, user: SiCaller, input: Input) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [c] = await t
      .insert(couponCampaigns)
      .values({ siAccountId: siOf(user), ...columns(input) })
      .returning();
    await audit(t, user, c!, 'create', `新增優惠券活動 ${c!.name}`, input);
    return viewCampaign(c!);
  });

export const updateCampaign = (db: Db, user: SiCaller, id: number, input: Input) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await draftRow(t, user, id);
    const [c] = await t
      .update(couponCampaigns)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(couponCampaigns.id, id))
      .returning();
    await audit(t, user, c!, 'update', `編輯優惠券活動 ${c!.name}`, input);
    return viewCampaign(c!, (await progressOf(t, [id])).get(id));
  });

/**
 * Customers of a shop: the LINE user ids that ordered there within `days` (the pages' "customers who ordered
 * through LINE"), counted in the shop's rollup of LINE customers (shop_line_customers: one row per customer,
 * their latest order's time), not as the distinct user ids of the period's orders, a read of every order of
 * each shop (docs/decisions/marketing.md "Coupon shop pages: customers counted from a rollup").
 */
const customersSql = (days: number) =>
  sql<number>`(select count(*)::int from ${shopLineCustomers} c
       where c.account_id = accounts.id and c.last_order_at >= now() - make_interval(days => ${days}))`;

export const campaignShops = async (db: Db, user: SiCaller, id: number): Promise<TCampaignShop[]> => {
  const c = await campaignRow(db, user, id);
  return db
    .select({
      shopId: accounts.id,
      name: sql<string>`coalesce(${businesses.name}, '')`,
      hasLine: sql<boolean>`${lineChannels.accountId} is not null`,
      customers: customersSql(c.audienceDays),
    })
    .from(couponCampaignShops)
    .innerJoin(accounts, eq(accounts.id, couponCampaignShops.accountId))
    .leftJoin(businesses, eq(businesses.id, accounts.id))
    .leftJoin(lineChannels, eq(lineChannels.accountId, accounts.id))
    .where(eq(couponCampaignShops.campaignId, id))
    .orderBy(accounts.id);
};

/** The SI's shops as campaign candidates, with how many of its campaigns each is in. */
export const siCouponShops = async (db: Db, user: SiCaller, days: number) =>
  db
    .select({
      shopId: accounts.id,
      name: sql<string>`coalesce(${businesses.name}, '')`,
      hasLine: sql<boolean>`${lineChannels.accountId} is not null`,
      customers: customersSql(days),
      campaigns: sql<number>`(select count(*)::int from coupon_campaign_shops s where s.account_id = accounts.id)`,
    })
    .from(accounts)
    .leftJoin(businesses, eq(businesses.id, accounts.id))
    .leftJoin(lineChannels, eq(lineChannels.accountId, accounts.id))
    .where(eq(accounts.siAccountId, siOf(user)))
    .orderBy(accounts.id);

export const addCampaignShops = (db: Db, user: SiCaller, id: number, shopIds: number[]) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const c = await draftRow(t, user, id);
    const ids = [...new Set(shopIds)];
    const own = await t
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(inArray(accounts.id, ids), eq(accounts.siAccountId, siOf(user))));
    // another SI's shop (or none at all) is refused whole: nothing is added
    if (own.length !== ids.length) throw forbidden(COUPON_MESSAGES.notYourShop);
    const added = await t
      .insert(couponCampaignShops)
      .values(ids.map((accountId) => ({ campaignId: id, accountId })))
      .onConflictDoNothing()
      .returning();
    await audit(
      t,
      user,
      c,
      'update',
      `優惠券活動 ${c.name} 加入商店 ${added.map((a) => a.accountId).join('、')}`,
    );
    return { added: added.length };
  });

export const removeCampaignShop = (db: Db, user: SiCaller, id: number, shopId: number) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const c = await draftRow(t, user, id);
    const gone = await t
      .delete(couponCampaignShops)
      .where(and(eq(couponCampaignShops.campaignId, id), eq(couponCampaignShops.accountId, shopId)))
      .returning();
    if (!gone.length) throw notFound();
    await audit(t, user, c, 'update', `優惠券活動 ${c.name} 移除商店 ${shopId}`);
    return { ok: true as const };
  });

export const ensureHasShops = async (db: Db, id: number) => {
  const [n] = await db
    .select({ n: count() })
    .from(couponCampaignShops)
    .where(eq(couponCampaignShops.campaignId, id));
  if (!n?.n) throw badRequest(COUPON_MESSAGES.noShops, 'shops');
};
export { draftRow, progressOf };
