import { z } from 'zod';
import { TEXT_LIMITS, TEXT_MAX, zId, zQueryId, zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZTapPayAppId, ZTapPayAppKey } from './tappay-card';

/** spec 001 §6: QR payment is for gaa (the server refuses everyone else). */
export const QRPAY_USERS = ['gaa'] as const;

/** spec 001 §3 "Payment config": the three services and their types. */
export const PAYMENT_SERVICES = ['tappay', 'linepay', 'easywallet'] as const;
export type TPaymentService = (typeof PAYMENT_SERVICES)[number];
export const TAPPAY_TYPES = ['apple', 'google', 'jko', 'direct'] as const;
export type TTapPayType = (typeof TAPPAY_TYPES)[number];
export const PAYMENT_TYPES = [...TAPPAY_TYPES, 'linepay', 'easywallet'] as const;
export type TPaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_SERVICE_NAMES: Record<TPaymentService, string> = {
  tappay: 'TapPay',
  linepay: 'LINE Pay',
  easywallet: '悠遊付 easy wallet',
};

/** An order's payment through a service (docs/decisions/payments.md "QR payment"), as the board and pages show it. */
export const ORDER_PAYMENT_STATUSES = [
  'requested',
  'paid',
  'failed',
  'refund_queued',
  'refunded',
  'refund_failed',
] as const;
export type TOrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];
export const ORDER_PAYMENT_STATUS_LABELS: Record<TOrderPaymentStatus, TMessage> = {
  requested: msg('待付款', 'Awaiting payment'),
  paid: msg('已付款', 'Paid'),
  failed: msg('付款失敗', 'Payment failed'),
  refund_queued: msg('退款處理中', 'Refund in progress'),
  refunded: msg('已退款', 'Refunded'),
  refund_failed: msg('退款失敗', 'Refund failed'),
};
export const ZOrderPayment = z.object({
  service: z.enum(PAYMENT_SERVICES),
  status: z.enum(ORDER_PAYMENT_STATUSES),
});
export type TOrderPayment = z.infer<typeof ZOrderPayment>;

/**
 * Where LINE Pay sends the customer back (its redirectUrls): confirm after approval (LINE Pay adds
 * transactionId and orderId to the query), cancel when the customer gives up. `p` is our signed payment ref.
 */
export const LINEPAY_CONFIRM_PATH = '/storefront/v1/payments/linepay/confirm';
export const LINEPAY_CANCEL_PATH = '/storefront/v1/payments/linepay/cancel';
/** TapPay with 3-D Secure: result_url's frontend_redirect_url and backend_notify_url (ours). */
export const TAPPAY_RETURN_PATH = '/storefront/v1/payments/tappay/return';
export const TAPPAY_NOTIFY_PATH = '/storefront/v1/payments/tappay/notify';

/** spec 001 §9: TapPay type options (direct only; apple, google and direct; jko). 3DS optional, default off. */
export const TAPPAY_TYPE_OPTIONS: readonly (readonly TTapPayType[])[] = [
  ['direct'],
  ['apple', 'google', 'direct'],
  ['jko'],
];
export const TAPPAY_USE_TDS_DEFAULT = false;

export const QRPAY_MESSAGES = {
  // spec 001 §5 "QR payment"
  notConfigured: msg(
    '此支付服務尚未設定，無法開啟。請確認先設定過後再行操作。',
    'This payment service is not configured and cannot be turned on. Please configure it first.',
  ),
  tappayAlreadySet: msg('TapPay已設定', 'TapPay is already configured'),
  noMerchant: msg('此商店尚未開通QRPay商家', 'This shop has no QRPay merchant yet'),
  // spec 001 §8 "QR pay": success / error titles (wording ours, the server message is shown)
  merchantCreated: msg('開通QRPay商家成功', 'QRPay merchant opened'),
  merchantFailed: msg('開通QRPay商家失敗', 'Opening the QRPay merchant failed'),
  serviceAdded: msg('新增支付服務成功', 'Payment service added'),
  serviceAddFailed: msg('新增支付服務失敗', 'Adding the payment service failed'),
  serviceUpdated: msg('更新支付服務成功', 'Payment service updated'),
  serviceUpdateFailed: msg('更新支付服務失敗', 'Updating the payment service failed'),
  turnedOn: msg('支付服務已開啟', 'Payment service turned on'),
  turnedOff: msg('支付服務已關閉', 'Payment service turned off'),
  toggleFailed: msg('支付服務開關失敗', 'Turning the payment service failed'),
  // ours (docs/decisions/payments.md "QR payment")
  serviceUnavailable: msg(
    '此支付服務尚未在本系統啟用，無法新增或開啟。請聯絡平台管理員。',
    'This payment service is not available on this server and cannot be added or turned on. Please contact the platform administrator.',
  ),
  merchantExists: msg('此商店已開通QRPay商家', 'This shop already has a QRPay merchant'),
  serviceExists: msg('此支付服務已設定，請使用編輯', 'This payment service is configured already: edit it'),
  merchantMismatch: msg('商家編號與商店不符', 'The merchant id does not match the shop'),
  serviceMismatch: msg('支付服務類別不符', 'The payment service does not match'),
  secretRequired: msg('必填', 'Required'),
  typesRequired: msg('請選擇 TapPay 支付類型', 'Please choose the TapPay types'),
  testOk: msg('連線成功', 'Connection succeeded'),
  testFailed: msg('連線失敗', 'Connection failed'),
} as const;

/** The TapPay types of a choice of §9 options, or null when the list is not one of them. */
export const tappayOptionOf = (types: readonly string[]): readonly TTapPayType[] | null =>
  TAPPAY_TYPE_OPTIONS.find(
    (o) => o.length === types.length && o.every((t) => types.includes(t)) && new Set(types).size === o.length,
  ) ?? null;

/** The config rows a service's configuration creates: one per TapPay type, else the service's own name. */
export const configTypesOf = (
  service: TPaymentService,
  types: readonly TTapPayType[] = [],
): TPaymentType[] => (service === 'tappay' ? [...types] : [service]);

export type TPaymentConfigKey = { service: TPaymentService; type: TPaymentType };
export type TPaymentConfigRow = TPaymentConfigKey & {
  is_enabled: boolean;
  payment_service_id: number | null;
};

/** spec 001 §5: TapPay cannot be added again once any of its types exist. */
export const tappayAlreadySet = (configs: readonly TPaymentConfigRow[]) =>
  configs.some((c) => c.service === 'tappay' && c.payment_service_id !== null);

/**
 * spec 001 §4 "Payment toggles", §5: turning a service on needs its configuration (the refusal text,
 * and the switch reverts); turning off is always sent. null = allowed.
 */
export const paymentToggleRefusal = (
  configs: readonly TPaymentConfigRow[],
  change: TPaymentConfigKey & { enable: boolean },
) => {
  if (!change.enable) return null;
  const row = configs.find((c) => c.service === change.service && c.type === change.type);
  return row && row.payment_service_id !== null ? null : QRPAY_MESSAGES.notConfigured;
};

/**
 * Whether an online order may ask for this payment service (docs/decisions/payments.md "QR payment"): the shop must
 * have it configured and switched on (a TapPay order, any of its enabled types). Order intake and the
 * availability panel both ask this through checkOrder.
 */
export const paymentServiceOn = (configs: readonly TPaymentConfigRow[], service: TPaymentService) =>
  configs.some((c) => c.service === service && c.is_enabled && c.payment_service_id !== null);

// ---- shapes -------------------------------------------------------------------------------------------

const required = (max: number = TEXT_MAX.name) => zText(max).trim().min(1, QRPAY_MESSAGES.secretRequired.zh);
/** A secret on update: empty or absent keeps the stored one. */
const keepable = (max: number = TEXT_MAX.name) => zText(max).trim().optional();

/** spec 001 §3 "QR merchant". */
export const ZQrMerchantInput = z.object({
  name: required(TEXT_LIMITS.businessName * 2),
  email: zText(TEXT_LIMITS.email).trim().pipe(z.email('請輸入正確的 e-mail')),
  phone: required(TEXT_LIMITS.phone),
  address: required(TEXT_LIMITS.address),
  merchantId: zId(),
});
export type TQrMerchantInput = z.input<typeof ZQrMerchantInput>;
export const ZQrMerchant = ZQrMerchantInput.extend({ createdAt: zText() });
export type TQrMerchant = z.infer<typeof ZQrMerchant>;

/** spec 001 §3 "TapPay fields" plus the partner key the pay-by-prime API signs with (ours). */
const tappayFields = {
  tappayMerchantId: required(),
  contactName: required(),
  contactPhone: required(TEXT_LIMITS.phone),
  contactAddress: required(TEXT_LIMITS.address),
  types: z
    .array(z.enum(TAPPAY_TYPES))
    .max(4)
    .refine((t) => tappayOptionOf(t) !== null, QRPAY_MESSAGES.typesRequired.zh),
  useTds: z.boolean().default(TAPPAY_USE_TDS_DEFAULT),
  // ours (docs/decisions/payments.md "TapPay card form"): the public app id and key the customer app's card form is
  // set up with (reader: tappayCardReady, the storefront's card form); without them TapPay is not offered
  tappayAppId: ZTapPayAppId.optional(),
  tappayAppKey: ZTapPayAppKey.optional(),
};
const linepayFields = { name: required(), channelId: required() };
const easywalletFields = {
  name: required(),
  sellerMemberUid: required(),
  contractNo: required(),
  executorId: required(),
};

/** POST …/payment-services: the form plus service and merchantId; secrets required. */
export const ZPaymentServiceCreate = z.discriminatedUnion('service', [
  z.object({ service: z.literal('tappay'), merchantId: zId(), partnerKey: required(200), ...tappayFields }),
  z.object({
    service: z.literal('linepay'),
    merchantId: zId(),
    channelSecret: required(200),
    ...linepayFields,
  }),
  z.object({
    service: z.literal('easywallet'),
    merchantId: zId(),
    securityCode: required(200),
    ...easywalletFields,
  }),
]);
export type TPaymentServiceCreate = z.input<typeof ZPaymentServiceCreate>;

/** PUT …/payment-services/{id}: the form plus service; a secret left empty keeps the stored one. */
export const ZPaymentServiceUpdate = z.discriminatedUnion('service', [
  z.object({ service: z.literal('tappay'), partnerKey: keepable(200), ...tappayFields }),
  z.object({ service: z.literal('linepay'), channelSecret: keepable(200), ...linepayFields }),
  z.object({ service: z.literal('easywallet'), securityCode: keepable(200), ...easywalletFields }),
]);
export type TPaymentServiceUpdate = z.input<typeof ZPaymentServiceUpdate>;

/** A configured service as the tab sees it: secrets masked (maskSecret), never whole. */
export const ZPaymentServiceView = z.object({
  id: z.number().int(),
  service: z.enum(PAYMENT_SERVICES),
  name: zText(),
  fields: z.record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())])),
  maskedSecret: zText(),
  lastTest: z.object({ ok: z.boolean(), answer: zText(), at: zText() }).nullable(),
});
export type TPaymentServiceView = z.infer<typeof ZPaymentServiceView>;

export const ZPaymentConfig = z.object({
  service: z.enum(PAYMENT_SERVICES),
  type: z.enum(PAYMENT_TYPES),
  is_enabled: z.boolean(),
  payment_service_id: z.number().int().nullable(),
  name: zText(),
});
export type TPaymentConfig = z.infer<typeof ZPaymentConfig>;
export const ZPaymentConfigs = z.object({
  configs: z.array(ZPaymentConfig),
  services: z.array(ZPaymentServiceView),
});
export type TPaymentConfigs = z.infer<typeof ZPaymentConfigs>;

// ---- operations (spec 001 §7) ------------------------------------------------------------------------

const shopParams = z.object({ shopId: zQueryId() });

export const getQrMerchantOp = defineOperation({
  method: 'GET',
  path: '/gaa/qrpm/merchants/:shopId',
  summary: "A shop's QRPay merchant; 404 (此商店尚未開通QRPay商家) when it has none",
  spec: '001 §7',
  allow: QRPAY_USERS,
  params: shopParams,
  response: z.object({ merchant: ZQrMerchant }),
});

export const createQrMerchantOp = defineOperation({
  method: 'POST',
  path: '/gaa/qrpm/merchants',
  summary: 'Open the QRPay merchant of a shop (name, email, phone, address, merchantId = the shop id)',
  spec: '001 §7',
  allow: QRPAY_USERS,
  body: ZQrMerchantInput,
  response: z.object({ merchant: ZQrMerchant }),
  status: 201,
});

export const getPaymentConfigsOp = defineOperation({
  method: 'GET',
  path: '/gaa/qrpm/merchants/:shopId/payment-configs',
  summary: 'Payment configs (service, type, is_enabled, payment_service_id) and the configured services',
  spec: '001 §7',
  allow: QRPAY_USERS,
  params: shopParams,
  response: ZPaymentConfigs,
});

export const createPaymentServiceOp = defineOperation({
  method: 'POST',
  path: '/gaa/qrpm/merchants/:shopId/payment-services',
  summary: 'Configure TapPay, LINE Pay or easy-wallet (TapPay已設定 when TapPay exists)',
  spec: '001 §7',
  allow: QRPAY_USERS,
  params: shopParams,
  body: ZPaymentServiceCreate,
  response: ZPaymentConfigs,
  status: 201,
});

export const updatePaymentServiceOp = defineOperation({
  method: 'PUT',
  path: '/gaa/qrpm/merchants/:shopId/payment-services/:paymentServiceId',
  summary: 'Update a configured payment service (an empty secret keeps the stored one)',
  spec: '001 §7',
  allow: QRPAY_USERS,
  params: z.object({ shopId: zQueryId(), paymentServiceId: zQueryId() }),
  body: ZPaymentServiceUpdate,
  response: ZPaymentConfigs,
});

export const togglePaymentConfigOp = defineOperation({
  method: 'PUT',
  path: '/gaa/qrpm/merchants/:shopId/payment-configs',
  summary: 'Turn a payment type on or off (on needs its configuration)',
  spec: '001 §7',
  allow: QRPAY_USERS,
  params: shopParams,
  body: z.object({ service: z.enum(PAYMENT_SERVICES), type: z.enum(PAYMENT_TYPES), enable: z.boolean() }),
  response: ZPaymentConfigs,
});

/** Ours: "test connection" of a dialog, through the service's adapter; the service's answer comes back. */
export const testPaymentServiceOp = defineOperation({
  method: 'POST',
  path: '/gaa/qrpm/merchants/:shopId/payment-services/:paymentServiceId/test',
  summary: "Test a configured payment service through its adapter and return the service's answer",
  allow: QRPAY_USERS,
  params: z.object({ shopId: zQueryId(), paymentServiceId: zQueryId() }),
  response: z.object({ ok: z.boolean(), answer: zText() }),
});

// ---- LINE Pay's return (ours): public, reached by the customer's browser from LINE Pay ---------

const ZLinePayReturn = z.object({
  /** Our signed payment reference (the one we put in redirectUrls). */
  p: zText(1000),
  /** Added by LINE Pay to the confirm URL. */
  transactionId: zText(40).optional(),
  orderId: zText(100).optional(),
});

export const linepayConfirmOp = defineOperation({
  method: 'GET',
  path: LINEPAY_CONFIRM_PATH,
  summary: "LINE Pay's confirmUrl: capture the approved payment (v3 confirm), then the customer's order page",
  spec: '(ours)',
  allow: 'public',
  query: ZLinePayReturn,
  response: z.unknown(),
  status: 302,
});

export const linepayCancelOp = defineOperation({
  method: 'GET',
  path: LINEPAY_CANCEL_PATH,
  summary: "LINE Pay's cancelUrl: the customer gave up; the payment fails, then the customer's order page",
  spec: '(ours)',
  allow: 'public',
  query: ZLinePayReturn,
  response: z.unknown(),
  status: 302,
});

// ---- TapPay's 3-D Secure result (ours): the customer's browser comes back; TapPay posts the result ------

const ZTapPayReturn = z.object({
  /** Our signed payment reference (the one we put in result_url). */
  p: zText(1000),
  /** Added by TapPay to frontend_redirect_url; read for the log only: the record query decides. */
  rec_trade_id: zText(40).optional(),
  order_number: zText(100).optional(),
  status: zText(20).optional(),
});

export const tappayReturnOp = defineOperation({
  method: 'GET',
  path: TAPPAY_RETURN_PATH,
  summary:
    "TapPay's frontend_redirect_url after 3-D Secure: confirm the trade by TapPay's record query, then the customer's order page",
  spec: '(ours)',
  allow: 'public',
  query: ZTapPayReturn,
  response: z.unknown(),
  status: 302,
});

export const tappayNotifyOp = defineOperation({
  method: 'POST',
  path: TAPPAY_NOTIFY_PATH,
  summary:
    "TapPay's backend_notify_url after 3-D Secure: confirm the trade by TapPay's record query (the post itself is not trusted)",
  spec: '(ours)',
  allow: 'public',
  query: z.object({ p: zText(1000) }),
  // TapPay's fields (rec_trade_id, order_number, status, msg, …; the rest are dropped): never trusted
  body: z.object({
    rec_trade_id: zText(40).optional(),
    order_number: zText(100).optional(),
    status: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  }),
  response: z.object({ status: z.enum(['paid', 'failed', 'requested', 'unchanged']) }),
});
