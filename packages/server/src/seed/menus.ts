import type { TMealType } from '@shopdesk/contract';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businesses } from '../db/schema';
import { type MenuDraft, writeMenus } from '../features/menus/menus/menu-writer';
import { inBatches } from './batches';
import { storeDishPhotos } from './dish-photos';
import { compactTemplate, templateFor } from './menu-kinds';
import type { MenuTemplate } from './menu-templates';
import { createRandom } from './random';

/** Shops per transaction. */
const BATCH = 250;
/** Beyond this many shops the rest get the compact menu, so `--shops 100000` stays a matter of minutes. */
export const FULL_MENU_SHOPS = 1000;
const ALL_MEALS: TMealType[] = ['eat_in', 'to_go', 'delivery'];

/** One shop's menu from a template; prices vary a little between shops (rounded to NT$5). */
const draftOf = (
  template: MenuTemplate,
  r: ReturnType<typeof createRandom>,
  photos: ReadonlyMap<string, string>,
): MenuDraft => {
  const shift = r.pick([0, 0, 0, 5, 5, 10, -5]);
  return {
    classes: template.map((c, i) => ({ id: i, sku: c.sku, names: { zh: c.zh, en: c.en } })),
    products: template.flatMap((c, i) =>
      c.products.map((p, position) => ({
        classId: i,
        names: { zh: p.zh, en: p.en },
        description: { zh: p.desc ?? '', en: '' },
        price: Math.max(5, p.price + (p.price >= 50 ? shift : 0)),
        image: photos.get(p.zh) ?? null,
        calories: p.kcal ?? null,
        mealTypes: p.noDelivery ? ALL_MEALS.filter((m) => m !== 'delivery') : ALL_MEALS,
        dailyStock: p.stock ?? null,
        position,
        optionGroups: (p.groups ?? []).map((g, gi) => ({
          names: { zh: g.zh, en: g.en },
          kind: g.kind,
          minSelect: g.min,
          maxSelect: g.max,
          position: gi,
          options: g.options.map(([zh, en, delta], oi) => ({
            names: { zh, en },
            priceDelta: delta ?? 0,
            position: oi,
          })),
        })),
      })),
    ),
  };
};

/**
 * A realistic menu for every demo shop by the kind in the shop's name (seed/menu-kinds.ts templateFor),
 * with option groups such as 甜度 and 冰塊, and a photo for every product (seed/dish-photos.ts, one stored
 * picture per distinct dish). Batched: one transaction and a handful of INSERTs per 250 shops.
 */
export const seedMenus = async (db: Db, opts: { log?: (line: string) => void } = {}) => {
  const r = createRandom(20260611);
  const shops = await db
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .orderBy(asc(businesses.id));
  const templates = new Set(shops.map((s) => templateFor(s.name)));
  const photos = await storeDishPhotos(
    db,
    [...templates].flatMap((t) => t.flatMap((c) => c.products)),
  );
  let products = 0;
  await inBatches(
    shops,
    async (slice, start) => {
      const batch = slice.map((s, k) => {
        const template = templateFor(s.name);
        const menu = draftOf(start + k < FULL_MENU_SHOPS ? template : compactTemplate(template), r, photos);
        products += menu.products.length;
        return { accountId: s.id, menu };
      });
      await db.transaction((tx) => writeMenus(tx as unknown as Db, batch));
      if (shops.length > 1000 && (start / BATCH) % 40 === 39)
        opts.log?.(`  menus ${start + batch.length}/${shops.length}`);
    },
    BATCH,
  );
  opts.log?.(
    `seeded menus: ${products} products in ${shops.length} shops, ${photos.size} dish photos${shops.length > FULL_MENU_SHOPS ? ` (compact menus after the first ${FULL_MENU_SHOPS})` : ''}`,
  );
};
