import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { ZPagingQuery } from '../../../common/paging';
import { ZMealType } from '../../menus/menus/menu-model';
import { ZOrderStatus } from '../../orders/orders/order-status';
import { ZShopPortal } from '../../shops/shop-profile/shop-profile-ops';
import { ZExportOptions, ZSalesFilters, ZVoucherFilters } from './sales-rules';

const ZTyped = z.object({ type: ZShopPortal });
const ZGaa = z.object({ type: z.literal('gaa') });
const ZPage = ZPagingQuery.pick({ offset: true, limit: true });

export const ZSalesRow = z.object({
  id: z.number().int(),
  /** Asia/Taipei "YYYY-MM-DD HH:mm:ss". */
  createdAt: zText(),
  shopId: z.number().int(),
  shopName: zText(),
  serial: z.number().int(),
  status: ZOrderStatus,
  mealType: ZMealType,
  paymentMethod: z.enum(['cash', 'online']),
  items: zText(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  voucherCode: zText().nullable(),
  customerPhone: zText(),
});
export type TSalesRow = z.infer<typeof ZSalesRow>;

/** Totals of the whole filtered range, by SQL: revenue and discount count sold orders only. */
export const ZSalesTotals = z.object({ orders: z.number().int(), revenue: z.number(), discount: z.number() });

export const salesOrdersOp = defineOperation({
  method: 'GET',
  path: '/:type/sales/orders',
  summary: 'Sales query: sold orders of a date range, scoped by role, with totals',
  spec: '000 §2 Sales, §5 date rules',
  allow: ['gaa', 'si', 'eaa'],
  params: ZTyped,
  query: ZSalesFilters.extend(ZPage.shape).extend(ZExportOptions.pick({ lang: true }).shape),
  response: z.object({ total: z.number().int(), rows: z.array(ZSalesRow), totals: ZSalesTotals }),
});

export const salesExportOp = defineOperation({
  method: 'GET',
  path: '/:type/sales/orders/export',
  summary: 'Sales query export (.xlsx or .csv, streamed; at most 7 days)',
  spec: '000 §5 export range',
  allow: ['gaa', 'si', 'eaa'],
  params: ZTyped,
  query: ZSalesFilters.extend(ZExportOptions.shape),
  response: z.unknown(),
});

export const ZVoucherRow = z.object({
  id: z.number().int(),
  createdAt: zText(),
  shopId: z.number().int(),
  shopName: zText(),
  serial: z.number().int(),
  code: zText(),
  discount: z.number().int(),
  total: z.number().int(),
});
export type TVoucherRow = z.infer<typeof ZVoucherRow>;
export const ZVoucherCodeTotal = z.object({
  code: zText(),
  orders: z.number().int(),
  discount: z.number(),
  revenue: z.number(),
});

export const vouchersOp = defineOperation({
  method: 'GET',
  path: '/:type/sales/vouchers',
  summary: 'Voucher redemptions (sold orders with a voucher) of a date range, with totals per code',
  spec: '000 §2 Sales',
  allow: ['gaa'],
  params: ZGaa,
  query: ZVoucherFilters.extend(ZPage.shape),
  response: z.object({
    total: z.number().int(),
    rows: z.array(ZVoucherRow),
    totals: ZSalesTotals,
    byCode: z.array(ZVoucherCodeTotal),
  }),
});

export const vouchersExportOp = defineOperation({
  method: 'GET',
  path: '/:type/sales/vouchers/export',
  summary: 'Voucher redemptions export (.xlsx or .csv, streamed; at most 7 days)',
  spec: '000 §5 export range',
  allow: ['gaa'],
  params: ZGaa,
  query: ZVoucherFilters.extend(ZExportOptions.shape),
  response: z.unknown(),
});
