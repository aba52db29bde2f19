import { z } from 'zod';
import { zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { ZShopKindFilter } from '../../../common/user-types';

/**
 * /dashboard (the spec names the route only): the platform's live overview for gaa: today's orders
 * (Asia/Taipei) that count, per hour, by dining mode and by channel; shops online; printers not online; open
 * orders; and the outgoing calls that failed for good (dead outbox jobs: LINE pushes, couriers, invoices,
 * payments).
 */
export const ZDashboard = z.object({
  /** When the figures were read (ISO). */
  at: zText(),
  today: z.object({ orders: z.number().int(), revenue: z.number().int(), open: z.number().int() }),
  /** Orders that count per local hour of today, 0–23. */
  hours: z.array(z.number().int()).length(24),
  byMealType: z.object({ eat_in: z.number().int(), to_go: z.number().int(), delivery: z.number().int() }),
  /** Orders that count today by channel (contract/charts ORDER_CHANNELS: LINE, table QR, web link). */
  byChannel: z.object({ line: z.number().int(), table: z.number().int(), web: z.number().int() }),
  shops: z.object({ online: z.number().int(), total: z.number().int() }),
  printers: z.object({ offline: z.number().int(), total: z.number().int() }),
  /** Dead outbox jobs by kind (e.g. line.push, courier.request). */
  failedCalls: z.array(z.object({ kind: zText(), count: z.number().int() })),
});
export type TDashboard = z.infer<typeof ZDashboard>;

export const getDashboardOp = defineOperation({
  method: 'GET',
  path: '/gaa/dashboard',
  summary: "The platform's live overview: today's orders, shops online, printers offline, failed calls",
  spec: '000 §2 Shell pages',
  allow: ['gaa'],
  query: z.object({ kind: ZShopKindFilter }),
  response: ZDashboard,
});

/**
 * The dashboard's live stream (Server-Sent Events, gaa session): `event: changed` when any shop's order feed
 * moved, at most once per DASHBOARD_LIVE_THROTTLE_MS (the first at once); the page then reads the figures.
 */
export const DASHBOARD_EVENTS_PATH = '/gaa/dashboard/events';
export const DASHBOARD_LIVE_THROTTLE_MS = 2_000;
export const DASHBOARD_PING_MS = 15_000;
/** The slow read that stands in while the stream is down (and catches printers and failed calls). */
export const DASHBOARD_REFRESH_MS = 60_000;
