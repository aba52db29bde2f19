import { z } from 'zod';
import { zQueryId, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import { ZOrderAction } from '../orders/order-status';
import { ZBoardOrder, ZBoardProduct, ZBoardShop, ZPickupDisplay } from './board-model';
import { POS_BOARD_MESSAGES } from './board-rules';

/**
 * The live order board's calls. A POS user acts on its own shop only: the shop comes from the
 * POS token (cookie `sd_pos` or Bearer), never from the path, so another shop's order is simply not found.
 */
const ZOrderId = z.object({ orderId: zQueryId() });
const ZOnOff = z.enum(['on', 'off']);

export const getPosBoardOp = defineOperation({
  method: 'GET',
  path: '/qcpos/board',
  summary: "The board: the shop's switches, open orders and today's finished ones, and the feed cursor",
  spec: '000 §2 Point of sale',
  allow: 'pos',
  response: z.object({
    shop: ZBoardShop,
    orders: z.array(ZBoardOrder),
    /** Subscribe to the feed after this id: nothing between the load and the subscription is missed. */
    lastEventId: z.number().int(),
  }),
});

export const getPosOrderOp = defineOperation({
  method: 'GET',
  path: '/qcpos/board/orders/:orderId',
  summary: 'One order of the shop as the board shows it',
  spec: '000 §2 Point of sale',
  allow: 'pos',
  params: ZOrderId,
  response: z.object({ order: ZBoardOrder }),
});

export const ZPosTransitionBody = z.object({ reason: zText().max(200).optional() });

export const transitionPosOrderOp = defineOperation({
  method: 'POST',
  path: '/qcpos/board/orders/:orderId/:action',
  summary: 'Accept, reject (reason), complete or cancel (reason) an order; 409 when it moved on',
  spec: '000 §4 order statuses',
  allow: 'pos',
  params: ZOrderId.extend({ action: ZOrderAction }),
  body: ZPosTransitionBody,
  response: z.object({ order: ZBoardOrder }),
});

export const reprintPosOrderOp = defineOperation({
  method: 'POST',
  path: '/qcpos/board/orders/:orderId/reprint',
  summary: "Reprint an order's ticket; 502 'reprint failed' when the printer does not take it",
  spec: '000 §8 reprint failed',
  allow: 'pos',
  params: ZOrderId,
  response: z.object({ ok: z.literal(true) }),
});

export const setPosManualAcceptOp = defineOperation({
  method: 'POST',
  path: '/qcpos/board/manual-accept/:onOff',
  summary: 'Manual (on) or automatic (off) acceptance of the POS user’s shop',
  spec: '000 §7 manual-accept (POS side)',
  allow: 'pos',
  params: z.object({ onOff: ZOnOff }),
  response: z.object({ shop: ZBoardShop }),
});

export const setPosOnlineOp = defineOperation({
  method: 'POST',
  path: '/qcpos/board/online/:onOff',
  summary: 'Online ordering of the POS user’s shop on or off',
  spec: '000 §4 online ordering (POS side)',
  allow: 'pos',
  params: z.object({ onOff: ZOnOff }),
  response: z.object({ shop: ZBoardShop }),
});

export const listPosProductsOp = defineOperation({
  method: 'GET',
  path: '/qcpos/board/products',
  summary: "The shop's live products with their sold-out mark (the board's sold-out panel)",
  spec: '000 §2 Point of sale',
  allow: 'pos',
  response: z.object({ products: z.array(ZBoardProduct) }),
});

export const setPosSoldOutOp = defineOperation({
  method: 'POST',
  path: '/qcpos/board/products/:productId/sold-out/:onOff',
  summary: 'Mark a product sold out (on) or available again (off)',
  spec: '000 §2 Point of sale',
  allow: 'pos',
  params: z.object({ productId: zQueryId(), onOff: ZOnOff }),
  response: z.object({ product: ZBoardProduct }),
});

export const createPickupLinkOp = defineOperation({
  method: 'POST',
  path: '/qcpos/board/display-link',
  summary: 'A signed, expiring link to the public pickup display (/pub/qcpos) of the shop',
  spec: '000 §2 /pub/qcpos',
  allow: 'pos',
  response: z.object({ path: zText(), token: zText(), expiresAt: zText() }),
});

export const createTestOrderLinkOp = defineOperation({
  method: 'POST',
  path: '/qcpos/board/test-order-link',
  summary:
    "A signed, expiring staff preview link to the shop's customer app: orders placed with it are test orders",
  spec: '002 §1 go-live status (docs/decisions/orders.md "Go-live status and test orders")',
  allow: 'pos',
  response: z.object({ path: zText(), token: zText(), expiresAt: zText() }),
});

export const getPickupDisplayOp = defineOperation({
  method: 'GET',
  path: '/pub/qcpos',
  summary: 'Public pickup display: order numbers preparing and ready (signed link token)',
  spec: '000 §2 /pub/qcpos',
  allow: 'public',
  query: z.object({
    token: zText(500, { error: POS_BOARD_MESSAGES.linkMissing.zh }).min(1, POS_BOARD_MESSAGES.linkMissing.zh),
  }),
  response: ZPickupDisplay,
});

export const posSignoutOp = defineOperation({
  method: 'POST',
  path: '/qcpos/signout',
  summary: 'Ends the POS session of this device (token and cookie)',
  spec: '000 §7 Session',
  allow: 'pos',
  response: z.object({ ok: z.literal(true) }),
});
