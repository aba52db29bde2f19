import {
  choiceRuleIssue,
  MENU_LIMITS,
  MENU_MESSAGES,
  type ZCreateOptionGroupRequest,
  type ZUpdateOptionGroupRequest,
} from '@shopdesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { optionGroups, type options, products } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { inTx, type MenuCtx } from './menu-access';
import { auditMenu, nameOf } from './menu-audit';
import { loadGroup } from './menu-store';
import { lockProduct } from './product-service';
import { applyOrder, nextPosition } from './reorder';

/** An option group of a live product of the shop, locked; 404 when it is not this shop's. */
export const lockGroup = async (tx: Db, accountId: number, groupId: number) => {
  const [row] = await tx
    .select({ group: optionGroups })
    .from(optionGroups)
    .innerJoin(products, eq(products.id, optionGroups.productId))
    .where(
      and(eq(optionGroups.id, groupId), eq(optionGroups.accountId, accountId), eq(products.archived, false)),
    )
    .for('update', { of: optionGroups });
  if (!row) throw notFound();
  return row.group;
};

export const count = async (
  tx: Db,
  table: typeof optionGroups | typeof options,
  where: ReturnType<typeof eq>,
) => {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return Number(row?.n ?? 0);
};

export const createGroup = async (
  ctx: MenuCtx,
  productId: number,
  body: z.output<typeof ZCreateOptionGroupRequest>,
) => {
  const id = await inTx(ctx.db, async (tx) => {
    const product = await lockProduct(tx, ctx.accountId, productId);
    if (
      (await count(tx, optionGroups, eq(optionGroups.productId, productId))) >= MENU_LIMITS.groupsPerProduct
    )
      throw conflict(MENU_MESSAGES.tooManyGroups);
    const position = await nextPosition(tx, 'option_groups', sql`product_id = ${productId}`);
    const [row] = await tx
      .insert(optionGroups)
      .values({ accountId: ctx.accountId, productId, ...body, position })
      .returning();
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'group',
      action: 'create',
      id: row!.id,
      log: `「${nameOf(product.names)}」新增「${nameOf(row!.names)}」`,
      newValue: { productId, ...body },
    });
    return row!.id;
  });
  return { group: await loadGroup(ctx.db, id) };
};

export const updateGroup = async (
  ctx: MenuCtx,
  groupId: number,
  body: z.output<typeof ZUpdateOptionGroupRequest>,
) => {
  await inTx(ctx.db, async (tx) => {
    const old = await lockGroup(tx, ctx.accountId, groupId);
    const next = {
      names: body.names ?? old.names,
      kind: body.kind ?? old.kind,
      minSelect: body.minSelect ?? old.minSelect,
      maxSelect: body.maxSelect ?? old.maxSelect,
    };
    // The rules hold for the merged group, whichever fields this call changes.
    const issue = choiceRuleIssue(next);
    if (issue) throw badRequest(issue.message, issue.field);
    await tx.update(optionGroups).set(next).where(eq(optionGroups.id, groupId));
    const { names, kind, minSelect, maxSelect } = old;
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'group',
      action: 'update',
      id: groupId,
      log: `更新「${nameOf(next.names)}」（${next.kind === 'single' ? '單選' : '多選'} ${next.minSelect}–${next.maxSelect}）`,
      oldValue: { names, kind, minSelect, maxSelect },
      newValue: next,
    });
  });
  return { group: await loadGroup(ctx.db, groupId) };
};

export const deleteGroup = (ctx: MenuCtx, groupId: number) =>
  inTx(ctx.db, async (tx) => {
    const old = await lockGroup(tx, ctx.accountId, groupId);
    const snapshot = await loadGroup(tx, groupId);
    await tx.delete(optionGroups).where(eq(optionGroups.id, groupId));
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'group',
      action: 'delete',
      id: groupId,
      log: `刪除「${nameOf(old.names)}」及其 ${snapshot.options.length} 個選項`,
      oldValue: snapshot,
    });
    return { ok: true as const };
  });

export const reorderGroups = (ctx: MenuCtx, productId: number, ids: number[]) =>
  inTx(ctx.db, async (tx) => {
    const product = await lockProduct(tx, ctx.accountId, productId);
    const current = await tx
      .select({ id: optionGroups.id })
      .from(optionGroups)
      .where(eq(optionGroups.productId, productId))
      .orderBy(asc(optionGroups.position), asc(optionGroups.id));
    const before = current.map((g) => g.id);
    await applyOrder(tx, 'option_groups', before, ids);
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'group',
      action: 'update',
      log: `調整「${nameOf(product.names)}」的選項群組順序`,
      oldValue: before,
      newValue: ids,
    });
    return { ok: true as const };
  });
