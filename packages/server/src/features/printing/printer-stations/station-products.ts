import { STATION_MESSAGES as M, type TNegativeCartProduct } from '@shopdesk/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { menuClasses, printerStationNegativeProducts, products } from '../../../db/schema';
import { badRequest, notFound } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { requireShop } from '../../../plugins/app/shop-access';
import { listed, productNames, stationAudit } from './station-audit';
import { classesBySku, requireStation } from './station-service';

/** A class of the shop by its sku (unique per shop, so the shop comes with it); 404 when none. */
const requireClass = async (db: Db, accountId: number, sku: string) => {
  const [row] = await db
    .select()
    .from(menuClasses)
    .where(and(eq(menuClasses.accountId, accountId), eq(menuClasses.sku, sku)));
  if (!row) throw notFound(M.classNotFound);
  return row;
};

/** GET /gaa/class-sku/{sku}/products: the class's products on the menu (archived ones left out). */
export const listClassProducts = async (db: Db, user: SessionUser, sku: string, accountId: number) => {
  await requireShop(db, user, accountId);
  const cls = await requireClass(db, accountId, sku);
  const rows = await db
    .select({ productId: products.id, names: products.names, price: products.price })
    .from(products)
    .where(and(eq(products.classId, cls.id), eq(products.archived, false)))
    .orderBy(asc(products.position), asc(products.id));
  return { products: rows };
};

const negativesOf = async (db: Db, stationId: number, classIds?: number[]) =>
  db
    .select({ productId: printerStationNegativeProducts.productId, classSku: menuClasses.sku })
    .from(printerStationNegativeProducts)
    .innerJoin(menuClasses, eq(menuClasses.id, printerStationNegativeProducts.classId))
    .where(
      and(
        eq(printerStationNegativeProducts.stationId, stationId),
        ...(classIds ? [inArray(printerStationNegativeProducts.classId, classIds)] : []),
      ),
    )
    .orderBy(asc(printerStationNegativeProducts.productId));

/** GET /gaa/class-sku/{sku}/negative-products: the class's products the station does not print. */
export const listNegativeProducts = async (
  db: Db,
  user: SessionUser,
  sku: string,
  q: { accountId: number; stationId: number },
) => {
  await requireShop(db, user, q.accountId);
  await requireStation(db, q.accountId, q.stationId, 'path');
  const cls = await requireClass(db, q.accountId, sku);
  return { negativeCartProducts: await negativesOf(db, q.stationId, [cls.id]) };
};

/**
 * POST /gaa/negative-products (spec 002 §2.11: unchecked products are stored as negative products): the
 * station's negatives of the reset classes are cleared, then the listed ones stored. Each listed product
 * must be a product of the shop in the class it names.
 */
export const saveNegativeProducts = async (
  db: Db,
  user: SessionUser,
  body: {
    accountId: number;
    stationId: number;
    negativeCartProducts: TNegativeCartProduct[];
    resetNegativeCartProductsClasses: string[];
  },
) => {
  const { accountId, stationId } = body;
  await requireShop(db, user, accountId);
  const station = await requireStation(db, accountId, stationId, 'body');
  const reset = await classesBySku(db, accountId, body.resetNegativeCartProductsClasses);
  const named = await classesBySku(
    db,
    accountId,
    body.negativeCartProducts.map((n) => n.classSku),
  );
  const ids = [...new Set(body.negativeCartProducts.map((n) => n.productId))];
  const found = ids.length
    ? await db
        .select({ id: products.id, classId: products.classId })
        .from(products)
        .where(and(eq(products.accountId, accountId), inArray(products.id, ids)))
    : [];
  const classOf = new Map(found.map((p) => [p.id, p.classId]));
  for (const n of body.negativeCartProducts)
    if (classOf.get(n.productId) !== named.get(n.classSku))
      throw badRequest(
        { zh: `${M.productNotInClass.zh}：${n.productId}`, en: `${M.productNotInClass.en}: ${n.productId}` },
        'negativeCartProducts',
      );
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const resetIds = [...new Set(reset.values())];
    if (resetIds.length)
      await tx
        .delete(printerStationNegativeProducts)
        .where(
          and(
            eq(printerStationNegativeProducts.stationId, stationId),
            inArray(printerStationNegativeProducts.classId, resetIds),
          ),
        );
    if (ids.length)
      await tx
        .insert(printerStationNegativeProducts)
        .values(
          ids.map((productId) => ({ stationId, productId, classId: classOf.get(productId)!, accountId })),
        )
        .onConflictDoNothing();
    const after = await negativesOf(tx, stationId);
    await stationAudit(tx, user, accountId, {
      action: 'update',
      displayName: `工作站 ${station.name}`,
      displayLog: `工作站 ${station.name} 不列印的品項：${listed(
        await productNames(
          tx,
          after.map((n) => n.productId),
        ),
      )}`,
      id: station.id,
      newValue: { negativeCartProducts: after },
    });
  });
  return { negativeCartProducts: await negativesOf(db, stationId) };
};
