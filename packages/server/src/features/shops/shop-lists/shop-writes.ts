import { SHOP_LIST_MESSAGES } from '@shopdesk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, businesses, lineChannels, siAccounts } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { requireShop } from '../../../plugins/app/shop-access';
import { recordOrderEvent } from '../../orders/order-flow/order-events';
import { type AuditActor, showValue, writeAudit } from '../../platform/audit/write-audit';
import { forgetCounts } from './sql-helpers';

type Actor = SessionUser;

const liveText = (v: boolean) => (v ? '已上線' : '未上線');

/** spec 002 §4 Go-live status: not online / online. */
export const setInitialStatus = async (db: Db, user: Actor, accountId: number, isInitialized: boolean) => {
  await requireShop(db, user, accountId);
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select({ v: accounts.isInitialized })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    await tx.update(accounts).set({ isInitialized, updatedAt: new Date() }).where(eq(accounts.id, accountId));
    await writeAudit(tx as unknown as Db, user, {
      accountId,
      resourceCode: 'accounts',
      action: 'update',
      displayName: '上線狀態',
      displayLog: `上線狀態：${liveText(old!.v)} → ${liveText(isInitialized)}`,
      target: { table: 'accounts', key: 'is_initialized', id: accountId },
      oldValue: old!.v,
      newValue: isInitialized,
    });
    return { accountId, isInitialized };
  });
};

/** spec 002 §2 screen 1 SI dropdown; null = no SI (shown as 無). */
export const setSiAccount = async (db: Db, user: Actor, accountId: number, siAccountId: number | null) => {
  await requireShop(db, user, accountId);
  const si = siAccountId
    ? (await db.select().from(siAccounts).where(eq(siAccounts.id, siAccountId)).limit(1))[0]
    : null;
  if (siAccountId && !si) throw badRequest(SHOP_LIST_MESSAGES.siAccountUnknown, 'siAccountId');
  const saved = await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ id: accounts.siAccountId, name: siAccounts.displayName })
      .from(accounts)
      .leftJoin(siAccounts, eq(siAccounts.id, accounts.siAccountId))
      .where(eq(accounts.id, accountId))
      .for('update', { of: accounts });
    await tx.update(accounts).set({ siAccountId, updatedAt: new Date() }).where(eq(accounts.id, accountId));
    await writeAudit(tx as unknown as Db, user, {
      accountId,
      resourceCode: 'accounts',
      action: 'update',
      displayName: '所屬SI',
      displayLog: `所屬SI：${old!.name ?? '無'} → ${si?.displayName ?? '無'}`,
      target: { table: 'accounts', key: 'si_account_id', id: accountId },
      oldValue: old!.id,
      newValue: siAccountId,
    });
    return { accountId, siAccountId, siAccountName: si?.displayName ?? null };
  });
  forgetCounts(db); // totals filtered by SI name change with it
  return saved;
};

/**
 * spec 002 §4 "Old-account stop", and its undo. Stopping marks the shop's current LINE channel
 * as the old one (`line_channels.is_new_oa` false) and sets `accounts.is_oa_disabled`; while both hold, the
 * push jobs skip that channel and its webhook is refused (features/chat/line/channel-store.ts `isStoppedOld`).
 * A channel written afterwards on the OA page is new and live. Stopping twice (or undoing a shop that is
 * not stopped) is 409, so the operator learns it was already done.
 */
const setOldOaStopped = async (db: Db, user: Actor, accountId: number, stop: boolean) => {
  await requireShop(db, user, accountId);
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select({ v: accounts.isOaDisabled })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (old!.v === stop)
      throw conflict(stop ? SHOP_LIST_MESSAGES.oaAlreadyDisabled : SHOP_LIST_MESSAGES.oaNotDisabled);
    await tx
      .update(accounts)
      .set({ isOaDisabled: stop, updatedAt: new Date() })
      .where(eq(accounts.id, accountId));
    await tx
      .update(lineChannels)
      .set({ isNewOa: !stop, updatedAt: new Date() })
      .where(eq(lineChannels.accountId, accountId));
    await writeAudit(tx as unknown as Db, user, {
      accountId,
      resourceCode: 'accounts',
      action: 'update',
      displayName: stop ? '停用舊OA' : '恢復舊OA',
      displayLog: stop ? '停用舊OA：使用中 → 已停用' : '恢復舊OA：已停用 → 使用中',
      target: { table: 'accounts', key: 'is_oa_disabled', id: accountId },
      oldValue: !stop,
      newValue: stop,
    });
    return { accountId, isOaDisabled: stop };
  });
};

export const disableOldOa = async (db: Db, user: Actor, accountId: number) =>
  (await setOldOaStopped(db, user, accountId, true)) as { accountId: number; isOaDisabled: true };

export const enableOldOa = async (db: Db, user: Actor, accountId: number) =>
  (await setOldOaStopped(db, user, accountId, false)) as { accountId: number; isOaDisabled: false };

/** spec 000 §4: online ordering (isEnabled) on or off. */
export const setShopStatus = async (db: Db, user: Actor, accountId: number, isEnabled: boolean) => {
  await requireShop(db, user, accountId);
  await db.transaction((tx) =>
    writeOnlineOrdering(tx as unknown as Db, user, `${user.type}:${user.name}`, accountId, isEnabled),
  );
  return { accountId, isEnabled };
};

/**
 * Online ordering on or off inside the caller's transaction, for the console's switch and the POS board's
 * alike: the audit line (線上接單：開啟 → 關閉) and a 'shop' feed event, so the shop's boards show the new
 * state at once. The caller has checked the caller's right to the shop.
 */
export const writeOnlineOrdering = async (
  tx: Db,
  actor: AuditActor,
  feedActor: string,
  accountId: number,
  isEnabled: boolean,
) => {
  const [old] = await tx
    .select({ v: businesses.isEnabled })
    .from(businesses)
    .where(eq(businesses.id, accountId))
    .for('update');
  if (!old) throw notFound();
  await tx.update(businesses).set({ isEnabled, updatedAt: new Date() }).where(eq(businesses.id, accountId));
  await writeAudit(tx, actor, {
    accountId,
    resourceCode: 'business',
    action: 'update',
    displayName: '線上接單',
    displayLog: `線上接單：${showValue(old.v)} → ${showValue(isEnabled)}`,
    target: { table: 'businesses', key: 'is_enabled', id: accountId },
    oldValue: old.v,
    newValue: isEnabled,
  });
  await recordOrderEvent(tx, {
    accountId,
    orderId: null,
    kind: 'shop',
    data: { isEnabled },
    actor: feedActor,
  });
};
