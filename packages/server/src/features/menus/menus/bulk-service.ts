import { MENU_MESSAGES } from '@shopdesk/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { menuClasses, products } from '../../../db/schema';
import { badRequest, notFound } from '../../../http/errors';
import { lockClass } from './class-service';
import { inTx, type MenuCtx } from './menu-access';
import { auditMenu, nameOf } from './menu-audit';
import { loadChoices, toProduct } from './menu-store';
import { nextPosition } from './reorder';
import { restoreDailyStock } from './stock';

/** The selected live products of the shop, locked in id order; 404 when one is not this shop's. */
const lockSelection = async (tx: Db, accountId: number, ids: number[]) => {
  const rows = await tx
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.accountId, accountId), eq(products.archived, false)))
    .orderBy(asc(products.id))
    .for('update');
  if (rows.length !== ids.length) throw notFound();
  return rows;
};

const withChoices = async (db: Db, rows: (typeof products.$inferSelect)[]) => {
  const { groups, opts } = await loadChoices(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toProduct(r, groups, opts));
};

export const bulkSoldOut = (ctx: MenuCtx, productIds: number[], soldOut: boolean) =>
  inTx(ctx.db, async (tx) => {
    const old = await lockSelection(tx, ctx.accountId, productIds);
    const rows = await tx
      .update(products)
      .set({ soldOut, updatedAt: new Date() })
      .where(inArray(products.id, productIds))
      .returning();
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'product',
      action: 'update',
      log: `${soldOut ? '標示售完' : '恢復供應'}：${old.map((p) => nameOf(p.names)).join('、')}`,
      oldValue: old.map((p) => ({ id: p.id, soldOut: p.soldOut })),
      newValue: rows.map((p) => ({ id: p.id, soldOut: p.soldOut })),
    });
    return { products: await withChoices(tx, rows) };
  });

/** Moves products to the end of another class, keeping the order they had (by class, then position). */
export const bulkMove = (ctx: MenuCtx, productIds: number[], classId: number) =>
  inTx(ctx.db, async (tx) => {
    const target = await lockClass(tx, ctx.accountId, classId).catch(() => {
      throw badRequest(MENU_MESSAGES.classRequired, 'classId');
    });
    const old = await lockSelection(tx, ctx.accountId, productIds);
    const classOrder = await tx
      .select({ id: menuClasses.id, position: menuClasses.position })
      .from(menuClasses)
      .where(eq(menuClasses.accountId, ctx.accountId));
    const rank = new Map(classOrder.map((c) => [c.id, c.position]));
    const moving = old
      .filter((p) => p.classId !== classId)
      .sort((a, b) => (rank.get(a.classId!) ?? 0) - (rank.get(b.classId!) ?? 0) || a.position - b.position);
    let position = await nextPosition(tx, 'products', sql`class_id = ${classId} and not archived`);
    for (const p of moving)
      await tx
        .update(products)
        .set({ classId, position: position++, updatedAt: new Date() })
        .where(eq(products.id, p.id));
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'product',
      action: 'update',
      log: `移到「${nameOf(target.names)}」：${moving.map((p) => nameOf(p.names)).join('、') || '（無變更）'}`,
      oldValue: moving.map((p) => ({ id: p.id, classId: p.classId, position: p.position })),
      newValue: moving.map((p) => ({ id: p.id, classId })),
    });
    const rows = await tx
      .select()
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(products.id));
    return { products: await withChoices(tx, rows) };
  });

/** "Restore stock now" (the same work as the daily job, started by an operator). */
export const restoreStockNow = (ctx: MenuCtx) =>
  inTx(ctx.db, async (tx) => {
    const before = await tx
      .select({ id: products.id, stockLeft: products.stockLeft, soldOut: products.soldOut })
      .from(products)
      .where(and(eq(products.accountId, ctx.accountId), eq(products.archived, false)));
    const done = await restoreDailyStock(tx, ctx.accountId);
    const changed = new Set(done.products.map((p) => p.id));
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'menu',
      action: 'update',
      log: `補滿今日庫存：${done.products.length} 個商品、${done.options.length} 個選項`,
      oldValue: before.filter((p) => changed.has(p.id)),
      newValue: { products: done.products, options: done.options },
    });
    return { restored: done.products.length + done.options.length };
  });
