import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  accounts,
  menuClasses,
  printerStationClasses,
  printerStationNegativeProducts,
  printerStationOrigins,
  printerStationPrinters,
  printerStations,
  printers,
  products,
} from '../db/schema';
import type { SecretBox } from '../lib/secret-box';

/**
 * Demo printer stations: the first noodle-and-rice shop of `candidates` (its menu has mains, soups,
 * sides and drinks) gets branch-station printing on, a kitchen printer for mains, soups and sides, a bar
 * printer for drinks (2 copies, the classic black tea poured at the counter instead), and a counter printer
 * printing the whole order. Answers the shop, or null when no shop has that menu.
 */
export const seedPrinterStations = async (db: Db, box: SecretBox, candidates: number[]) => {
  if (candidates.length === 0) return null;
  const classes = await db
    .select({ id: menuClasses.id, accountId: menuClasses.accountId, sku: menuClasses.sku })
    .from(menuClasses)
    .where(inArray(menuClasses.accountId, candidates));
  const accountId = candidates.find((id) => {
    const skus = classes.filter((c) => c.accountId === id).map((c) => c.sku);
    return ['MAIN', 'SOUP', 'SIDE', 'DRINK'].every((s) => skus.includes(s));
  });
  if (!accountId) return null;
  const classId = (sku: string) => classes.find((c) => c.accountId === accountId && c.sku === sku)!.id;
  const printer = (name: string, n: number, printerType: 'PT4G' | 'PTE') => {
    const secret = `demo-station-key-${accountId}-${n}`;
    return {
      accountId,
      name,
      sn: `DEMOST${String(accountId).padStart(5, '0')}${n}`,
      secretSealed: box.seal(secret),
      secretHint: secret.slice(-4),
      printerType,
    };
  };
  const [kitchenP, barP, counterP] = await db
    .insert(printers)
    .values([printer('廚房', 1, 'PT4G'), printer('吧台', 2, 'PT4G'), printer('櫃台', 3, 'PTE')])
    .returning();
  const [kitchen, bar] = await db
    .insert(printerStations)
    .values([
      { accountId, name: '廚房', times: 1 },
      { accountId, name: '吧台', times: 2 },
    ])
    .returning();
  await db.insert(printerStationClasses).values([
    ...['MAIN', 'SOUP', 'SIDE'].map((sku) => ({
      stationId: kitchen!.id,
      classId: classId(sku),
      accountId,
    })),
    { stationId: bar!.id, classId: classId('DRINK'), accountId },
  ]);
  await db.insert(printerStationPrinters).values([
    { stationId: kitchen!.id, printerId: kitchenP!.id, accountId },
    { stationId: bar!.id, printerId: barP!.id, accountId },
  ]);
  await db.insert(printerStationOrigins).values({ printerId: counterP!.id, accountId });
  const drinks = await db
    .select({ id: products.id, names: products.names })
    .from(products)
    .where(and(eq(products.classId, classId('DRINK')), eq(products.accountId, accountId)));
  const poured = drinks.find((p) => p.names.zh === '古早味紅茶');
  if (poured)
    await db
      .insert(printerStationNegativeProducts)
      .values({ stationId: bar!.id, productId: poured.id, classId: classId('DRINK'), accountId });
  await db.update(accounts).set({ isStation: true }).where(eq(accounts.id, accountId));
  return accountId;
};
