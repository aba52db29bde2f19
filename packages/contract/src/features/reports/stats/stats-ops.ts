import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { ZPagingQuery } from '../../../common/paging';
import { ZShopKindFilter, ZUserType } from '../../../common/user-types';
import { ZMealType } from '../../menus/menus/menu-model';
import { ZDay } from '../../orders/orders/date-rules';
import { ZOrderStatus } from '../../orders/orders/order-status';
import { STATS_SUMMARY_PATH } from '../../shops/acls/acl-map';
import { SHARE_LINK_DAYS } from './stats-range';

/**
 * Statistics operations. Figures are counted orders (accepted and completed), Asia/Taipei days,
 * computed by SQL over the rollup tables; every answer carries the previous period of the same length.
 */
const ZId = zQueryId().max(2_147_483_647);
const ZRange = z.object({ from: ZDay, to: ZDay });
export type TStatsRange = z.infer<typeof ZRange>;

export const ZKpi = z.object({
  orders: z.number().int(),
  /** NT$ of order totals (after vouchers). */
  revenue: z.number().int(),
  avgTicket: z.number().int(),
  discount: z.number().int(),
});
export type TKpi = z.infer<typeof ZKpi>;
const ZFigure = z.object({ orders: z.number().int(), revenue: z.number().int() });

export const ZStatsSummary = z.object({
  range: ZRange,
  previousRange: ZRange,
  current: ZKpi,
  previous: ZKpi,
  /** Every day of the range; prev* is the same position in the previous period. */
  byDay: z.array(
    ZFigure.extend({ day: ZDay, prevDay: ZDay, prevOrders: z.number().int(), prevRevenue: z.number().int() }),
  ),
  /** Hours 0–23. */
  byHour: z.array(ZFigure.extend({ hour: z.number().int() })),
  byMealType: z.array(ZFigure.extend({ mealType: ZMealType })),
  byPayment: z.array(ZFigure.extend({ paymentMethod: z.enum(['cash', 'online']) })),
  topProducts: z.array(
    z.object({
      productId: z.number().int(),
      names: z.object({ zh: zText(), en: zText() }),
      qty: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
});
export type TStatsSummary = z.infer<typeof ZStatsSummary>;

const ZTypeParams = z.object({ type: ZUserType });

export const ZStatsSummaryQuery = ZRange.extend({
  /** One shop; gaa any, others one in their scope. */
  shopId: ZId.optional(),
  /** One SI account's shops (gaa; an si may name its own). */
  siAccountId: ZId.optional(),
  kind: ZShopKindFilter,
});
export type TStatsSummaryQuery = z.infer<typeof ZStatsSummaryQuery>;

export const statsSummaryOp = defineOperation({
  method: 'GET',
  path: STATS_SUMMARY_PATH,
  summary: 'Sales statistics of the caller’s shops, an SI account or one shop, with the previous period',
  spec: '000 §2 Summary (/summary/stat)',
  allow: ['gaa', 'si', 'eaa', 'line'],
  params: ZTypeParams,
  query: ZStatsSummaryQuery,
  response: ZStatsSummary,
});

export const STATS_SHOP_SORTS = ['orders', 'revenue', 'avgTicket', 'growth', 'accountId', 'name'] as const;
export const ZStatsShopRow = z.object({
  accountId: z.number().int(),
  name: zText(),
  siName: zText().nullable(),
  orders: z.number().int(),
  revenue: z.number().int(),
  avgTicket: z.number().int(),
  prevOrders: z.number().int(),
  prevRevenue: z.number().int(),
  /** Revenue change vs the previous period in percent; null when the previous period had none. */
  growth: z.number().nullable(),
  byMealType: z.record(ZMealType, ZFigure),
  byPayment: z.record(z.enum(['cash', 'online']), ZFigure),
  /** Orders rejected or canceled in the range. */
  rejected: z.number().int(),
  canceled: z.number().int(),
});
export type TStatsShopRow = z.infer<typeof ZStatsShopRow>;

export const ZStatsShopsQuery = ZRange.extend(ZPagingQuery.shape).extend({
  siAccountId: ZId.optional(),
  /** Only shops without a counted order in the range. */
  zeroOnly: z.enum(['0', '1']).optional(),
  kind: ZShopKindFilter,
});
export type TStatsShopsQuery = z.infer<typeof ZStatsShopsQuery>;

export const statsShopsOp = defineOperation({
  method: 'GET',
  path: '/:type/stats/shops',
  summary: 'Per-shop statistics (every shop, also those without orders), sortable and paged',
  spec: '000 §2 Summary (/summary/shop-stat, /summary/adv-shop-stat)',
  allow: ['gaa'],
  params: ZTypeParams,
  query: ZStatsShopsQuery,
  response: z.object({
    total: z.number().int(),
    rows: z.array(ZStatsShopRow),
    /** Over every shop of the filter (not just the page); discount is not split per shop and stays 0. */
    totals: ZKpi,
    previousTotals: ZKpi,
  }),
});

export const ZStats360 = z.object({
  shop: z.object({ accountId: z.number().int(), name: zText() }),
  summary: ZStatsSummary,
  /** weekday 0 = Sunday … 6, hour 0–23: counted orders (empty cells left out). */
  heatmap: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), orders: z.number().int() })),
  /** Every order of the range by status, counted or not. */
  statuses: z.array(z.object({ status: ZOrderStatus, orders: z.number().int() })),
  /** (rejected + canceled) / all orders, percent, one decimal. */
  refusalRate: z.number(),
  /** Customers by phone among counted orders; repeat = 2 or more orders in the range. */
  customers: z.object({
    customers: z.number().int(),
    repeatCustomers: z.number().int(),
    repeatOrderShare: z.number(),
  }),
});
export type TStats360 = z.infer<typeof ZStats360>;

export const stats360Op = defineOperation({
  method: 'GET',
  path: '/:type/stats/shops/:accountId/360',
  summary: 'One shop’s 360 view: every dimension, weekday × hour heat map, repeat customers, refusal rate',
  spec: '000 §2 Report (/report/360-stats)',
  allow: ['gaa', 'eaa'],
  params: ZTypeParams.extend({ accountId: ZId }),
  query: ZRange,
  response: ZStats360,
});

export const ZShareLinkBody = z.object({
  /** The shop; a line user may leave it out (its one shop). */
  accountId: ZId.optional(),
  days: z.coerce
    .number()
    .int()
    .min(SHARE_LINK_DAYS.min)
    .max(SHARE_LINK_DAYS.max)
    .default(SHARE_LINK_DAYS.default),
});
export type TShareLinkBody = z.input<typeof ZShareLinkBody>;

export const createStatsShareLinkOp = defineOperation({
  method: 'POST',
  path: '/:type/stats/share-links',
  summary: 'A signed, expiring link to the read-only /pub/shop-stat page of one shop',
  spec: '000 §2 /pub/shop-stat',
  allow: ['gaa', 'si', 'eaa', 'line'],
  params: ZTypeParams,
  body: ZShareLinkBody,
  response: z.object({ token: zText(), path: zText(), expiresAt: zText() }),
  status: 201,
});

export const pubShopStatOp = defineOperation({
  method: 'GET',
  path: '/pub/stats/shop-stat',
  summary: 'The statistics of the shop a share link names (no sign-in; 403 LINK_INVALID or LINK_EXPIRED)',
  spec: '000 §2 /pub/shop-stat',
  allow: 'public',
  query: ZRange.extend({ token: zText().min(10).max(2000) }),
  response: z.object({
    shop: z.object({ name: zText() }),
    expiresAt: zText(),
    summary: ZStatsSummary,
  }),
});
