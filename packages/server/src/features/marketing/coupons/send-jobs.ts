import { randomInt, randomUUID } from 'node:crypto';
import { makeVoucherCode, voucherMessage } from '@shopdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../../../db/client';
import { businesses, couponCampaigns, vouchers } from '../../../db/schema';
import { enqueueOutbox, type OutboxJob, PermanentFailure } from '../../../jobs/outbox';
import { loadChannel, OLD_OA_SKIPPED } from '../../chat/line/channel-store';
import { asJobError } from '../../chat/line/chat-events';
import { type AuditActor, writeAudit } from '../../platform/audit/write-audit';
import { draftRow, ensureHasShops, type SiCaller, viewCampaign } from './campaign-store';

export const ISSUE_JOB = 'coupons.issue';
export const VOUCHER_PUSH_JOB = 'coupons.push';

/**
 * "Send": the request only marks the campaign 'sending' and enqueues ONE issue job (deduplicated on
 * the campaign), in the same transaction. The job issues the vouchers and enqueues one push job per voucher;
 * every step is an outbox job claimed FOR UPDATE SKIP LOCKED, so any number of instances may run them.
 */
export const sendCampaign = (db: Db, user: SiCaller & AuditActor, id: number) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await draftRow(t, user, id);
    await ensureHasShops(t, id);
    const [c] = await t
      .update(couponCampaigns)
      .set({ status: 'sending', sentAt: new Date(), updatedAt: new Date() })
      .where(eq(couponCampaigns.id, id))
      .returning();
    await enqueueOutbox(t, { kind: ISSUE_JOB, dedupeKey: `campaign:${id}`, payload: { campaignId: id } });
    await writeAudit(t, user, {
      accountId: null,
      resourceCode: 'coupons',
      action: 'update',
      displayName: c!.name,
      displayLog: `發送優惠券活動 ${c!.name}`,
      target: { table: 'coupon_campaigns', id },
    });
    return viewCampaign(c!);
  });

type Customer = { line_user_id: string; account_id: number; customer_name: string };

/**
 * The audience ("customers come from the shops' orders and followers"): each LINE user who ordered at
 * one of the campaign's shops (with a LINE channel) within its audience days, or follows one of them now, once,
 * at the shop of their latest contact (order or follow); never at a shop they blocked. The most recent first,
 * at most the campaign's total count.
 */
const audience = (tx: Db, c: typeof couponCampaigns.$inferSelect, now: Date) =>
  queryRows<Customer>(
    tx,
    sql`select line_user_id, account_id, customer_name from (
          select distinct on (x.line_user_id) x.line_user_id, x.account_id, x.customer_name, x.at
          from (
            select o.line_user_id, o.account_id, o.customer_name, o.created_at as at
            from orders o
            join coupon_campaign_shops s on s.account_id = o.account_id and s.campaign_id = ${c.id}
            join line_channels lc on lc.account_id = o.account_id
            where o.line_user_id is not null
              and o.created_at >= ${now.toISOString()}::timestamptz - make_interval(days => ${c.audienceDays})
            union all
            select f.line_user_id, f.account_id, f.name, f.followed_at
            from line_followers f
            join coupon_campaign_shops s on s.account_id = f.account_id and s.campaign_id = ${c.id}
            join line_channels lc on lc.account_id = f.account_id
            where f.unfollowed_at is null) x
          where not exists (
            select 1 from line_followers b
            where b.account_id = x.account_id and b.line_user_id = x.line_user_id and b.unfollowed_at is not null)
          order by x.line_user_id, x.at desc) latest
        order by at desc, line_user_id limit ${c.totalCount}`,
  );

/** Issues the vouchers of a 'sending' campaign and queues their pushes, in one transaction (a retry redoes it). */
export const issueVouchers = (db: Db, campaignId: number, now = new Date(), opts: { push?: boolean } = {}) =>
  db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [c] = await t
      .select()
      .from(couponCampaigns)
      .where(eq(couponCampaigns.id, campaignId))
      .for('update');
    if (c?.status !== 'sending') return 0;
    const customers = await audience(t, c, now);
    const issued = customers.length
      ? await t
          .insert(vouchers)
          .values(
            customers.map((p) => ({
              campaignId,
              code: makeVoucherCode(randomInt),
              accountId: p.account_id,
              lineUserId: p.line_user_id,
              customerName: p.customer_name ?? '',
            })),
          )
          .onConflictDoNothing()
          .returning({ id: vouchers.id, accountId: vouchers.accountId })
      : [];
    if (opts.push !== false)
      for (const v of issued)
        await enqueueOutbox(t, {
          kind: VOUCHER_PUSH_JOB,
          accountId: v.accountId,
          dedupeKey: `voucher:${v.id}`,
          payload: { voucherId: v.id, retryKey: randomUUID() },
          maxAttempts: 6,
        });
    await t
      .update(couponCampaigns)
      .set({ status: 'sent', updatedAt: new Date() })
      .where(eq(couponCampaigns.id, campaignId));
    return issued.length;
  });

const markFailed = (db: Db, id: number, error: string) =>
  db
    .update(vouchers)
    .set({ delivery: 'failed', deliveryError: error.slice(0, 300) })
    .where(eq(vouchers.id, id));

/** Pushes one voucher through its shop's LINE account; the voucher row records the outcome for the page. */
const pushVoucher = async (app: FastifyInstance, job: OutboxJob) => {
  const db = app.database.db;
  const p = job.payload as { voucherId: number; retryKey: string };
  const [row] = await db
    .select({ v: vouchers, c: couponCampaigns, shop: businesses.name })
    .from(vouchers)
    .innerJoin(couponCampaigns, eq(couponCampaigns.id, vouchers.campaignId))
    .leftJoin(businesses, eq(businesses.id, vouchers.accountId))
    .where(eq(vouchers.id, p.voucherId));
  if (!row || row.v.delivery === 'sent') return;
  const ch = await loadChannel(db, app.secretBox, row.v.accountId);
  if (!ch) {
    await markFailed(db, row.v.id, 'the shop has no LINE channel');
    throw new PermanentFailure('the shop has no LINE channel');
  }
  if (ch.oldStopped) {
    // a stopped old account sends nothing; the voucher says why
    await markFailed(db, row.v.id, OLD_OA_SKIPPED);
    throw new PermanentFailure(OLD_OA_SKIPPED);
  }
  const c = row.c;
  const text = voucherMessage(
    {
      name: c.name,
      start: c.startDate,
      end: c.endDate,
      setting: c.setting,
      perCustomerLimit: c.perCustomerLimit,
    },
    row.shop ?? '',
    row.v.code,
  );
  try {
    await app.line.pushMessage(ch.accessToken, row.v.lineUserId, [{ type: 'text', text }], p.retryKey);
  } catch (err) {
    // 409: LINE accepted this retry key before (the earlier try reached it)
    if ((err as { status?: number }).status !== 409) {
      const e = asJobError(err);
      if (e instanceof PermanentFailure || job.attempts >= job.maxAttempts)
        await markFailed(db, row.v.id, e instanceof Error ? e.message : String(e));
      throw e;
    }
  }
  await db
    .update(vouchers)
    .set({ delivery: 'sent', deliveryError: null, sentAt: new Date() })
    .where(eq(vouchers.id, row.v.id));
};

export const registerCouponJobs = (app: FastifyInstance) => {
  app.outbox.handle(ISSUE_JOB, async (job) => {
    await issueVouchers(app.database.db, Number(job.payload.campaignId));
  });
  app.outbox.handle(VOUCHER_PUSH_JOB, (job) => pushVoucher(app, job));
};
