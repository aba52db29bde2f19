import {
  MENU_LIMITS,
  MENU_MESSAGES,
  type ZCreateProductRequest,
  type ZUpdateProductRequest,
} from '@shopdesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { products } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { showValue } from '../../platform/audit/write-audit';
import { lockClass } from './class-service';
import type { ImageStore } from './images';
import { inTx, type MenuCtx } from './menu-access';
import { auditMenu, nameOf } from './menu-audit';
import { loadProduct, productSnapshot } from './menu-store';
import { applyOrder, nextPosition } from './reorder';

type ProductCtx = MenuCtx & { images: ImageStore };

/** Field names as the audit line shows them. */
const FIELD_LABELS: Record<keyof ReturnType<typeof productSnapshot>, string> = {
  classId: '分類',
  names: '名稱',
  description: '說明',
  price: '價格',
  image: '圖片',
  calories: '熱量',
  mealTypes: '供應方式',
  dailyStock: '每日庫存',
  stockLeft: '今日剩餘',
  soldOut: '售完',
  archived: '已刪除',
};

/** A live product of the shop, locked for the rest of the transaction; 404 when it is not this shop's. */
export const lockProduct = async (tx: Db, accountId: number, productId: number) => {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.accountId, accountId), eq(products.archived, false)))
    .for('update');
  if (!row) throw notFound();
  return row;
};

/** An image name must be one this server stored (uploaded first, then named in the product). */
const checkImage = async (images: ImageStore, image: string | null | undefined) => {
  if (image && !(await images.exists(image))) throw badRequest(MENU_MESSAGES.imageUnknown, 'image');
};

export const createProduct = async (ctx: ProductCtx, body: z.output<typeof ZCreateProductRequest>) => {
  await checkImage(ctx.images, body.image);
  const id = await inTx(ctx.db, async (tx) => {
    await lockClass(tx, ctx.accountId, body.classId).catch(() => {
      throw badRequest(MENU_MESSAGES.classRequired, 'classId');
    });
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.accountId, ctx.accountId), eq(products.archived, false)));
    if (Number(count?.n ?? 0) >= MENU_LIMITS.productsPerShop) throw conflict(MENU_MESSAGES.tooManyProducts);
    const position = await nextPosition(tx, 'products', sql`class_id = ${body.classId} and not archived`);
    const [row] = await tx
      .insert(products)
      .values({
        accountId: ctx.accountId,
        classId: body.classId,
        names: body.names,
        description: body.description,
        price: body.price,
        imagePath: body.image,
        calories: body.calories,
        mealTypes: body.mealTypes,
        dailyStock: body.dailyStock,
        stockLeft: body.dailyStock,
        soldOut: body.soldOut,
        position,
      })
      .returning();
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'product',
      action: 'create',
      id: row!.id,
      log: `新增「${nameOf(row!.names)}」NT$${row!.price}`,
      newValue: productSnapshot(row!),
    });
    return row!.id;
  });
  return { product: await loadProduct(ctx.db, id) };
};

/**
 * Today's stock after an edit: an explicit stockLeft wins; otherwise a new daily stock moves what is
 * left by the same amount (never below 0), so what was sold today stays sold. Unlimited has no count.
 */
const nextStockLeft = (
  old: { dailyStock: number | null; stockLeft: number | null },
  body: { dailyStock?: number | null; stockLeft?: number },
) => {
  const daily = body.dailyStock === undefined ? old.dailyStock : body.dailyStock;
  if (daily === null) return null;
  if (body.stockLeft !== undefined) return body.stockLeft;
  if (old.dailyStock === null || old.stockLeft === null) return daily;
  return Math.max(0, old.stockLeft + (daily - old.dailyStock));
};

export const updateProduct = async (
  ctx: ProductCtx,
  productId: number,
  body: z.output<typeof ZUpdateProductRequest>,
) => {
  await checkImage(ctx.images, body.image);
  await inTx(ctx.db, async (tx) => {
    const old = await lockProduct(tx, ctx.accountId, productId);
    const moving = body.classId !== undefined && body.classId !== old.classId;
    if (moving)
      await lockClass(tx, ctx.accountId, body.classId!).catch(() => {
        throw badRequest(MENU_MESSAGES.classRequired, 'classId');
      });
    const position = moving
      ? await nextPosition(tx, 'products', sql`class_id = ${body.classId} and not archived`)
      : old.position;
    const [row] = await tx
      .update(products)
      .set({
        classId: body.classId ?? old.classId,
        names: body.names ?? old.names,
        description: body.description ?? old.description,
        price: body.price ?? old.price,
        imagePath: body.image === undefined ? old.imagePath : body.image,
        calories: body.calories === undefined ? old.calories : body.calories,
        mealTypes: body.mealTypes ?? old.mealTypes,
        dailyStock: body.dailyStock === undefined ? old.dailyStock : body.dailyStock,
        stockLeft: nextStockLeft(old, body),
        soldOut: body.soldOut ?? old.soldOut,
        position,
        updatedAt: new Date(),
      })
      .where(eq(products.id, productId))
      .returning();
    const before = productSnapshot(old);
    const after = productSnapshot(row!);
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'product',
      action: 'update',
      id: productId,
      log: `「${nameOf(row!.names)}」${
        changed
          .map((k) => `${FIELD_LABELS[k]}：${showValue(before[k])} → ${showValue(after[k])}`)
          .join('；') || '未變更'
      }`,
      oldValue: Object.fromEntries(changed.map((k) => [k, before[k]])),
      newValue: Object.fromEntries(changed.map((k) => [k, after[k]])),
    });
  });
  return { product: await loadProduct(ctx.db, productId) };
};

/** Deleting archives: the row stays for past orders, the menu no longer shows it. */
export const archiveProduct = (ctx: MenuCtx, productId: number) =>
  inTx(ctx.db, async (tx) => {
    const old = await lockProduct(tx, ctx.accountId, productId);
    await tx
      .update(products)
      .set({ archived: true, updatedAt: new Date() })
      .where(eq(products.id, productId));
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'product',
      action: 'delete',
      id: productId,
      log: `刪除「${nameOf(old.names)}」`,
      oldValue: productSnapshot(old),
    });
    return { ok: true as const };
  });

export const reorderProducts = (ctx: MenuCtx, classId: number, ids: number[]) =>
  inTx(ctx.db, async (tx) => {
    const cls = await lockClass(tx, ctx.accountId, classId);
    const current = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.classId, classId), eq(products.archived, false)))
      .orderBy(asc(products.position), asc(products.id));
    await applyOrder(
      tx,
      'products',
      current.map((p) => p.id),
      ids,
    );
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'product',
      action: 'update',
      log: `調整「${nameOf(cls.names)}」的商品順序`,
      oldValue: current.map((p) => p.id),
      newValue: ids,
    });
    return { ok: true as const };
  });
