import { MENU_MESSAGES } from '@shopdesk/contract';
import { and, eq } from 'drizzle-orm';
import { accounts, businesses, menuClasses, products } from '../../../db/schema';
import { badRequest } from '../../../http/errors';
import { requireShop } from '../../../plugins/app/shop-access';
import { inTx, type MenuCtx } from './menu-access';
import { auditMenu } from './menu-audit';
import { loadMenu } from './menu-store';
import { writeMenus } from './menu-writer';

/**
 * Replaces this shop's menu by a copy of another shop's (gaa any two shops, si between its own
 * shops; requireShop refuses the rest). The old products are archived, not deleted, for past orders.
 */
export const copyMenu = async (ctx: MenuCtx, fromAccountId: number) => {
  if (fromAccountId === ctx.accountId) throw badRequest(MENU_MESSAGES.copySameShop, 'fromAccountId');
  await requireShop(ctx.db, ctx.user, fromAccountId);
  return inTx(ctx.db, async (tx) => {
    // One copy (or edit through this lock) at a time per target shop.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, ctx.accountId)).for('update');
    const source = await loadMenu(tx, fromAccountId);
    const old = await loadMenu(tx, ctx.accountId);
    await tx
      .update(products)
      .set({ archived: true, updatedAt: new Date() })
      .where(and(eq(products.accountId, ctx.accountId), eq(products.archived, false)));
    await tx.delete(menuClasses).where(eq(menuClasses.accountId, ctx.accountId));
    await writeMenus(tx, [{ accountId: ctx.accountId, menu: source }]);
    const [from] = await tx
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, fromAccountId));
    await auditMenu(tx, ctx.user, {
      accountId: ctx.accountId,
      subject: 'menu',
      action: 'update',
      id: ctx.accountId,
      log: `從「${from?.name ?? fromAccountId}」（#${fromAccountId}）複製菜單：${source.classes.length} 個分類、${source.products.length} 個商品，取代原有 ${old.classes.length} 個分類、${old.products.length} 個商品`,
      oldValue: {
        classes: old.classes,
        products: old.products.map((p) => ({ id: p.id, classId: p.classId, names: p.names, price: p.price })),
      },
      newValue: { fromAccountId, classes: source.classes.length, products: source.products.length },
    });
    return { classes: source.classes.length, products: source.products.length };
  });
};
