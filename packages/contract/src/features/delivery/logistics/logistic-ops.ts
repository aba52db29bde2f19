import { z } from 'zod';
import { zInt, zQueryId, zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZShopPortal } from '../../shops/shop-profile/shop-profile-ops';
import { courierAccountOf } from './courier-account';
import { DELIVERY_RULE_LIMITS, DELIVERY_RULE_MESSAGES, ZDeliveryRule } from './delivery-rules';
import {
  LOGISTIC_VENDORS,
  manualAllowed,
  type TLogisticConfiguration,
  ZLogisticConfiguration,
} from './logistic-config';
import { RECALL_MESSAGES } from './logistic-recall';

/** /logistics and the Logistic tab: gaa, si and eaa (routes.tsv); settings and vendor boxes: gaa only (§6). */
export const LOGISTICS_PORTALS = ['gaa', 'si', 'eaa'] as const;
export const LOGISTICS_ADMIN = ['gaa'] as const;

export const LOGISTICS_MESSAGES = {
  // spec 001 §5 "Logistics save" (English given by the spec, zh ours)
  vendorAccountRequired: msg(
    '自有物流需至少設定一組物流商帳號',
    'self-owned logistics need at least one vendor account',
  ),
  dispatchModeRequired: msg('請選擇派單模式', 'please choose dispatch mode'),
  // spec 001 §8 "Logistics save" (zh ours) and "Logistic defaults save" (zh given)
  settingsSaved: msg('設定已儲存', 'settings saved'),
  saveFailed: msg('儲存失敗', 'save failed'),
  defaultsSaved: msg('儲存設定成功', 'Settings saved'),
  defaultsFailed: msg('儲存失敗!!', 'Save failed!!'),
  // rules save ok/fail: wording not shown (ours)
  rulesSaved: msg('外送規則已儲存', 'Delivery rules saved'),
  rulesFailed: msg('外送規則儲存失敗', 'Delivery rules could not be saved'),
  // spec 001 §5 Time: a 0 threshold asks confirmation
  zeroThreshold: msg(
    '外送金額或數量門檻設定為0，確定要儲存嗎?',
    'A delivery amount or quantity threshold is 0, save anyway?',
  ),
  // ours
  gaaOnly: msg('物流設定僅限平台管理員修改', 'Only platform administrators may change logistics settings'),
  manualNeedsPrivate: msg('手動派單需使用 v2 與自有錢包', 'Manual dispatch needs v2 and a private wallet'),
  vendorIncomplete: msg('物流商帳號資料不完整', 'The vendor account is incomplete'),
  // spec 002 §8 "Logistics recall"
  recallSent: RECALL_MESSAGES.sent,
} as const satisfies Record<string, TMessage>;

const ZId = zQueryId().max(2_147_483_647);
const ZShopParams = z.object({ userType: ZShopPortal, accountId: ZId });
const ZSecretText = zText().trim().max(200);

/** One vendor account (spec 001 §3 "Vendor settings"). Tokens come back masked; a masked or empty token keeps the stored one. */
export const ZVendorSetting = z.object({
  vendor: z.enum(LOGISTIC_VENDORS),
  merchantId: ZSecretText.default(''),
  accessKey: ZSecretText.default(''),
  accessToken: ZSecretText.default(''),
});
export type TVendorSetting = z.output<typeof ZVendorSetting>;

/** The fields a vendor account needs: lala key and token; global key, token and merchant id (spec 001 §3). */
export const VENDOR_FIELDS: Record<string, readonly ('merchantId' | 'accessKey' | 'accessToken')[]> = {
  lala: ['accessKey', 'accessToken'],
  global: ['accessKey', 'accessToken', 'merchantId'],
  git: [],
  pandago: ['accessKey', 'accessToken'],
  uber: ['accessKey', 'accessToken'],
};
export const isVendorAccount = (s: TVendorSetting) => {
  const need = VENDOR_FIELDS[s.vendor] ?? [];
  return need.length > 0 && need.every((k) => s[k].trim() !== '');
};
const isBlank = (s: TVendorSetting) => !s.merchantId.trim() && !s.accessKey.trim() && !s.accessToken.trim();

/**
 * spec 001 §5 "Logistics save": v2 with platform needs at least one vendor account and a dispatch mode. Ours:
 * manual dispatch needs v2 and a private wallet (§4 disables it otherwise); a half-filled vendor box is refused.
 */
export const checkLogisticsSave = (
  c: TLogisticConfiguration,
  settings: readonly TVendorSetting[],
): TMessage | null => {
  if (settings.some((s) => !isBlank(s) && !isVendorAccount(s) && (VENDOR_FIELDS[s.vendor] ?? []).length > 0))
    return LOGISTICS_MESSAGES.vendorIncomplete;
  if (c.logisticVersion === 'v2' && c.logisticPlatform === 'platform') {
    if (!settings.some(isVendorAccount)) return LOGISTICS_MESSAGES.vendorAccountRequired;
    if (!c.logisticMode || c.logisticMode === 'selfie') return LOGISTICS_MESSAGES.dispatchModeRequired;
  }
  // 自有物流 with Lalamove needs the shop's own Lalamove account: the courier requests go through it
  if (c.logisticPlatform === 'platform' && c.logisticWallet === 'private') {
    const account = courierAccountOf(
      c,
      settings.map((s) => ({
        vendor: s.vendor,
        accessKey: s.accessKey,
        hasToken: s.accessToken.trim() !== '',
      })),
    );
    if (account.kind === 'refused' && account.vendor === 'lala') return account.reason;
  }
  if (c.logisticMode === 'manual' && !manualAllowed(c)) return LOGISTICS_MESSAGES.manualNeedsPrivate;
  return null;
};

/** Logistic defaults (spec 001 §3): thresholds and distance type; km here, meters on rules. */
export const ZLogisticDefaults = z.object({
  logisticDistanceType: z.enum(['route', 'linear']),
  deliveryAmtTh: z.number().int().min(0).max(DELIVERY_RULE_LIMITS.amountMax),
  deliveryQtyTh: z.number().int().min(0).max(DELIVERY_RULE_LIMITS.qtyMax),
  deliveryDistanceTh: z
    .number()
    .min(0)
    .max(DELIVERY_RULE_LIMITS.maxMeters / 1000),
});
export type TLogisticDefaults = z.infer<typeof ZLogisticDefaults>;

/**
 * Where the shop's delivery distances are measured from (docs/decisions/delivery.md "The shop's point"): its
 * address as the geocoder placed it. placed = a point; locating = the geocoding job is queued or retrying;
 * notFound = the service cannot place the address; failed = the job gave up (service down or none
 * configured); noAddress = the shop has no address; unknown = never geocoded (a shop from before the job).
 */
export const SHOP_LOCATION_STATES = [
  'placed',
  'locating',
  'notFound',
  'failed',
  'noAddress',
  'unknown',
] as const;
export const ZShopLocation = z.object({
  state: z.enum(SHOP_LOCATION_STATES),
  address: zText(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type TShopLocation = z.infer<typeof ZShopLocation>;

export const ZLogisticSettingsResponse = z.object({
  configurations: ZLogisticConfiguration.extend({ businessId: z.number().int() }),
  settings: z.array(ZVendorSetting.extend({ hasToken: z.boolean() })),
  uberUUID: zText().nullable(),
  default: ZLogisticDefaults,
  /** Whether the caller sees and may change the settings and vendor boxes (gaa, spec 001 §2.4). */
  canEditLogistics: z.boolean(),
  /** The point distance limits are measured from; without it they refuse deliveries (SHOP_LOCATION_UNKNOWN). */
  shopLocation: ZShopLocation,
});
export type TLogisticSettingsResponse = z.infer<typeof ZLogisticSettingsResponse>;

/**
 * spec 001 §7 PUT logistic-settings: either the logistics box (configurations, settings, uberUUID; gaa
 * only) or the defaults box (configurations.businessId plus default). Both at once are taken too.
 */
export const ZPutLogisticSettingsRequest = z.object({
  configurations: ZLogisticConfiguration.partial().extend({ businessId: zInt().optional() }).optional(),
  settings: z.array(ZVendorSetting).max(10).optional(),
  uberUUID: zText().trim().max(100).nullish(),
  default: ZLogisticDefaults.optional(),
});
export type TPutLogisticSettingsRequest = z.input<typeof ZPutLogisticSettingsRequest>;

export const getLogisticSettingsOp = defineOperation({
  method: 'GET',
  path: '/:userType/shops/:accountId/logistic-settings',
  summary: 'Logistics configuration, vendor accounts (tokens masked) and defaults of a shop',
  spec: '001 §7',
  allow: LOGISTICS_PORTALS,
  params: ZShopParams,
  response: ZLogisticSettingsResponse,
});

export const putLogisticSettingsOp = defineOperation({
  method: 'PUT',
  path: '/:userType/shops/:accountId/logistic-settings',
  summary: 'Save the logistics box (gaa only) or the defaults box; the §4 rules and §5 checks run again',
  spec: '001 §7',
  allow: LOGISTICS_PORTALS,
  params: ZShopParams,
  body: ZPutLogisticSettingsRequest,
  response: ZLogisticSettingsResponse,
});

export const ZLogisticRulesResponse = z.object({
  rules: z.array(ZDeliveryRule.extend({ id: z.number().int() })),
});
export type TLogisticRulesResponse = z.infer<typeof ZLogisticRulesResponse>;

export const getLogisticRulesOp = defineOperation({
  method: 'GET',
  path: '/:userType/shops/:accountId/logistic-rules',
  summary: 'Delivery rules of a shop, in matching order',
  spec: '001 §7',
  allow: LOGISTICS_PORTALS,
  params: ZShopParams,
  response: ZLogisticRulesResponse,
});

export const putLogisticRulesOp = defineOperation({
  method: 'PUT',
  path: '/:userType/shops/:accountId/logistic-rules',
  summary: 'Replace the delivery rules (all or nothing); km recomputed from meters, polygons closed',
  spec: '001 §7',
  allow: LOGISTICS_PORTALS,
  params: ZShopParams,
  body: z.object({
    rules: z.array(ZDeliveryRule).max(DELIVERY_RULE_LIMITS.rules, DELIVERY_RULE_MESSAGES.tooManyRules.zh),
  }),
  response: ZLogisticRulesResponse,
});

/** /logistic-polygons: every shop's map zones for gaa (000 §2). */
export const ZShopZones = z.object({
  shops: z.array(
    z.object({
      accountId: z.number().int(),
      name: zText(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
      zones: z.array(
        z.object({
          name: zText(),
          polygons: z.array(z.array(z.object({ x: z.number(), y: z.number() }))),
        }),
      ),
    }),
  ),
});
export type TShopZones = z.infer<typeof ZShopZones>;

export const listLogisticPolygonsOp = defineOperation({
  method: 'GET',
  path: '/gaa/logistic-polygons',
  summary: "Every shop's map delivery zones (gaa), for one map",
  spec: '000 §2 /logistic-polygons (path ours)',
  allow: LOGISTICS_ADMIN,
  response: ZShopZones,
});

// spec 002 §7 Admin tools: POST /gaa/orders/{id}/logistic-recall, empty body
export const logisticRecallOp = defineOperation({
  method: 'POST',
  path: '/gaa/orders/:id/logistic-recall',
  summary: 'Request a courier again for a delivery order',
  spec: '002 §7 Admin tools',
  allow: LOGISTICS_ADMIN,
  params: z.object({ id: ZId }),
  response: z.object({ message: zText() }),
});
