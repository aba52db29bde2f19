import { checkGtmValue, GTM_MESSAGES, parseAccountIds, type TGtmUpdate } from '@shopdesk/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, shopTagManagers } from '../../../db/schema';
import { badRequest, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { type AuditActor, writeAudit } from '../audit/write-audit';

/**
 * spec 002 §7 PUT /gaa/business/bulk/gtm: one GTM id for every listed shop, all or none (an unknown shop id
 * refuses the whole call, naming the ids), audited per shop.
 */
export const setShopsGtm = async (db: Db, user: SessionUser, body: TGtmUpdate) => {
  const ids = parseAccountIds(body.accountIds);
  if (!ids.ok) throw badRequest(ids.error, 'accountIds');
  const gtm = checkGtmValue(body.gtm);
  if (!gtm.ok) throw badRequest(gtm.error, 'gtm');
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const found = await tx.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, ids.ids));
    const missing = ids.ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw notFound(GTM_MESSAGES.unknownShops(missing));
    const before = await tx.select().from(shopTagManagers).where(inArray(shopTagManagers.accountId, ids.ids));
    await tx
      .insert(shopTagManagers)
      .values(ids.ids.map((accountId) => ({ accountId, gtmId: gtm.gtm })))
      .onConflictDoUpdate({
        target: shopTagManagers.accountId,
        set: { gtmId: sql`excluded.gtm_id`, updatedAt: new Date() },
      });
    for (const accountId of ids.ids) {
      const old = before.find((b) => b.accountId === accountId)?.gtmId ?? null;
      await writeAudit(tx, user as AuditActor, {
        accountId,
        resourceCode: 'business',
        action: 'update',
        displayName: 'GTM',
        displayLog: `GTM：${old ?? '（無）'} → ${gtm.gtm}`,
        target: { table: 'shop_tag_managers', key: 'gtm_id', id: accountId },
        oldValue: old,
        newValue: gtm.gtm,
      });
    }
    return { accountIds: ids.ids, gtm: gtm.gtm, message: GTM_MESSAGES.updated.zh };
  });
};

/** The storefront's tag-manager id of a shop, null when it has none. */
export const shopGtmId = async (db: Db, accountId: number): Promise<string | null> => {
  const [row] = await db
    .select({ gtm: shopTagManagers.gtmId })
    .from(shopTagManagers)
    .where(eq(shopTagManagers.accountId, accountId));
  return row?.gtm ?? null;
};
