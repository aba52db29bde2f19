import {
  ERROR_CODES,
  MENU_LIMITS,
  MENU_MESSAGES,
  type ZCreateMenuClassRequest,
  type ZUpdateMenuClassRequest,
} from '@shopdesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { menuClasses, products } from '../../../db/schema';
import { ApiError, conflict, notFound } from '../../../http/errors';
import { inTx, type MenuCtx } from './menu-access';
import { auditMenu, nameOf } from './menu-audit';
import { toClass } from './menu-store';
import { applyOrder, nextPosition } from './reorder';

const skuTaken = () => new ApiError(409, ERROR_CODES.conflict, MENU_MESSAGES.skuTaken, 'sku');
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

/** The first free code C01, C02, … of a shop, for classes added without one. */
const freeSku = (used: Set<string>) => {
  for (let n = used.size + 1; ; n += 1) {
    const sku = `C${String(n).padStart(2, '0')}`;
    if (!used.has(sku)) return sku;
  }
};

/** A class of the shop, locked for the rest of the transaction; 404 when it is not this shop's. */
export const lockClass = async (tx: Db, accountId: number, classId: number) => {
  const [row] = await tx
    .select()
    .from(menuClasses)
    .where(and(eq(menuClasses.id, classId), eq(menuClasses.accountId, accountId)))
    .for('update');
  if (!row) throw notFound();
  return row;
};

export const createClass = (ctx: MenuCtx, body: z.output<typeof ZCreateMenuClassRequest>) =>
  inTx(ctx.db, async (tx) => {
    const existing = await tx
      .select({ sku: menuClasses.sku })
      .from(menuClasses)
      .where(eq(menuClasses.accountId, ctx.accountId));
    if (existing.length >= MENU_LIMITS.classesPerShop) throw conflict(MENU_MESSAGES.tooManyClasses);
    const used = new Set(existing.map((c) => c.sku));
    if (body.sku && used.has(body.sku)) throw skuTaken();
    const position = await nextPosition(tx, 'menu_classes', sql`account_id = ${ctx.accountId}`);
    const [row] = await tx
      .insert(menuClasses)
      .values({ accountId: ctx.accountId, sku: body.sku || freeSku(used), names: body.names, position })
      .returning()
      .catch((err) => {
        throw isUniqueViolation(err) ? skuTaken() : err;
      });
    const created = toClass(row!);
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'class',
      action: 'create',
      id: created.id,
      log: `新增「${nameOf(created.names)}」（${created.sku}）`,
      newValue: created,
    });
    return { class: created };
  });

export const updateClass = (ctx: MenuCtx, classId: number, body: z.output<typeof ZUpdateMenuClassRequest>) =>
  inTx(ctx.db, async (tx) => {
    const old = toClass(await lockClass(tx, ctx.accountId, classId));
    const [row] = await tx
      .update(menuClasses)
      .set({ sku: body.sku ?? old.sku, names: body.names ?? old.names, updatedAt: new Date() })
      .where(eq(menuClasses.id, classId))
      .returning()
      .catch((err) => {
        throw isUniqueViolation(err) ? skuTaken() : err;
      });
    const updated = toClass(row!);
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'class',
      action: 'update',
      id: classId,
      log: `「${nameOf(old.names)}」（${old.sku}）→「${nameOf(updated.names)}」（${updated.sku}）`,
      oldValue: old,
      newValue: updated,
    });
    return { class: updated };
  });

export const deleteClass = (ctx: MenuCtx, classId: number) =>
  inTx(ctx.db, async (tx) => {
    const old = toClass(await lockClass(tx, ctx.accountId, classId));
    const [live] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.classId, classId), eq(products.archived, false)));
    if (Number(live?.n ?? 0) > 0) throw conflict(MENU_MESSAGES.classNotEmpty);
    // Archived products keep their rows for past orders; their class link becomes null (schema/menus.ts).
    await tx.delete(menuClasses).where(eq(menuClasses.id, classId));
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'class',
      action: 'delete',
      id: classId,
      log: `刪除「${nameOf(old.names)}」（${old.sku}）`,
      oldValue: old,
    });
    return { ok: true as const };
  });

export const reorderClasses = (ctx: MenuCtx, ids: number[]) =>
  inTx(ctx.db, async (tx) => {
    const current = await tx
      .select({ id: menuClasses.id })
      .from(menuClasses)
      .where(eq(menuClasses.accountId, ctx.accountId))
      .orderBy(asc(menuClasses.position), asc(menuClasses.id))
      .for('update');
    await applyOrder(
      tx,
      'menu_classes',
      current.map((c) => c.id),
      ids,
    );
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'class',
      action: 'update',
      log: '調整分類順序',
      oldValue: current.map((c) => c.id),
      newValue: ids,
    });
    return { ok: true as const };
  });
