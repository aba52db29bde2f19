import { z } from 'zod';
import { zQueryId } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';

/**
 * The go-live checklist of a new shop (docs/decisions/shops.md "Go-live checklist"): what is
 * left before the shop takes real orders, each item ticked by the server from the shop's own data, so a
 * reload shows the same ticks. The order is the order an operator works through them.
 */
export const GO_LIVE_ITEMS = ['owner', 'hours', 'menu', 'tableQr', 'printer', 'payment', 'live'] as const;
export const ZGoLiveItem = z.enum(GO_LIVE_ITEMS);
export type TGoLiveItem = z.infer<typeof ZGoLiveItem>;

export const ZGoLiveChecklist = z.object({
  accountId: z.number().int(),
  /** accounts.is_initialized (spec 002 §4 未上線 / 已上線). */
  live: z.boolean(),
  items: z.array(z.object({ key: ZGoLiveItem, done: z.boolean() })),
});
export type TGoLiveChecklist = z.infer<typeof ZGoLiveChecklist>;

export const goLiveChecklistOp = defineOperation({
  method: 'GET',
  path: '/:type/shops/:accountId/go-live-checklist',
  summary: 'What is left before the shop goes live, each item ticked from the shop data',
  spec: '000 §2 Shop info screen',
  allow: ['gaa', 'si', 'eaa'],
  params: z.object({ type: z.enum(['gaa', 'si', 'eaa']), accountId: zQueryId() }),
  response: ZGoLiveChecklist,
});
