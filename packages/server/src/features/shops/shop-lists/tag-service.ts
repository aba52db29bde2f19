import { SHOP_LIST_MESSAGES } from '@shopdesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { accountTags, tags } from '../../../db/schema';
import { conflict, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { requireShop } from '../../../plugins/app/shop-access';
import { writeAudit } from '../../platform/audit/write-audit';
import { containsPattern, forgetCounts, prefixPattern } from './sql-helpers';

/** spec 002 §7 Tags: names containing the keyword, prefix matches first, at most `limit` (5, spec 002 §9). */
export const suggestTags = async (db: Db, keyword: string, limit: number) =>
  queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from tags where name ilike ${containsPattern(keyword)}
      order by (name ilike ${prefixPattern(keyword)}) desc, name limit ${limit}`,
  );

const shopTags = async (db: Db, accountId: number) =>
  (
    await db
      .select({ name: tags.name })
      .from(accountTags)
      .innerJoin(tags, eq(tags.id, accountTags.tagId))
      .where(eq(accountTags.accountId, accountId))
      .orderBy(asc(tags.name))
  ).map((t) => t.name);

/** spec 002 §7 Tags: POST adds a tag to a shop, creating the tag on first use. The same tag twice is 409. */
export const addShopTag = async (db: Db, user: SessionUser, accountId: number, tagName: string) => {
  await requireShop(db, user, accountId);
  const saved = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [tag] = await t
      .insert(tags)
      .values({ name: tagName })
      .onConflictDoUpdate({ target: tags.name, set: { name: sql`excluded.name` } })
      .returning({ id: tags.id });
    const added = await t
      .insert(accountTags)
      .values({ accountId, tagId: tag!.id })
      .onConflictDoNothing()
      .returning({ tagId: accountTags.tagId });
    if (!added.length) throw conflict(SHOP_LIST_MESSAGES.tagExists);
    const after = await shopTags(t, accountId);
    await writeAudit(t, user, {
      accountId,
      resourceCode: 'tags',
      action: 'create',
      displayName: '商店標籤',
      displayLog: `新增標籤：${tagName}`,
      target: { table: 'account_tags', key: 'tag_id', id: tag!.id },
      oldValue: after.filter((n) => n !== tagName),
      newValue: after,
    });
    return { accountId, tags: after };
  });
  forgetCounts(db); // totals filtered by tag change with it
  return saved;
};

/** spec 002 §7 Tags: DELETE removes the tag from the shop (the tag itself stays for suggestions). */
export const removeShopTag = async (db: Db, user: SessionUser, accountId: number, tagName: string) => {
  await requireShop(db, user, accountId);
  const saved = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const before = await shopTags(t, accountId);
    const [tag] = await t.select({ id: tags.id }).from(tags).where(eq(tags.name, tagName)).limit(1);
    const removed = tag
      ? await t
          .delete(accountTags)
          .where(and(eq(accountTags.accountId, accountId), eq(accountTags.tagId, tag.id)))
          .returning({ tagId: accountTags.tagId })
      : [];
    if (!removed.length) throw notFound(SHOP_LIST_MESSAGES.tagMissing);
    const after = before.filter((n) => n !== tagName);
    await writeAudit(t, user, {
      accountId,
      resourceCode: 'tags',
      action: 'delete',
      displayName: '商店標籤',
      displayLog: `移除標籤：${tagName}`,
      target: { table: 'account_tags', key: 'tag_id', id: tag!.id },
      oldValue: before,
      newValue: after,
    });
    return { accountId, tags: after };
  });
  forgetCounts(db); // totals filtered by tag change with it
  return saved;
};
