import { z } from 'zod';
import { zId, zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';

/** Limits of a rule (ours: the spec gives none, docs/decisions/delivery.md "Delivery"). */
export const DELIVERY_RULE_LIMITS = {
  rules: 100,
  nameMax: 50,
  polygonsPerRule: 20,
  pointsPerPolygon: 2000,
  /** 100 km: no courier rides further for a meal. */
  maxMeters: 100_000,
  chargeMax: 10_000,
  extraMinutesMax: 600,
  qtyMax: 9_999,
  amountMax: 999_999,
} as const;

export const DELIVERY_RULE_MESSAGES = {
  // spec 001 §5 Delivery rule (English given by the spec, zh ours)
  drawMap: msg('請繪製地圖範圍，或使用距離設定', 'Please draw the map area, or use distance setting'),
  checkFields: msg('請確認欄位是否填寫正確', 'Please check the fields are filled in correctly'),
  required: msg('必填', 'Required'),
  integerMin0: msg('請輸入大於等於0的整數', 'Please enter a whole number of 0 or more'),
  maxBelowMin: msg('最遠距離需大於等於最近距離', 'The maximum distance must be at least the minimum'),
  nameRequired: msg('請輸入名稱', 'Please enter a name'),
  // spec 001 §5: an uploaded map file must be .kml or .kmz; only Polygon features are read (zh ours)
  mapFileType: msg('地圖檔案必須是 .kml 或 .kmz', 'The map file must be .kml or .kmz'),
  mapFileNoPolygon: msg('檔案中沒有多邊形範圍', 'The file has no Polygon area'),
  mapFileUnreadable: msg('無法讀取地圖檔案', 'The map file cannot be read'),
  polygonTooSmall: msg('範圍至少需要三個點', 'An area needs at least three points'),
  tooManyRules: msg('外送規則過多（上限100）', 'Too many delivery rules (max 100)'),
} as const satisfies Record<string, TMessage>;

/** A point as the spec stores it: x = latitude, y = longitude (spec 001 §3 "Delivery rule"). */
export const ZRulePoint = z.object({ x: z.number().min(-90).max(90), y: z.number().min(-180).max(180) });
export type TRulePoint = z.infer<typeof ZRulePoint>;
export const ZPolygon = z.array(ZRulePoint).max(DELIVERY_RULE_LIMITS.pointsPerPolygon);

const ZInt = (max: number) => z.number().int().min(0).max(max);

export const ZDeliveryRule = z.object({
  id: zId().optional(),
  type: z.enum(['distance', 'map']),
  name: zText().trim().max(DELIVERY_RULE_LIMITS.nameMax).default(''),
  polygons: z.array(ZPolygon).max(DELIVERY_RULE_LIMITS.polygonsPerRule).default([]),
  /** Meters on rules (spec 001 §3); km computed on save. */
  minDistanceInMeter: ZInt(DELIVERY_RULE_LIMITS.maxMeters).nullable().default(null),
  maxDistanceInMeter: ZInt(DELIVERY_RULE_LIMITS.maxMeters).nullable().default(null),
  minDistance: z.number().min(0).max(1000).nullable().optional(),
  maxDistance: z.number().min(0).max(1000).nullable().optional(),
  /** NT$ added to the order. */
  deliveryCharge: ZInt(DELIVERY_RULE_LIMITS.chargeMax).default(0),
  /** Minutes added to the delivery preparation time (v2 only, spec 001 §5). */
  additionalDeliveryTime: ZInt(DELIVERY_RULE_LIMITS.extraMinutesMax).nullable().default(0),
  /** Minimum number of items for this zone; 0 = none (ours, docs/decisions/delivery.md). */
  qtyLimit: ZInt(DELIVERY_RULE_LIMITS.qtyMax).default(0),
  /** Minimum order amount (NT$) for this zone; 0 = none. */
  amountLimit: ZInt(DELIVERY_RULE_LIMITS.amountMax).default(0),
});
export type TDeliveryRule = z.output<typeof ZDeliveryRule>;
export type TDeliveryRuleInput = z.input<typeof ZDeliveryRule>;

/** Draft values of the rule popup: numbers may be empty or not whole while the user types. */
export type TRuleDraft = Omit<
  TDeliveryRule,
  'minDistanceInMeter' | 'maxDistanceInMeter' | 'additionalDeliveryTime' | 'id'
> & {
  id?: number;
  minDistanceInMeter: number | null | undefined;
  maxDistanceInMeter: number | null | undefined;
  additionalDeliveryTime: number | null | undefined;
};

export type TRuleProblem = { field: keyof TRuleDraft | null; message: TMessage };

const isWholeMin0 = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** A polygon closed by repeating its first point (spec 001 §3); an open one is closed, a closed one kept. */
export const closePolygon = (points: readonly TRulePoint[]): TRulePoint[] => {
  if (points.length === 0) return [];
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return first.x === last.x && first.y === last.y ? [...points] : [...points, { ...first }];
};

/**
 * The rule popup's checks (spec 001 §5 "Delivery rule"), per field, in the order of the form: additional time
 * required, whole, >= 0 (v2 only); min distance required unless map, whole, >= 0; max distance required
 * unless map, whole, >= min; name required for map type; a map rule needs a polygon. Empty = valid.
 */
export const checkDeliveryRule = (r: TRuleDraft, version: 'v1' | 'v2'): TRuleProblem[] => {
  const out: TRuleProblem[] = [];
  const m = DELIVERY_RULE_MESSAGES;
  if (version === 'v2') {
    if (r.additionalDeliveryTime === null || r.additionalDeliveryTime === undefined)
      out.push({ field: 'additionalDeliveryTime', message: m.required });
    else if (!isWholeMin0(r.additionalDeliveryTime))
      out.push({ field: 'additionalDeliveryTime', message: m.integerMin0 });
  }
  if (r.type === 'distance') {
    if (r.minDistanceInMeter === null || r.minDistanceInMeter === undefined)
      out.push({ field: 'minDistanceInMeter', message: m.required });
    else if (!isWholeMin0(r.minDistanceInMeter))
      out.push({ field: 'minDistanceInMeter', message: m.integerMin0 });
    if (r.maxDistanceInMeter === null || r.maxDistanceInMeter === undefined)
      out.push({ field: 'maxDistanceInMeter', message: m.required });
    else if (!isWholeMin0(r.maxDistanceInMeter))
      out.push({ field: 'maxDistanceInMeter', message: m.integerMin0 });
    else if (isWholeMin0(r.minDistanceInMeter) && r.maxDistanceInMeter < r.minDistanceInMeter)
      out.push({ field: 'maxDistanceInMeter', message: m.maxBelowMin });
  } else {
    if (!r.name.trim()) out.push({ field: 'name', message: m.nameRequired });
    const real = r.polygons.filter((p) => closePolygon(p).length >= 4);
    if (real.length === 0) out.push({ field: 'polygons', message: m.drawMap });
    else if (real.length !== r.polygons.length) out.push({ field: 'polygons', message: m.polygonTooSmall });
  }
  for (const k of ['deliveryCharge', 'qtyLimit', 'amountLimit'] as const)
    if (!isWholeMin0(r[k])) out.push({ field: k, message: m.integerMin0 });
  return out;
};

/**
 * The form-level message of spec 001 §5: a map rule without polygons says "draw the map area", any other
 * invalid field says "check the fields". null = the rule may be added.
 */
export const ruleSubmitMessage = (problems: readonly TRuleProblem[]): TMessage | null => {
  if (problems.length === 0) return null;
  if (problems.some((p) => p.message === DELIVERY_RULE_MESSAGES.drawMap))
    return DELIVERY_RULE_MESSAGES.drawMap;
  return DELIVERY_RULE_MESSAGES.checkFields;
};

/**
 * A rule as saved (spec 001 §7 "min/maxDistance recomputed in km on save"): polygons closed, distance
 * fields only on distance rules, km from meters.
 */
export const normaliseRule = (r: TDeliveryRule): TDeliveryRule => {
  const distance = r.type === 'distance';
  const minM = distance ? (r.minDistanceInMeter ?? 0) : null;
  const maxM = distance ? (r.maxDistanceInMeter ?? 0) : null;
  return {
    ...r,
    name: r.name.trim(),
    polygons: distance ? [] : r.polygons.map(closePolygon),
    minDistanceInMeter: minM,
    maxDistanceInMeter: maxM,
    minDistance: minM === null ? null : minM / 1000,
    maxDistance: maxM === null ? null : maxM / 1000,
    additionalDeliveryTime: r.additionalDeliveryTime ?? 0,
  };
};
