import { msg, type TMessage } from '../../../common/errors';

/**
 * Why an order is refused. The spec shows no storefront screens, so the wording is ours
 * (docs/decisions/orders.md "Storefront and order intake"); codes are stable for the customer apps.
 */
export const ORDER_REFUSALS = {
  // the contract's system switch (accounts.sys_closed), turned off by gaa or when a contract ends
  SYSTEM_CLOSED: msg(
    '商店系統已關閉（合約到期或停用），暫停接受訂單',
    "The shop's system is off (contract ended or disabled): no orders are taken",
  ),
  // go-live status (spec 002 §1, §2 status 未上線/已上線): a shop not live yet takes no public orders; its
  // staff may still place test orders (docs/decisions/orders.md "Go-live status and test orders")
  SHOP_NOT_LIVE: msg('商店尚未上線，暫不接受訂單', 'This shop is not live yet: it takes no orders'),
  SHOP_OFFLINE: msg('商店目前未開放線上點餐', 'This shop is not taking online orders'),
  MEAL_TYPE_OFF: msg('商店未提供此用餐方式', 'This shop does not offer this meal type'),
  PAYMENT_METHOD_OFF: msg(
    '此用餐方式不接受此付款方式',
    'This payment method is not accepted for this meal type',
  ),
  // the Qrpay tab's switch of the chosen online payment service is off (or it is not configured)
  PAYMENT_SERVICE_OFF: msg(
    '商店未開啟此線上支付服務',
    'The shop has not turned this online payment service on',
  ),
  // online payment asked for, but no enabled payment service would charge it (spec 000 §4 wording)
  ONLINE_PAYMENT_UNAVAILABLE: msg(
    '尚未啟用線上支付，請選擇其他付款方式',
    'Online payment is not enabled yet: please choose another payment method',
  ),
  // online payment without naming which of the shop's services charges it
  PAYMENT_SERVICE_REQUIRED: msg('請選擇線上支付服務', 'Please choose an online payment service'),
  CLOSED_NOW: msg('商店目前非營業時間', 'The shop is closed now'),
  OUTSIDE_SERVICE_HOURS: msg('所選時間不在服務時間內', 'The chosen time is outside the service hours'),
  // spec 000 §3 timeObjSectors (供餐時段, spec 001 §5 wording): the time is in no service period
  NOT_SERVING_NOW: msg('商店目前非供餐時段', 'The shop is outside its service periods now'),
  OUTSIDE_SERVICE_PERIOD: msg(
    '所選時間不在供餐時段內',
    "The chosen time is outside the shop's service periods",
  ),
  DAY_OFF: msg('所選日期為公休日', 'The chosen date is a day off'),
  BEYOND_RESERVATION_WINDOW: msg(
    '所選時間超過可預訂天數',
    'The chosen time is beyond the reservation window',
  ),
  TOO_EARLY: msg('所選時間早於最快可取餐時間', 'The chosen time is earlier than the order can be ready'),
  ORDER_LIMIT_REACHED: msg(
    '此時段訂單已滿，請選擇其他時間',
    'This time slot is full, please choose another time',
  ),
  SOLD_OUT: msg('商品已售完', 'A product is sold out'),
  // some stock is left, fewer than ordered: the customer lowers the quantity (the app names how many are left)
  NOT_ENOUGH_STOCK: msg('商品剩餘數量不足，請減少數量', 'Not enough of a product is left: order fewer'),
  NOT_AVAILABLE_FOR_MEAL_TYPE: msg('商品不供應此用餐方式', 'A product is not available for this meal type'),
  BELOW_DELIVERY_MINIMUM: msg('未達外送最低金額或數量', 'Below the delivery minimum amount or quantity'),
  TOO_FAR: msg('超出外送距離', 'The address is beyond the delivery distance'),
  // the shop has a distance limit (threshold or distance rule) to judge but no point: its address is not
  // placed yet or cannot be placed (docs/decisions/delivery.md "The shop's point")
  SHOP_LOCATION_UNKNOWN: msg(
    '商店位置尚未確認，暫時無法判斷外送距離',
    "The shop's location is not confirmed yet, so the delivery distance cannot be checked",
  ),
  // the shop's delivery rules (map zones, distance bands) take no rule for the address
  OUTSIDE_DELIVERY_ZONE: msg('此地址不在商店的外送範圍內', "The address is outside the shop's delivery area"),
  ADDRESS_NOT_FOUND: msg(
    '找不到此地址的位置，請確認地址',
    'The address could not be located, please check it',
  ),
  UNKNOWN_PRODUCT: msg('找不到商品，請重新整理菜單', 'Product not found, please reload the menu'),
  UNKNOWN_OPTION: msg('找不到選項，請重新整理菜單', 'Option not found, please reload the menu'),
  OPTION_COUNT: msg('選項數量不符規定', 'The number of chosen options does not fit the option group'),
  EMPTY_ORDER: msg('請至少選擇一個商品', 'Choose at least one product'),
  DELIVERY_ADDRESS_REQUIRED: msg('外送訂單需填寫地址', 'Delivery orders need an address'),
  // a table link whose table is not one of the shop's table QR codes
  UNKNOWN_TABLE: msg(
    '找不到此桌號，請掃描桌上的 QR Code',
    'Unknown table: please scan the QR code on your table',
  ),
  // the shop requires a phone (is_phone_required, always for delivery) and none was given
  PHONE_REQUIRED: msg('請填寫手機號碼', 'Please enter your phone number'),
  // spec 000 §3 isPickup: a self pick-up the shop does not offer (switch off, or not a to-go order)
  PICK_UP_OFF: msg('商店未提供自取', 'This shop does not offer self pick-up'),
  // spec 001 §2.2 is_email (email required): none given, or not an e-mail address
  EMAIL_REQUIRED: msg('請填寫 Email', 'Please enter your e-mail'),
  EMAIL_INVALID: msg('Email 格式錯誤', 'The e-mail address is not valid'),
  // the shop put the customer on its banned list (/sales/banned-list)
  CUSTOMER_BLOCKED: msg('您目前無法在此商店下單', 'You cannot order from this shop at the moment'),
} as const satisfies Record<string, TMessage>;

/**
 * Staff test orders (docs/decisions/orders.md "Go-live status and test orders"). The board's 測試點餐 button makes a
 * signed staff preview link (purpose STAFF_PREVIEW_PURPOSE) to the customer app of its own shop; an order
 * placed with it passes the go-live check (SHOP_NOT_LIVE) and is stored is_test: marked TEST_ORDER_LABEL on
 * the board, the ticket and the customer's order page, and counted in no report or statistic.
 */
export const STAFF_PREVIEW_PURPOSE = 'staff-preview';
/** A staff preview link works for this long. */
export const STAFF_PREVIEW_HOURS = 12;
/** The customer app's query parameter that carries the link's token. */
export const STAFF_PREVIEW_PARAM = 'staff';
export const STAFF_PREVIEW_TOKEN_MAX = 600;
export const TEST_ORDER_LABEL = msg('測試', 'Test');
export const TEST_ORDER_MESSAGES = {
  previewExpired: msg(
    '測試點餐連結已失效，請在點餐機重新產生',
    'The test ordering link has expired: make a new one on the point of sale',
  ),
  previewBanner: msg(
    '測試點餐：此訂單標示為「測試」，不列入任何報表',
    'Test ordering: the order is marked “Test” and left out of every report',
  ),
  notLiveYet: msg('商店尚未上線，敬請期待', 'This shop is not open yet'),
} as const satisfies Record<string, TMessage>;

export type TOrderRefusalCode = keyof typeof ORDER_REFUSALS;
export type TOrderRefusal = { code: TOrderRefusalCode; message: TMessage; productId?: number };

export const refusal = (code: TOrderRefusalCode, productId?: number): TOrderRefusal => ({
  code,
  message: ORDER_REFUSALS[code],
  ...(productId === undefined ? {} : { productId }),
});
