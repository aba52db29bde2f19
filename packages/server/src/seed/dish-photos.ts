import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../db/client';
import { createUploadStore, sha256Hex } from '../storage/uploads';

/**
 * Demo product photos (docs/decisions/menus.md "Demo menus and photos"): a plain picture per
 * dish, a plate on a table with the dish's name under it, drawn from SVG with sharp at seed time. One
 * picture per distinct dish name, stored through the upload store (content-addressed: a dish on 100 menus
 * is one stored file), so the first start pays for about 150 small pictures, not one per product.
 */

const W = 640;
const H = 480;
/** Table tops and the colour of what lies on the plate: chosen by the dish name, so a dish always looks the same. */
const TABLES = ['#8b5e3c', '#6f4e37', '#a47551', '#5b6b5a', '#3f4e5f'];
const FOODS = [
  '#c8553d',
  '#e0a458',
  '#8a9a5b',
  '#d4a373',
  '#b5651d',
  '#f2cc8f',
  '#9c6644',
  '#6a994e',
  '#bc4749',
];

const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.codePointAt(0)!) >>> 0, 7);

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const FONT_DIRS = ['/usr/share/fonts', '/usr/local/share/fonts', path.join(os.homedir(), '.fonts')];
const CJK_FONT =
  /cjk|wqy|wenquanyi|droidsansfallback|uming|ukai|sourcehan|source-han|msjh|pingfang|heiti|notosanstc|notoseriftc/i;

/**
 * Whether a Chinese font is installed for sharp's SVG text (librsvg through fontconfig). Without one the
 * name would come out as boxes, so the picture carries the English name instead.
 */
const hasCjkFont = (() => {
  let known: boolean | undefined;
  const walk = (dir: string, depth: number): boolean => {
    if (depth > 4 || !existsSync(dir)) return false;
    try {
      return readdirSync(dir, { withFileTypes: true }).some((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name), depth + 1) : CJK_FONT.test(e.name),
      );
    } catch {
      return false;
    }
  };
  return () => {
    known ??= FONT_DIRS.some((d) => walk(d, 0));
    return known;
  };
})();

const svgOf = (label: string, seed: number) => {
  const table = TABLES[seed % TABLES.length]!;
  const food = FOODS[(seed >>> 3) % FOODS.length]!;
  const size = label.length > 10 ? 34 : 44;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="${table}"/>
  <ellipse cx="326" cy="232" rx="184" ry="180" fill="#000" fill-opacity="0.18"/>
  <circle cx="320" cy="220" r="180" fill="#f4efe6"/>
  <circle cx="320" cy="220" r="140" fill="#fffdf8" stroke="#e7dfd0" stroke-width="4"/>
  <circle cx="320" cy="220" r="104" fill="${food}"/>
  <circle cx="290" cy="190" r="26" fill="#fff" fill-opacity="0.18"/>
  <text x="320" y="452" font-family="Noto Sans CJK TC, Noto Sans CJK JP, Noto Sans TC, WenQuanYi Zen Hei, sans-serif"
    font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(label)}</text>
</svg>`;
};

/** Rendered pictures by dish, kept for the process (tests seed several databases). */
const rendered = new Map<string, Promise<Buffer>>();

/** The WebP picture of one dish. */
export const dishPhoto = (dish: { zh: string; en: string }): Promise<Buffer> => {
  const label = hasCjkFont() ? dish.zh : dish.en;
  let picture = rendered.get(label);
  if (!picture) {
    picture = sharp(Buffer.from(svgOf(label, hash(dish.zh))))
      .webp({ quality: 72, effort: 0 }) // the quickest encoding: 7× faster than the default, the file a little larger
      .toBuffer();
    rendered.set(label, picture);
  }
  return picture;
};

/** Four at a time: sharp works on its own threads, the machine may have two cores. */
const PARALLEL = 4;

/**
 * Stores one picture per distinct dish (by Chinese name) and answers the image name of each
 * (`{sha256}.webp`, what products.image_path holds).
 */
export const storeDishPhotos = async (
  db: Db,
  dishes: readonly { zh: string; en: string }[],
): Promise<Map<string, string>> => {
  const distinct = [...new Map(dishes.map((d) => [d.zh, d])).values()];
  const store = createUploadStore(db);
  const names = new Map<string, string>();
  for (let i = 0; i < distinct.length; i += PARALLEL) {
    const slice = distinct.slice(i, i + PARALLEL);
    const pictures = await Promise.all(slice.map((d) => dishPhoto(d)));
    for (const [k, bytes] of pictures.entries()) {
      await store.put(bytes, 'image/webp');
      names.set(slice[k]!.zh, `${sha256Hex(bytes)}.webp`);
    }
  }
  return names;
};
