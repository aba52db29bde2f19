import { z } from 'zod';
import { msg } from './errors';

/**
 * Bounds of every string and number a request may carry (items 4 and 5): decided here, once, so
 * that bad input is a 400 naming the field and never reaches PostgreSQL as a value it refuses (a NUL in
 * text or jsonb, a lone UTF-16 surrogate, an integer beyond its column). Web forms take the same constants.
 */

/** PostgreSQL column ranges. */
export const PG_INT = { min: -2_147_483_648, max: 2_147_483_647 } as const;
export const PG_SMALLINT = { min: -32_768, max: 32_767 } as const;
/** bigint columns carry JavaScript numbers: stay within the safe integers. */
export const PG_BIGINT = { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER } as const;

/** Longest file name an upload may carry. */
export const FILE_NAME_MAX = 255;

/** Lengths of texts the spec does not bound (spec 000 §9 gives the field limits it knows: see TEXT_LIMITS). */
export const TEXT_MAX = {
  /** Codes, keys, ids sent as text, enum-like values, sort keys. */
  code: 64,
  /** A name or label: product, option, class, user, tag, table number … */
  name: 100,
  /** A search box or filter value. */
  search: 100,
  /** A URL or an e-mail list. */
  url: 2048,
  /** A note, a reason, a description. */
  note: 1000,
  /** Long free text (announcements, rich text). */
  long: 10_000,
} as const;

/** Field limits of spec 000 §9. */
export const TEXT_LIMITS = {
  accountName: 20,
  businessName: 20,
  email: 50,
  phone: 20,
  address: 100,
  bossEmail: 50,
  bossPhone: 20,
  invoice: 8,
  storeInfo: 200,
} as const;

export const BOUNDS_MESSAGES = {
  badCharacters: msg(
    '含有無法儲存的字元（如 NUL 或不成對的代理字元）',
    'Contains characters that cannot be stored (such as NUL or an unpaired surrogate)',
  ),
  tooLong: (max: number) => msg(`最多 ${max} 個字`, `At most ${max} characters`),
  uploadMalformed: msg(
    '上傳的資料不完整或格式錯誤，請重新上傳',
    'The upload is incomplete or malformed, please upload again',
  ),
  fileName: msg(
    '檔名過長或含有無法儲存的字元',
    'The file name is too long or contains characters that cannot be stored',
  ),
  integer: msg('請輸入整數', 'Please enter a whole number'),
  range: (min: number, max: number) =>
    msg(`請輸入 ${min} 到 ${max} 之間的數字`, `Please enter a number from ${min} to ${max}`),
} as const;

/**
 * Text PostgreSQL can store: no NUL, no unpaired surrogate (astral characters such as emoji are pairs and
 * pass). A JSON Schema pattern, so the OpenAPI document carries the rule too.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing NUL is the point
export const STORABLE_TEXT = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/** Whether a string can be stored in a text or jsonb column. */
export const isStorableText = (value: string): boolean => STORABLE_TEXT.test(value);

/**
 * A bounded, storable string: every request string of the contract is one (a contract test walks every
 * operation's params, query and body to hold this). Chain `.min()`, `.regex()`, `.trim()` … as with z.string().
 */
export const zText = (max: number = TEXT_MAX.long, params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .max(max, BOUNDS_MESSAGES.tooLong(max).zh)
    .regex(STORABLE_TEXT, BOUNDS_MESSAGES.badCharacters.zh);

/** An integer within [min, max] (default: a PostgreSQL integer column). */
export const zInt = (min: number = PG_INT.min, max: number = PG_INT.max) =>
  z
    .number()
    .int(BOUNDS_MESSAGES.integer.zh)
    .min(min, BOUNDS_MESSAGES.range(min, max).zh)
    .max(max, BOUNDS_MESSAGES.range(min, max).zh);

/** A number (not only integers) within [min, max], e.g. a coordinate or a distance. */
export const zDecimal = (min: number, max: number) =>
  z.number().min(min, BOUNDS_MESSAGES.range(min, max).zh).max(max, BOUNDS_MESSAGES.range(min, max).zh);

/** An id of a serial / integer key (path or body). */
export const zId = () => zInt(1, PG_INT.max);

/** Query-string and path forms: the value arrives as text. */
export const zQueryInt = (min: number = PG_INT.min, max: number = PG_INT.max) =>
  z.coerce
    .number()
    .int(BOUNDS_MESSAGES.integer.zh)
    .min(min, BOUNDS_MESSAGES.range(min, max).zh)
    .max(max, BOUNDS_MESSAGES.range(min, max).zh);
export const zQueryDecimal = (min: number, max: number) =>
  z.coerce.number().min(min, BOUNDS_MESSAGES.range(min, max).zh).max(max, BOUNDS_MESSAGES.range(min, max).zh);
/** A serial id in a path or query string. */
export const zQueryId = () => zQueryInt(1, PG_INT.max);
