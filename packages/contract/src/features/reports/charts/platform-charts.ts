import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { msg, type TMessage } from '../../../common/errors';
import { defineOperation } from '../../../common/operation';
import { ZShopKindFilter } from '../../../common/user-types';

/**
 * /charts (the spec names the route only): the platform over the last days (30 by default),
 * Asia/Taipei calendar days, orders that count (COUNTED_ORDER_STATUSES) only.
 */
export const CHART_DAYS = { default: 30, min: 7, max: 90 } as const;

/**
 * Where an order came from, read off the order itself (there is no channel column): placed in LINE (the
 * customer is known by a LINE user id), scanned at a table without LINE, or through the web link.
 */
export const ORDER_CHANNELS = ['line', 'table', 'web'] as const;
export type TOrderChannel = (typeof ORDER_CHANNELS)[number];
export const ORDER_CHANNEL_LABELS: Record<TOrderChannel, TMessage> = {
  line: msg('LINE 點餐', 'LINE'),
  table: msg('桌邊掃碼', 'Table QR'),
  web: msg('網頁連結', 'Web link'),
};

/** The SQL that names an order's channel: kept beside ORDER_CHANNELS so the two cannot drift. */
export const ORDER_CHANNEL_SQL =
  "case when o.line_user_id is not null then 'line' when o.table_number is not null then 'table' else 'web' end";

export const ZChartDay = z.object({
  date: zText(),
  orders: z.number().int(),
  revenue: z.number().int(),
  eat_in: z.number().int(),
  to_go: z.number().int(),
  delivery: z.number().int(),
});
export type TChartDay = z.infer<typeof ZChartDay>;

export const ZPlatformCharts = z.object({
  at: zText(),
  from: zText(),
  to: zText(),
  /** One entry per day from `from` to `to`, days without orders included (zeros). */
  days: z.array(ZChartDay),
  byChannel: z.object({ line: z.number().int(), table: z.number().int(), web: z.number().int() }),
  /** The ten shops with the most orders over the period. */
  topShops: z.array(
    z.object({
      accountId: z.number().int(),
      name: zText(),
      orders: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
});
export type TPlatformCharts = z.infer<typeof ZPlatformCharts>;

export const getPlatformChartsOp = defineOperation({
  method: 'GET',
  path: '/gaa/charts',
  summary:
    'The platform over the last days: orders and revenue per day, by dining mode and channel, top shops',
  spec: '000 §2 Shell pages',
  allow: ['gaa'],
  query: z.object({
    kind: ZShopKindFilter,
    days: z.coerce.number().int().min(CHART_DAYS.min).max(CHART_DAYS.max).default(CHART_DAYS.default),
  }),
  response: ZPlatformCharts,
});

/** /charts reads again on the live order feed (the dashboard's stream), at most once per this (ms)... */
export const CHARTS_MIN_READ_MS = 10_000;
/** ...and every this (ms) while the stream is down. */
export const CHARTS_REFRESH_MS = 60_000;
export const TOP_SHOPS = 10;
