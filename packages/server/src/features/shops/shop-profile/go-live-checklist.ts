import {
  DINING_MODES,
  GO_LIVE_ITEMS,
  type TGoLiveChecklist,
  type TGoLiveItem,
  WIZARD_SAMPLE_PRODUCT,
} from '@shopdesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  accounts,
  businesses,
  menuClasses,
  printerStations,
  printers,
  products,
  shopOpeningHours,
  tableQrcodes,
} from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { paymentServicesOn } from '../../payments/qrpay/payment-jobs';

/**
 * The go-live checklist (docs/decisions/shops.md "Go-live checklist"), read from the data the
 * console pages write, never stored on its own:
 * - owner: an eaa account owns the shop (accounts.owner_user_id, set on the store-account page);
 * - hours: service periods saved with at least one period (shop_opening_hours.general);
 * - menu: a product on sale (in a class, not archived, not sold out), what the customer app lists, other
 *   than the wizard's example product left as it was made (contract WIZARD_SAMPLE_PRODUCT);
 * - tableQr: at least one table QR code;
 * - printer: a cloud printer or a printing station;
 * - payment: an offered dining mode takes cash, or online pay with a payment service switched on (the
 *   wizard's shop offers no dining mode yet, spec 000 §9, so it starts unticked)
 *   (the same switches intake reads, storefront order-context mealTypes / paymentServicesOn);
 * - live: accounts.is_initialized (spec 002 §4 已上線).
 */
export const goLiveChecklist = async (db: Db, accountId: number): Promise<TGoLiveChecklist> => {
  const [shop] = await db
    .select({
      owner: accounts.ownerUserId,
      live: accounts.isInitialized,
      b: businesses,
    })
    .from(accounts)
    .innerJoin(businesses, eq(businesses.id, accounts.id))
    .where(eq(accounts.id, accountId));
  if (!shop) throw notFound();
  const has = async (table: typeof tableQrcodes | typeof printers | typeof printerStations) => {
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(eq(table.accountId, accountId))
      .limit(1);
    return row !== undefined;
  };
  const [hours] = await db
    .select({ n: sql<number>`jsonb_array_length(${shopOpeningHours.general})` })
    .from(shopOpeningHours)
    .where(eq(shopOpeningHours.accountId, accountId));
  const [onSale] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(menuClasses, eq(menuClasses.id, products.classId))
    .where(
      and(
        eq(products.accountId, accountId),
        eq(products.archived, false),
        eq(products.soldOut, false),
        // the wizard's untouched example product is no menu yet
        sql`not (${products.names} = ${JSON.stringify(WIZARD_SAMPLE_PRODUCT.names)}::jsonb
          and ${products.description} = ${JSON.stringify(WIZARD_SAMPLE_PRODUCT.description)}::jsonb)`,
      ),
    )
    .limit(1);
  const b = shop.b;
  const offered = DINING_MODES.filter((m) => b[m.mode]);
  const cash = offered.some((m) => b[m.cash]);
  const online =
    !cash && b.isMobilePayment && offered.some((m) => b[m.pay])
      ? (await paymentServicesOn(db, accountId)).length > 0
      : false;
  const done: Record<TGoLiveItem, boolean> = {
    owner: shop.owner !== null,
    hours: hours !== undefined && Number(hours.n) > 0,
    menu: onSale !== undefined,
    tableQr: await has(tableQrcodes),
    printer: (await has(printers)) || (await has(printerStations)),
    payment: cash || online,
    live: shop.live,
  };
  return {
    accountId,
    live: shop.live,
    items: GO_LIVE_ITEMS.map((key) => ({ key, done: done[key] })),
  };
};
