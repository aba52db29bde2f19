import {
  EINVOICE_SETS,
  EINVOICE_MESSAGES as M,
  type TInvoiceApplication,
  type TInvoiceResponse,
  type TInvoiceSetting,
  ZInvoiceApplication,
  type ZInvoiceUpdate,
} from '@shopdesk/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { EInvoicePlatform } from '../../../adapters/einvoice';
import { type Db, queryRows } from '../../../db/client';
import { invoiceSettings, invoices, invoiceTracks } from '../../../db/schema';
import { inTx } from '../../../db/transaction';
import { ApiError, conflict } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import type { SecretBox } from '../../../lib/secret-box';
import { requireShop } from '../../../plugins/app/shop-access';
import { type AuditActor, writeAudit } from '../../platform/audit/write-audit';
import { numberInvoice } from './numbering';
import { sellerOf } from './platform-jobs';

export type EInvoiceDeps = { db: Db; box: SecretBox; platform: EInvoicePlatform; log: FastifyBaseLogger };

const audit = (
  db: Db,
  user: SessionUser,
  accountId: number,
  action: 'create' | 'update',
  name: string,
  log: string,
  oldValue?: unknown,
  newValue?: unknown,
) =>
  writeAudit(db, user as AuditActor, {
    accountId,
    resourceCode: 'einvoice',
    action,
    displayName: name,
    displayLog: log,
    target: { table: 'invoice_settings', id: accountId },
    oldValue,
    newValue,
  });

const readSetting = async (db: Db, accountId: number): Promise<TInvoiceSetting | null> => {
  const [s] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.accountId, accountId));
  if (!s) return null;
  const [left] = await queryRows<{ sets: number; numbers: number }>(
    db,
    sql`select count(*) filter (where next_no <= end_no)::int as sets,
               coalesce(sum(greatest(end_no - next_no + 1, 0)), 0)::int as numbers
        from invoice_tracks where account_id = ${accountId}`,
  );
  return {
    id: s.sellerId,
    name: s.name,
    shortName: s.shortName,
    sellerTaxId: s.sellerTaxId,
    address: s.address,
    count: left?.sets ?? 0,
    remainingNumbers: left?.numbers ?? 0,
    printerSn: s.printerSn,
    printerDid: s.printerDid,
    isInvoiceEnable: s.isEnabled,
    is_qc_invoice: s.isQcInvoice,
    is_qp_invoice: s.isQpInvoice,
    is_co_invoice: s.isCoInvoice,
  };
};

const requireSetting = async (db: Db, accountId: number) => {
  const s = await readSetting(db, accountId);
  if (!s) throw conflict(M.notApplied, 'NOT_APPLIED');
  return s;
};

export const getInvoice = async (
  d: EInvoiceDeps,
  user: SessionUser,
  accountId: number,
): Promise<TInvoiceResponse> => {
  await requireShop(d.db, user, accountId);
  const recent = await d.db
    .select()
    .from(invoices)
    .where(eq(invoices.accountId, accountId))
    .orderBy(desc(invoices.id))
    .limit(20);
  return {
    setting: await readSetting(d.db, accountId),
    recent: recent.map((r) => ({
      orderId: r.orderId,
      number: r.number,
      status: r.status,
      platform: r.platform,
      amount: r.amount,
      buyerTaxId: r.buyerTaxId,
      carrier: r.carrier,
      issuedAt: r.issuedAt.toISOString(),
      proofPrintedAt: r.proofPrintedAt?.toISOString() ?? null,
    })),
  };
};

/** Fetches `sets` ticket sets from the platform and keeps them; 502 with the platform's answer on failure. */
const fetchSets = async (d: EInvoiceDeps, accountId: number, sets: number, failText = M.platformDown) => {
  const seller = await sellerOf(d.db, d.box, accountId);
  if (!seller) throw conflict(M.notApplied, 'NOT_APPLIED');
  let tracks: Awaited<ReturnType<EInvoicePlatform['fetchTracks']>>;
  try {
    tracks = await d.platform.fetchTracks(seller, sets);
  } catch (err) {
    d.log.warn({ accountId, err: (err as Error).message }, 'e-invoice platform: fetch tracks failed');
    throw new ApiError(502, 'EINVOICE_PLATFORM_FAILED', {
      zh: `${failText.zh}：${(err as Error).message}`,
      en: `${failText.en}: ${(err as Error).message}`,
    });
  }
  if (tracks.length)
    await d.db
      .insert(invoiceTracks)
      .values(
        tracks.map((t) => ({ accountId, track: t.track, startNo: t.start, endNo: t.end, nextNo: t.start })),
      )
      .onConflictDoNothing();
  return tracks.length;
};

/**
 * The application (spec 001 §5): checked by the contract, registered at the platform, saved, then the 30
 * first ticket sets fetched. A platform refusal saves nothing (開通失敗 with its answer).
 */
export const applyInvoice = async (
  d: EInvoiceDeps,
  user: SessionUser,
  accountId: number,
  body: TInvoiceApplication,
) => {
  await requireShop(d.db, user, accountId);
  const a = ZInvoiceApplication.parse(body);
  if (await readSetting(d.db, accountId)) throw conflict(M.alreadyApplied, 'ALREADY_APPLIED');
  const seller = { sellerTaxId: a.number, sellerId: a.sellerId, user: a.user, password: a.password };
  try {
    await d.platform.register(seller);
  } catch (err) {
    throw new ApiError(502, 'EINVOICE_PLATFORM_FAILED', {
      zh: `${M.activationFailed.zh}：${(err as Error).message}`,
      en: `${M.activationFailed.en}: ${(err as Error).message}`,
    });
  }
  await d.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.insert(invoiceSettings).values({
      accountId,
      sellerId: a.sellerId,
      name: a.appointedStoreName,
      shortName: a.title,
      address: a.address,
      sellerTaxId: a.number,
      deviceId: a.deviceId,
      edcId: a.edcId,
      platformUser: a.user,
      passwordSealed: d.box.seal(a.password),
      printerSn: a.printer.sn,
      printerDid: a.printer.did,
      isEnabled: true,
    });
    await audit(
      tx,
      user,
      accountId,
      'create',
      '電子發票',
      `申請電子發票 ${a.appointedStoreName}（統編 ${a.number}）`,
      undefined,
      {
        sellerId: a.sellerId,
        sellerTaxId: a.number,
      },
    );
  });
  await fetchSets(d, accountId, EINVOICE_SETS.afterActivation, M.activationFailed).catch((err) => {
    // the shop is applied; the sets can be fetched by hand
    d.log.warn({ accountId, err: (err as Error).message }, 'e-invoice: first ticket sets not fetched');
  });
  return { setting: await requireSetting(d.db, accountId) };
};

const COLUMNS = {
  shortName: 'shortName',
  is_qc_invoice: 'isQcInvoice',
  is_qp_invoice: 'isQpInvoice',
} as const;
const LABELS = { shortName: '發票抬頭', is_qc_invoice: 'QC 自動開立', is_qp_invoice: 'QP 自動開立' } as const;

export const updateInvoice = async (
  d: EInvoiceDeps,
  user: SessionUser,
  accountId: number,
  body: z.output<typeof ZInvoiceUpdate>,
) => {
  await requireShop(d.db, user, accountId);
  const before = await requireSetting(d.db, accountId);
  await d.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(invoiceSettings)
      .set({ [COLUMNS[body.key]]: body.value, updatedAt: new Date() })
      .where(eq(invoiceSettings.accountId, accountId));
    await audit(
      tx,
      user,
      accountId,
      'update',
      LABELS[body.key],
      `${LABELS[body.key]}：${String(before[body.key])} → ${String(body.value)}`,
      before[body.key],
      body.value,
    );
  });
  return { setting: await requireSetting(d.db, accountId) };
};

export const updateInvoicePrinter = async (
  d: EInvoiceDeps,
  user: SessionUser,
  accountId: number,
  body: { printerSn: string; printerDeviceId: string },
) => {
  await requireShop(d.db, user, accountId);
  const before = await requireSetting(d.db, accountId);
  await d.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(invoiceSettings)
      .set({ printerSn: body.printerSn, printerDid: body.printerDeviceId, updatedAt: new Date() })
      .where(eq(invoiceSettings.accountId, accountId));
    await audit(
      tx,
      user,
      accountId,
      'update',
      '發票機',
      `發票機：${before.printerSn} → ${body.printerSn}`,
      { sn: before.printerSn, did: before.printerDid },
      { sn: body.printerSn, did: body.printerDeviceId },
    );
  });
  return { setting: await requireSetting(d.db, accountId) };
};

export const switchInvoice = async (d: EInvoiceDeps, user: SessionUser, accountId: number, on: boolean) => {
  await requireShop(d.db, user, accountId);
  const before = await requireSetting(d.db, accountId);
  await d.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx
      .update(invoiceSettings)
      .set({ isEnabled: on, updatedAt: new Date() })
      .where(and(eq(invoiceSettings.accountId, accountId)));
    await audit(
      tx,
      user,
      accountId,
      'update',
      '電子發票',
      `電子發票：${before.isInvoiceEnable ? '開啟' : '關閉'} → ${on ? '開啟' : '關閉'}`,
      before.isInvoiceEnable,
      on,
    );
  });
  return { setting: await requireSetting(d.db, accountId) };
};

export const fetchInvoices = async (d: EInvoiceDeps, user: SessionUser, accountId: number, count: number) => {
  await requireShop(d.db, user, accountId);
  await requireSetting(d.db, accountId);
  await fetchSets(d, accountId, count);
  return { setting: await requireSetting(d.db, accountId) };
};

/**
 * 開立 on the EInvoice tab: gives an order's waiting invoice (its auto-issue switch was off) the next number,
 * then the platform issue and the proof follow as for an automatic one. 409 when nothing waits for that order,
 * when the shop's e-invoice is off, or when no number is left (the invoice keeps waiting).
 */
export const issueWaitingInvoice = async (
  d: EInvoiceDeps,
  user: SessionUser,
  accountId: number,
  orderId: number,
): Promise<{ number: string }> => {
  await requireShop(d.db, user, accountId);
  const setting = await requireSetting(d.db, accountId);
  if (!setting.isInvoiceEnable) throw conflict(M.disabled, 'EINVOICE_DISABLED');
  return inTx(d.db, async (tx) => {
    const [row] = await queryRows<{ id: number; carrier: string | null }>(
      tx,
      sql`select id, carrier from invoices
          where account_id = ${accountId} and order_id = ${orderId} and status = 'waiting' for update`,
    );
    if (!row) throw conflict(M.notWaiting, 'NOT_WAITING');
    const number = await numberInvoice(tx, accountId, Number(row.id), row.carrier);
    if (!number) throw conflict(M.noNumberLeft, 'NO_NUMBER_LEFT');
    await audit(
      tx,
      user,
      accountId,
      'update',
      '開立發票',
      `開立發票：訂單 ${orderId} → ${number}`,
      null,
      number,
    );
    return { number };
  });
};
