import { z } from 'zod';
import { TEXT_MAX, zId, zQueryId, zText } from '../../../common/bounds';
import { msg } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';

/**
 * Integrations and value-added services (spec 002 §2 screen 10, §3 Integration record, §4, §5, §7, §8, §9).
 * Each vendor is a tile of one of three groups and opens one kind of dialog.
 */
export const INTEGRATION_GROUPS = ['platform', 'service', 'pos'] as const;
export type TIntegrationGroup = (typeof INTEGRATION_GROUPS)[number];
/** form: the generic field form (an mw-setting record); lite: activate switch; url: a copyable URL; cup: LIFF id; dvr. */
export type TVendorDialog = 'form' | 'lite' | 'url' | 'cup' | 'dvr';

export const VENDOR_CODES = [
  'ubereats',
  'foodpanda',
  'ubereats_lite',
  'foodpanda_lite',
  'linespot',
  'gofoodie',
  'ttpush',
  'bonus',
  'app',
  'life17',
  'lafresh',
  'geoshop',
  'counter',
  'posdvr',
  'tyc',
  'dudoo',
] as const;
export type TVendorCode = (typeof VENDOR_CODES)[number];

export type TVendor = { code: TVendorCode; group: TIntegrationGroup; dialog: TVendorDialog; name: string };
/** spec 002 §3 Vendors, grouped as screen 10 shows them. */
export const VENDORS: readonly TVendor[] = [
  { code: 'ubereats', group: 'platform', dialog: 'form', name: 'Uber Eats' },
  { code: 'foodpanda', group: 'platform', dialog: 'form', name: 'foodpanda' },
  { code: 'ubereats_lite', group: 'platform', dialog: 'lite', name: 'Uber Eats Lite' },
  { code: 'foodpanda_lite', group: 'platform', dialog: 'lite', name: 'foodpanda Lite' },
  { code: 'linespot', group: 'platform', dialog: 'form', name: 'LINE SPOT' },
  { code: 'gofoodie', group: 'platform', dialog: 'form', name: 'GoFoodie' },
  { code: 'ttpush', group: 'service', dialog: 'url', name: 'TTPush' },
  { code: 'bonus', group: 'service', dialog: 'url', name: '集點服務' },
  { code: 'app', group: 'service', dialog: 'url', name: 'App' },
  { code: 'life17', group: 'service', dialog: 'cup', name: '17Life 杯券' },
  { code: 'lafresh', group: 'service', dialog: 'form', name: 'LaFresh' },
  { code: 'geoshop', group: 'service', dialog: 'form', name: 'GeoShop' },
  { code: 'counter', group: 'pos', dialog: 'form', name: 'IDOO 櫃台' },
  { code: 'posdvr', group: 'pos', dialog: 'dvr', name: 'POS DVR' },
  { code: 'tyc', group: 'pos', dialog: 'form', name: 'TYC' },
  { code: 'dudoo', group: 'pos', dialog: 'form', name: 'Dudoo' },
];
export const vendorOf = (code: string) => VENDORS.find((v) => v.code === code);
const codesOf = (dialog: TVendorDialog) => VENDORS.filter((v) => v.dialog === dialog).map((v) => v.code);
export const FORM_VENDORS = codesOf('form') as [TVendorCode, ...TVendorCode[]];
export const LITE_VENDORS = codesOf('lite') as [TVendorCode, ...TVendorCode[]];
export const SERVICE_CODES = [...codesOf('url'), ...codesOf('cup')] as [TVendorCode, ...TVendorCode[]];

export const INTEGRATION_MESSAGES = {
  // spec 002 §8
  shopIdRequired: msg('請先設定資料後再開通', 'Set up the data before activating'),
  posmwLoadFailed: msg('posmw資料取得失敗', 'Could not load the integrations'),
  servicesLoadFailed: msg('services資料取得失敗', 'Could not load the services'),
  unactiveLoadFailed: msg('unactive資料取得失敗', 'Could not load the activation data'),
  // ours (the spec shows none)
  authKeyRequired: msg('請輸入授權金鑰', 'Enter the auth key'),
  saved: msg('儲存成功', 'Saved'),
  activated: msg('已開通', 'Activated'),
  deactivated: msg('已停用', 'Deactivated'),
  copied: msg('已複製連結', 'Link copied'),
  notYetCreated: msg('尚未建立此串接，請先新增', 'This integration does not exist yet; create it first'),
  alreadyExists: msg('此串接已存在，請改用更新', 'This integration exists already; update it instead'),
  liffRequired: msg('請輸入 LIFF ID', 'Enter the LIFF id'),
  ipInvalid: msg('請輸入正確的 IP 位址', 'Enter a valid IP address'),
} as const;
const M = INTEGRATION_MESSAGES;
/** spec 002 §5: the error code of a missing vendor shop id. */
export const SHOP_ID_IS_REQUIRED = 'SHOP_ID_IS_REQUIRED';

/** spec 002 §3 Options; §9 qpPrinterOptionType straight or row, Lafresh client types, banner types. */
export const LAFRESH_CLIENT_DEVICES = ['EC_QUICK_ORDER', '掃碼下單'] as const;
export const BANNER_TYPES = ['CATERING', '掃碼下單'] as const;
/** spec 002 §5: a template id is parsed as an integer and left out if not numeric. */
const zTemplateId = z.preprocess((v) => {
  if (v === null || v === undefined || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number.parseInt(String(v), 10);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}, zId().optional());

export const ZIntegrationOptions = z.object({
  templateId: zTemplateId,
  chainCode: zText(TEXT_MAX.code).optional(),
  chainVendorId: zText(TEXT_MAX.code).optional(),
  qpPrinterOptionType: z.enum(['straight', 'row']).optional(),
  eatInTemplateId: zTemplateId,
  togoTemplateId: zTemplateId,
  deliveryTemplateId: zTemplateId,
  clientDevice: z.enum(LAFRESH_CLIENT_DEVICES).optional(),
  bannerType: z.enum(BANNER_TYPES).optional(),
});
export type TIntegrationOptions = z.infer<typeof ZIntegrationOptions>;
/** The options as answers carry them (no parsing step: the response serialiser cannot run one). */
const zStoredId = z.number().int().optional();
export const ZStoredIntegrationOptions = ZIntegrationOptions.extend({
  templateId: zStoredId,
  eatInTemplateId: zStoredId,
  togoTemplateId: zStoredId,
  deliveryTemplateId: zStoredId,
});

/** spec 002 §3 Integration record, as the API shows it: authData only masked. */
export const ZIntegration = z.object({
  id: z.number().int(),
  vendorCode: z.enum(VENDOR_CODES),
  vendorShopId: zText().nullable(),
  /** maskSecret of the stored key; null = the vendor's default key. */
  authData: zText().nullable(),
  options: ZStoredIntegrationOptions,
  env: z.literal('production'),
  order_integration_enabled: z.boolean(),
  updatedAt: zText(),
});
export type TIntegration = z.infer<typeof ZIntegration>;

/**
 * spec 002 §5 Integration creation: a vendor shop id is required (SHOP_ID_IS_REQUIRED), lafresh needs an auth
 * key unless the default key is used; 'use default key' sends authData null. The server runs it, the form too.
 */
export const ZSaveIntegrationRequest = z.object({
  vendorCode: z.enum(FORM_VENDORS),
  vendorShopId: zText(TEXT_MAX.name).trim().nullish(),
  authData: zText(TEXT_MAX.url).nullish(),
  useDefaultKey: z.boolean().default(false),
  options: ZIntegrationOptions.default({}),
  order_integration_enabled: z.boolean().default(false),
});
export type TSaveIntegrationRequest = z.input<typeof ZSaveIntegrationRequest>;

export type TIntegrationRuleError = { field: string; code: string; message: { zh: string; en: string } };
/** The rules of spec 002 §5 beyond the schema, in one place (browser and server). */
export const integrationRuleError = (
  b: Pick<
    z.output<typeof ZSaveIntegrationRequest>,
    'vendorCode' | 'vendorShopId' | 'authData' | 'useDefaultKey'
  >,
  hasStoredKey = false,
): TIntegrationRuleError | null => {
  if (!b.vendorShopId?.trim())
    return { field: 'vendorShopId', code: SHOP_ID_IS_REQUIRED, message: M.shopIdRequired };
  if (b.vendorCode === 'lafresh' && !b.useDefaultKey && !b.authData?.trim() && !hasStoredKey)
    return { field: 'authData', code: 'AUTH_KEY_REQUIRED', message: M.authKeyRequired };
  return null;
};

const GS = ['gaa', 'si'] as const;
const ZShopParams = z.object({ id: zQueryId() });
const SPEC = '002 §7 Integrations and services';

export const listIntegrationsOp = defineOperation({
  method: 'GET',
  path: '/gaa/shops/:id/mw-settings',
  summary: "A shop's integration records (secrets masked)",
  spec: SPEC,
  allow: GS,
  params: ZShopParams,
  response: z.object({ settings: z.array(ZIntegration) }),
});
export const createIntegrationOp = defineOperation({
  method: 'POST',
  path: '/gaa/console/:id/mw-settings',
  summary: 'Creates an integration record (spec 002 §5 rules; 409 when the vendor has one)',
  spec: SPEC,
  allow: GS,
  params: ZShopParams,
  body: ZSaveIntegrationRequest,
  response: z.object({ setting: ZIntegration }),
  status: 201,
});
export const updateIntegrationOp = defineOperation({
  method: 'PUT',
  path: '/gaa/console/:id/mw-settings',
  summary: "Updates the shop's record of the vendor; a masked or empty authData keeps the stored key",
  spec: SPEC,
  allow: GS,
  params: ZShopParams,
  body: ZSaveIntegrationRequest,
  response: z.object({ setting: ZIntegration }),
});

export const ZLiteBody = z.object({ vendor_code: z.enum(LITE_VENDORS) });
export const listLiteActiveOp = defineOperation({
  method: 'GET',
  path: '/gaa/console/:id/mw-setting-active',
  summary: 'The lite vendors activated for the shop',
  spec: SPEC,
  allow: GS,
  params: ZShopParams,
  response: z.object({ active: z.array(z.enum(LITE_VENDORS)) }),
});
export const activateLiteOp = defineOperation({
  method: 'POST',
  path: '/gaa/console/:id/mw-setting-active',
  summary: 'Activates a lite vendor for the shop',
  spec: SPEC,
  allow: GS,
  params: ZShopParams,
  body: ZLiteBody,
  response: z.object({ active: z.array(z.enum(LITE_VENDORS)) }),
});
export const deactivateLiteOp = defineOperation({
  method: 'DELETE',
  path: '/gaa/console/:id/mw-setting-active',
  summary: 'Deactivates a lite vendor for the shop',
  spec: SPEC,
  allow: GS,
  params: ZShopParams,
  query: ZLiteBody,
  response: z.object({ active: z.array(z.enum(LITE_VENDORS)) }),
});
export const listLiteCatalogueOp = defineOperation({
  method: 'GET',
  path: '/gaa/mw-settings-active',
  summary: 'The lite vendors that can be activated, with how many of the caller’s shops have each active',
  spec: SPEC,
  allow: GS,
  response: z.object({
    vendors: z.array(
      z.object({ vendorCode: z.enum(LITE_VENDORS), name: zText(), activeShops: z.number().int() }),
    ),
  }),
});

export const ZService = z.object({
  code: z.enum(SERVICE_CODES),
  enabled: z.boolean(),
  liffId: zText().nullable(),
});
export type TService = z.infer<typeof ZService>;
export const listServicesOp = defineOperation({
  method: 'GET',
  path: '/gaa/shops/:id/services',
  summary: "The shop's value-added services and whether each is on",
  spec: SPEC,
  allow: GS,
  params: ZShopParams,
  response: z.object({ services: z.array(ZService) }),
});
export const listServiceUrlsOp = defineOperation({
  method: 'GET',
  path: '/gaa/shops/:id/service-urls',
  summary: 'The copyable URLs of the services that are on (ttpush, bonus points, app)',
  spec: SPEC,
  allow: GS,
  params: ZShopParams,
  response: z.object({ urls: z.array(z.object({ code: z.enum(SERVICE_CODES), url: zText() })) }),
});
export const ZSaveServiceBody = z.object({
  enabled: z.boolean(),
  liffId: zText(TEXT_MAX.code).trim().nullish(),
});
export const saveServiceOp = defineOperation({
  method: 'POST',
  path: '/gaa/console/:id/services/:x',
  summary: 'Turns a value-added service on or off (the cup coupon, life17, needs a LIFF id to be on)',
  spec: SPEC,
  allow: GS,
  params: ZShopParams.extend({ x: z.enum(SERVICE_CODES) }),
  body: ZSaveServiceBody,
  response: z.object({ service: ZService }),
});

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
export const ZDvrSettings = z.object({
  ip: zText(TEXT_MAX.code).trim().regex(IPV4, M.ipInvalid.zh),
  channel: z.number().int().min(1).max(256),
  account: zText(TEXT_MAX.name).trim().min(1),
  /** Masked in answers; sent as its mask (or empty) it keeps the stored password. */
  password: zText(TEXT_MAX.name),
});
export type TDvrSettings = z.infer<typeof ZDvrSettings>;
export const getDvrSettingsOp = defineOperation({
  method: 'GET',
  path: '/gaa/shops/:id/dvr-settings',
  summary: "The shop's POS DVR settings (password masked), null when not set",
  spec: SPEC,
  allow: GS,
  params: ZShopParams,
  response: z.object({ dvr: ZDvrSettings.nullable() }),
});
export const saveDvrSettingsOp = defineOperation({
  method: 'PUT',
  path: '/gaa/shops/:id/dvr-settings',
  summary: "Saves the shop's POS DVR settings (the password sealed at rest)",
  spec: SPEC,
  allow: GS,
  params: ZShopParams,
  body: ZDvrSettings,
  response: z.object({ dvr: ZDvrSettings }),
});

/** The outbound order webhook (docs/decisions/platform.md "Integrations"): what an enabled integration receives. */
export const ORDER_WEBHOOK_SIGNATURE_HEADER = 'x-shopdesk-signature';
export const ZOrderWebhookPayload = z.object({
  eventId: z.number().int(),
  event: z.enum(['order.created', 'order.status']),
  vendorCode: z.enum(VENDOR_CODES),
  vendorShopId: z.string(),
  accountId: z.number().int(),
  orderId: z.number().int(),
  serial: z.string(),
  status: z.string(),
  mealType: z.string(),
  total: z.number(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: z.number() })),
  occurredAt: z.string(),
});
export type TOrderWebhookPayload = z.infer<typeof ZOrderWebhookPayload>;
