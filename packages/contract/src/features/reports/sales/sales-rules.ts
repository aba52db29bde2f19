import { z } from 'zod';
import { TEXT_MAX, zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { ZShopKindFilter } from '../../../common/user-types';
import { ZMealType } from '../../menus/menus/menu-model';
import {
  checkDateRange,
  DATE_RULE_MESSAGES,
  ORDER_QUERY_MAX_DAYS,
  SALES_EXPORT_MAX_DAYS,
  type TDateRefusal,
  ZDay,
} from '../../orders/orders/date-rules';
import { COUNTED_ORDER_STATUSES, type TOrderStatus } from '../../orders/orders/order-status';
import { ZRowId } from '../../shops/shop-time/opening-ops';

/** Sold orders: what the sales pages count. Rejected and canceled ones are shown on request. */
export const SALES_SOLD_STATUSES = COUNTED_ORDER_STATUSES;
export const SALES_VOIDED_STATUSES = ['rejected', 'canceled'] as const satisfies readonly TOrderStatus[];
export const SALES_PAGE_SIZES = [15, 25, 50] as const; // spec 000 §9
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

export const SALES_MESSAGES = {
  phoneInvalid: msg('請輸入電話號碼的數字', 'Enter the digits of a phone number'),
  codeInvalid: msg('優惠碼格式錯誤', 'Invalid voucher code'),
} as const satisfies Record<string, TMessage>;

/** Phone search: the digits only ("0912-345-678" finds 0912345678), 4 to 15 of them. */
export const ZPhoneSearch = zText()
  .transform((s) => s.replace(/[\s\-()+]/g, ''))
  .pipe(zText().regex(/^\d{4,15}$/, SALES_MESSAGES.phoneInvalid.zh));

const ZOptionalText = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), inner.optional());

/** The filters shared by the sales query and its export (query string). */
export const ZSalesFilters = z.object({
  from: ZDay,
  to: ZDay,
  shopId: ZOptionalText(ZRowId),
  mealType: ZOptionalText(ZMealType),
  paymentMethod: ZOptionalText(z.enum(['cash', 'online'])),
  phone: ZOptionalText(ZPhoneSearch),
  /** Also list rejected and canceled orders (they never count towards revenue). */
  includeVoided: zText(TEXT_MAX.code).pipe(z.stringbool()).optional().default(false),
  kind: ZShopKindFilter,
});
export type TSalesFilters = z.infer<typeof ZSalesFilters>;

/** Voucher redemptions: filter by code and shop. Codes are stored upper case. */
export const ZVoucherFilters = z.object({
  from: ZDay,
  to: ZDay,
  shopId: ZOptionalText(ZRowId),
  code: ZOptionalText(
    zText()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{1,32}$/, SALES_MESSAGES.codeInvalid.zh),
  ),
  kind: ZShopKindFilter,
});
export type TVoucherFilters = z.infer<typeof ZVoucherFilters>;

export const ZExportOptions = z.object({
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
  /** Language of the file's headers and labels. */
  lang: z.enum(['zh-TW', 'en']).default('zh-TW'),
});

/**
 * spec 000 §5 on a sales screen: the query covers at most 31 days, an export 7; a phone search only the
 * last 3 months. The form and the server both call this.
 */
export const checkSalesRange = (
  f: { from: string; to: string; phone?: string | undefined },
  kind: 'query' | 'export',
  today?: string,
): TDateRefusal | null =>
  checkDateRange(
    { from: f.from, to: f.to },
    kind === 'export'
      ? {
          maxDays: SALES_EXPORT_MAX_DAYS,
          rangeMessage: DATE_RULE_MESSAGES.exportRange,
          phone: !!f.phone,
          today,
        }
      : {
          maxDays: ORDER_QUERY_MAX_DAYS,
          rangeMessage: DATE_RULE_MESSAGES.queryRange,
          phone: !!f.phone,
          today,
        },
  );

/** File name of an export: sales-2026-11-16_2026-11-22.xlsx. */
export const exportFileName = (
  kind: 'sales' | 'vouchers',
  f: { from: string; to: string },
  format: TExportFormat,
) => `${kind}-${f.from}_${f.to}.${format}`;
