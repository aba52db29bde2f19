import { z } from 'zod';
import { TEXT_MAX, zText } from '../../../common/bounds';
import { SHOP_LIST_MESSAGES } from './messages';

/**
 * The gaa list's `query` parameter (spec 002 §7 "query (comma-separated field:value pairs)"):
 * `id:123,name:牛肉,tag:夜,siName:quick,eaaName:陳`.
 * - id: the shop's account id, exact.
 * - name: shop name contains the text (case-insensitive).
 * - tag: the shop has a tag whose name contains the text.
 * - siName: the SI account's name or display name contains the text.
 * - eaaName: the owner's (EAA) name or e-mail contains the text.
 * A pair starts only where a known field name and a colon follow a comma, so a value may itself hold a comma.
 * The last pair of a field wins.
 */
export const SHOP_QUERY_FIELDS = ['id', 'name', 'tag', 'siName', 'eaaName'] as const;
export type TShopQueryField = (typeof SHOP_QUERY_FIELDS)[number];
export type TShopQuery = Partial<Record<TShopQueryField, string>>;

const PAIR_START = new RegExp(`,(?=(?:${SHOP_QUERY_FIELDS.join('|')}):)`);
const isField = (f: string): f is TShopQueryField => (SHOP_QUERY_FIELDS as readonly string[]).includes(f);

export type TShopQueryParse = { ok: true; query: TShopQuery } | { ok: false; field: string };

export const parseShopQuery = (raw: string): TShopQueryParse => {
  const query: TShopQuery = {};
  for (const pair of raw.split(PAIR_START)) {
    if (!pair.trim()) continue;
    const colon = pair.indexOf(':');
    const field = colon < 0 ? pair.trim() : pair.slice(0, colon).trim();
    if (!isField(field)) return { ok: false, field };
    const value = pair.slice(colon + 1).trim();
    if (value) query[field] = value;
  }
  return { ok: true, query };
};

/** The inverse of parseShopQuery, for the web: empty values are left out. */
export const formatShopQuery = (query: TShopQuery): string =>
  SHOP_QUERY_FIELDS.flatMap((f) => {
    const v = query[f]?.trim();
    return v ? [`${f}:${v}`] : [];
  }).join(',');

/** The shop-id search box: an account id, digits only. */
export const ZShopIdText = zText()
  .trim()
  .regex(/^\d{1,9}$/, SHOP_LIST_MESSAGES.shopIdNumber.zh);

export const ZShopQueryParam = zText()
  .max(500)
  .transform((raw, ctx): TShopQuery => {
    const parsed = parseShopQuery(raw);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: SHOP_LIST_MESSAGES.queryFieldUnknown.zh });
      return z.NEVER;
    }
    const id = parsed.query.id;
    if (id !== undefined && !ZShopIdText.safeParse(id).success) {
      ctx.addIssue({ code: 'custom', message: SHOP_LIST_MESSAGES.shopIdNumber.zh });
      return z.NEVER;
    }
    return parsed.query;
  });

/** Tag names travel comma-separated (or as a repeated parameter); a shop must carry every one of them. */
export const ZTagNamesParam = z
  .union([zText(TEXT_MAX.search), z.array(zText(TEXT_MAX.search)).max(20)])
  .transform((v) => [
    ...new Set(
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(zText().max(20)).max(10, SHOP_LIST_MESSAGES.tooManyTags.zh));

export const TAG_NAME_MAX = 20;
/** One tag name as the add and remove calls take it. */
export const ZTagName = zText(undefined, { error: SHOP_LIST_MESSAGES.tagRequired.zh })
  .trim()
  .min(1, SHOP_LIST_MESSAGES.tagRequired.zh)
  .max(TAG_NAME_MAX, SHOP_LIST_MESSAGES.tagTooLong.zh)
  .refine((s) => !s.includes(','), SHOP_LIST_MESSAGES.tagComma.zh);
