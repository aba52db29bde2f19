import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { businesses, optionGroups, options, products, uploads } from '../src/db/schema';
import { SHOP_KINDS } from '../src/seed/demo-data';
import { templateFor } from '../src/seed/menu-kinds';
import { seedDemo } from '../src/seed/seed';
import { build } from './helpers';

// Demo menus a shop owner believes (docs/decisions/menus.md "Demo menus and photos"): each
// shop sells what its kind sells, a vegetarian shop no meat or fish, and every product has a photo.

/** Words that name meat or seafood on a Taiwanese menu (and in English). */
const MEAT_ZH = [
  '肉',
  '牛',
  '豬',
  '雞',
  '鴨',
  '鵝',
  '羊',
  '魚',
  '蝦',
  '蟹',
  '蚵',
  '蛤',
  '貝',
  '培根',
  '火腿',
  '排骨',
  '鮪',
  '叉燒',
  '貢丸',
  '餛飩',
  '大腸',
  '蛋',
];
const MEAT_EN =
  /\b(beef|pork|chicken|duck|goose|lamb|mutton|ham|bacon|fish|shrimp|prawn|crab|oyster(?! mushroom)|clam|tuna|meat|egg|char siu|wonton|intestine)\b/i;
const meaty = (zh: string, en = '') => MEAT_ZH.some((w) => zh.includes(w)) || MEAT_EN.test(en);

describe('demo menus', async () => {
  const t = await build();
  // one shop of every kind the demo names use (their names depend on the seed's size), then the demo seed,
  // whose menu step gives every shop its menu
  const kindShops: number[] = [];
  for (const kind of SHOP_KINDS)
    kindShops.push((await t.createShop({ name: `巷口${kind}`, isEnabled: true })).account.id);
  const SHOPS = SHOP_KINDS.length + 6;
  await seedDemo(t.db, { shops: 6, orders: 0 });
  const shops = await t.db
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .orderBy(asc(businesses.id));
  const vegetarian = shops.filter((s) => /素食/.test(s.name));

  it('the word list catches meat: a beef-noodle menu fails it', () => {
    expect(meaty('紅燒牛肉麵', 'Braised beef noodle soup')).toBe(true);
    expect(meaty('香椿炒飯', 'Toona fried rice')).toBe(false);
    expect(meaty('蚵仔麵線', 'Oyster vermicelli')).toBe(true);
    expect(meaty('三杯杏鮑菇飯', 'Three-cup king oyster mushroom rice')).toBe(false);
  });

  it('every shop kind is there, vegetarian too (the checks below are not empty)', () => {
    expect(shops).toHaveLength(SHOPS);
    expect(vegetarian.length).toBeGreaterThan(0);
  });

  it('a vegetarian shop sells no meat or fish: names, descriptions and options', async () => {
    const ids = vegetarian.map((s) => s.id);
    const rows = await t.db
      .select({ names: products.names, description: products.description })
      .from(products)
      .where(inArray(products.accountId, ids));
    expect(rows.length).toBeGreaterThan(10);
    for (const p of rows) {
      expect(meaty(p.names.zh, p.names.en), p.names.zh).toBe(false);
      expect(meaty(p.description.zh ?? '', p.description.en ?? ''), p.description.zh).toBe(false);
    }
    const opts = await t.db
      .select({ names: options.names })
      .from(options)
      .innerJoin(optionGroups, eq(optionGroups.id, options.groupId))
      .where(inArray(optionGroups.accountId, ids));
    for (const o of opts) expect(meaty(o.names.zh, o.names.en), o.names.zh).toBe(false);
  });

  it('each shop’s menu fits its kind: no beef noodles outside a noodle shop, tea at a tea shop', async () => {
    for (const s of shops) {
      const names = (
        await t.db.select({ names: products.names }).from(products).where(eq(products.accountId, s.id))
      ).map((p) => p.names.zh);
      expect(names.sort(), s.name).toEqual(
        templateFor(s.name)
          .flatMap((c) => c.products.map((p) => p.zh))
          .sort(),
      );
      if (!/牛肉麵/.test(s.name)) expect(names, s.name).not.toContain('紅燒牛肉麵');
      if (/手搖飲|茶飲/.test(s.name))
        expect(
          names.some((n) => /茶/.test(n)),
          s.name,
        ).toBe(true);
      if (/咖啡/.test(s.name)) expect(names, s.name).toContain('拿鐵');
    }
  });

  it('every product of the first shops has a photo, stored once per dish, a picture sharp can read', async () => {
    const missing = await t.db.select({ id: products.id }).from(products).where(isNull(products.imagePath));
    expect(missing).toEqual([]);
    const [row] = await queryRows<{ products: number; pictures: number; stored: number }>(
      t.db,
      sql`select count(*)::int as products, count(distinct image_path)::int as pictures,
            (select count(*)::int from uploads u
              where u.sha256 in (select split_part(image_path, '.', 1) from products)) as stored
          from products`,
    );
    // one picture per distinct dish: a dish on several menus shares its file
    const dishes = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct names->>'zh')::int as n from products`,
    );
    expect(row!.pictures).toBe(dishes[0]!.n);
    expect(row!.stored).toBe(row!.pictures);
    expect(row!.products).toBeGreaterThan(row!.pictures);
    const [one] = await t.db.select({ image: products.imagePath }).from(products).limit(1);
    const [file] = await t.db
      .select({ bytes: uploads.bytes, contentType: uploads.contentType })
      .from(uploads)
      .where(eq(uploads.sha256, one!.image!.split('.')[0]!));
    expect(file!.contentType).toBe('image/webp');
    const meta = await sharp(file!.bytes!).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 640,
      height: 480,
    });
  });

  it('every photo shows a coloured dish on its plate (no colour left undefined, which draws black)', async () => {
    const files = await queryRows<{ bytes: Buffer | Uint8Array }>(
      t.db,
      sql`select bytes from uploads where sha256 in (select split_part(image_path, '.', 1) from products)`,
    );
    for (const f of files) {
      const { data } = await sharp(Buffer.from(f.bytes))
        .extract({ left: 360, top: 260, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(Math.max(data[0]!, data[1]!, data[2]!)).toBeGreaterThan(60);
    }
  });

  it('the customer app’s menu of a seeded shop serves each product’s photo', async () => {
    const shop = kindShops[0]!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/console/apis/storefront/v1/shops/${shop}/menu?mealType=eat_in`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const menu = res.json() as { classes: { products: { imageUrl: string | null }[] }[] };
    const urls = menu.classes.flatMap((c) => c.products.map((p) => p.imageUrl));
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((u) => typeof u === 'string')).toBe(true);
    const image = await t.app.inject({ method: 'GET', url: urls[0]! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('descriptions where real menus print them: some products of a menu carry one', async () => {
    const rows = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(sql`${products.description}->>'zh' <> ''`));
    const all = await t.db.select({ n: sql<number>`count(*)::int` }).from(products);
    // the house specials and sets, not every line
    expect(rows[0]!.n).toBeGreaterThan(SHOPS);
    expect(rows[0]!.n).toBeLessThan(all[0]!.n / 2);
  });
}, 300_000);
