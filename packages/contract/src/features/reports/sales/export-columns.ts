import { msg, type TMessage } from '../../../common/errors';

/** Columns of the sales file, one row per order; the web table uses the same names. */
export const SALES_COLUMNS = {
  createdAt: msg('日期時間', 'Date and time'),
  shopName: msg('商店', 'Shop'),
  serial: msg('訂單編號', 'Order number'),
  status: msg('狀態', 'Status'),
  mealType: msg('用餐方式', 'Meal type'),
  paymentMethod: msg('付款方式', 'Payment method'),
  items: msg('品項', 'Items'),
  subtotal: msg('小計', 'Subtotal'),
  discount: msg('折扣', 'Discount'),
  total: msg('總計', 'Total'),
  voucherCode: msg('優惠碼', 'Voucher code'),
  customerPhone: msg('顧客電話', 'Customer phone'),
} as const satisfies Record<string, TMessage>;

/** Columns of the voucher file, one row per redemption. */
export const VOUCHER_COLUMNS = {
  createdAt: SALES_COLUMNS.createdAt,
  shopName: SALES_COLUMNS.shopName,
  serial: SALES_COLUMNS.serial,
  code: SALES_COLUMNS.voucherCode,
  discount: SALES_COLUMNS.discount,
  total: msg('訂單金額', 'Order total'),
} as const satisfies Record<string, TMessage>;

export const columnTitles = (cols: Record<string, TMessage>, lang: 'zh-TW' | 'en') =>
  Object.values(cols).map((m) => (lang === 'en' ? m.en : m.zh));
