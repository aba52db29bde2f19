import { routeOrderToStations, type TStationTicket } from '@shopdesk/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, menuClasses, products } from '../../../db/schema';
import { loadStations, originPrinterIds, toRoute } from './station-store';

/**
 * The tickets of an order under branch-station printing (spec 002 §2.11, §3, §5), or null when the shop
 * has it off (then every printer gets the whole order, as before). Items are matched to stations by the
 * class their product is in now (routeOrderToStations of the contract holds the rule).
 */
export const stationTickets = async (
  db: Db,
  accountId: number,
  items: readonly { productId: number }[],
): Promise<TStationTicket[] | null> => {
  const [shop] = await db.select({ on: accounts.isStation }).from(accounts).where(eq(accounts.id, accountId));
  if (!shop?.on) return null;
  const ids = [...new Set(items.map((i) => i.productId))];
  const [stations, origins, classes] = await Promise.all([
    loadStations(db, accountId),
    originPrinterIds(db, accountId),
    ids.length
      ? db
          .select({ id: products.id, sku: menuClasses.sku })
          .from(products)
          .leftJoin(menuClasses, eq(menuClasses.id, products.classId))
          .where(inArray(products.id, ids))
      : Promise.resolve([]),
  ]);
  const skuOf = new Map(classes.map((c) => [c.id, c.sku]));
  return routeOrderToStations(
    stations.map(toRoute),
    origins,
    items.map((i) => ({ productId: i.productId, classSku: skuOf.get(i.productId) ?? null })),
  );
};
