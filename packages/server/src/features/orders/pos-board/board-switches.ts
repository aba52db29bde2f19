import { POS_BOARD_MESSAGES, type TBoardProduct } from '@shopdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, menuClasses, products } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import type { PosUser } from '../../../identity/pos-session-store';
import { auditMenu, nameOf } from '../../menus/menus/menu-audit';
import { showValue, writeAudit } from '../../platform/audit/write-audit';
import { writeOnlineOrdering } from '../../shops/shop-lists/shop-writes';
import { recordOrderEvent } from '../order-flow/order-events';

/**
 * The board's own switches. The console's services take a console user (role checks, revert
 * bookkeeping); a POS user is already bound to one shop by its token, so these write the same columns
 * with the same audit lines (actor `pos:<username>`, type 'pos') and add a 'shop' feed event so every
 * board of the shop shows the new state.
 */
const actorOf = (pos: PosUser) => ({ id: null, name: `pos:${pos.username}`, type: 'pos' });
const inTx = <T>(db: Db, fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db));

/** accounts.is_manual: manual acceptance on (orders wait as 'new') or off (accepted and printed at once). */
export const setManualAccept = (db: Db, pos: PosUser, isManual: boolean) =>
  inTx(db, async (tx) => {
    const [old] = await tx
      .select({ v: accounts.isManual })
      .from(accounts)
      .where(eq(accounts.id, pos.accountId))
      .for('update');
    if (!old) throw notFound();
    if (old.v === isManual) return;
    await tx.update(accounts).set({ isManual, updatedAt: new Date() }).where(eq(accounts.id, pos.accountId));
    await writeAudit(tx, actorOf(pos), {
      accountId: pos.accountId,
      resourceCode: 'accounts',
      action: 'update',
      displayName: '手動接單',
      displayLog: `手動接單：${showValue(old.v)} → ${showValue(isManual)}`,
      target: { table: 'accounts', key: 'is_manual', id: pos.accountId },
      oldValue: old.v,
      newValue: isManual,
    });
    await recordOrderEvent(tx, {
      accountId: pos.accountId,
      orderId: null,
      kind: 'shop',
      data: { isManual },
      actor: `pos:${pos.username}`,
    });
  });

/** businesses.is_enabled: online ordering (spec 000 §4), the same write as the shop list's switch. */
export const setOnlineOrdering = (db: Db, pos: PosUser, isEnabled: boolean) =>
  inTx(db, (tx) => writeOnlineOrdering(tx, actorOf(pos), `pos:${pos.username}`, pos.accountId, isEnabled));

const productColumns = {
  id: products.id,
  classId: products.classId,
  className: menuClasses.names,
  names: products.names,
  price: products.price,
  soldOut: products.soldOut,
};
type ProductRow = { [K in keyof typeof productColumns]: unknown } & {
  id: number;
  classId: number | null;
  className: { zh: string } | null;
  names: { zh: string; en: string };
  price: number;
  soldOut: boolean;
};
const toProduct = (r: ProductRow): TBoardProduct => ({
  id: r.id,
  classId: r.classId,
  className: r.className?.zh ?? '',
  names: r.names,
  price: r.price,
  soldOut: r.soldOut,
});

/** The shop's live products in menu order (class position, product position). */
export const listBoardProducts = async (db: Db, accountId: number): Promise<TBoardProduct[]> => {
  const rows = await db
    .select(productColumns)
    .from(products)
    .leftJoin(menuClasses, eq(menuClasses.id, products.classId))
    .where(and(eq(products.accountId, accountId), eq(products.archived, false)))
    .orderBy(asc(menuClasses.position), asc(products.position), asc(products.id));
  return (rows as ProductRow[]).map(toProduct);
};

/** products.sold_out of one live product of the shop, audited like the menu's sold-out switch. */
export const setSoldOut = (db: Db, pos: PosUser, productId: number, soldOut: boolean) =>
  inTx(db, async (tx) => {
    const [old] = await tx
      .select()
      .from(products)
      .where(
        and(eq(products.id, productId), eq(products.accountId, pos.accountId), eq(products.archived, false)),
      )
      .for('update');
    if (!old) throw notFound(POS_BOARD_MESSAGES.unknownProduct);
    if (old.soldOut !== soldOut) {
      await tx.update(products).set({ soldOut, updatedAt: new Date() }).where(eq(products.id, productId));
      await auditMenu(tx, actorOf(pos), {
        accountId: pos.accountId,
        subject: 'product',
        action: 'update',
        id: productId,
        log: `${soldOut ? '標示售完' : '恢復供應'}：${nameOf(old.names)}`,
        oldValue: { id: productId, soldOut: old.soldOut },
        newValue: { id: productId, soldOut },
      });
      await recordOrderEvent(tx, {
        accountId: pos.accountId,
        orderId: null,
        kind: 'shop',
        data: { productId, soldOut },
        actor: `pos:${pos.username}`,
      });
    }
    const [row] = await tx
      .select(productColumns)
      .from(products)
      .leftJoin(menuClasses, eq(menuClasses.id, products.classId))
      .where(eq(products.id, productId));
    return toProduct(row as ProductRow);
  });
