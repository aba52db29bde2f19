import { msg, type TMessage } from '../../../common/errors';
import type { TOrderStatus } from '../orders/order-status';
import type { TBoardEvent, TBoardOrder } from './board-model';

/**
 * Lanes of the board (our design for a lunch rush): new orders waiting for a decision, accepted
 * ones in the kitchen, and today's finished ones (completed, rejected, canceled) for look-ups and reprints.
 */
export const BOARD_LANES = ['new', 'accepted', 'done'] as const;
export type TBoardLane = (typeof BOARD_LANES)[number];

export const laneOf = (status: TOrderStatus): TBoardLane =>
  status === 'new' ? 'new' : status === 'accepted' ? 'accepted' : 'done';

/**
 * Order inside a lane: new and accepted by the time the shop must have it ready (wanted time, else order
 * time), oldest first; done ones newest first.
 */
export const sortLane = (lane: TBoardLane, orders: readonly TBoardOrder[]): TBoardOrder[] => {
  const due = (o: TBoardOrder) => Date.parse(o.wantedAt ?? o.createdAt);
  const done = (o: TBoardOrder) => Date.parse(o.finishedAt ?? o.createdAt);
  return [...orders].sort((a, b) => (lane === 'done' ? done(b) - done(a) : due(a) - due(b) || a.id - b.id));
};

/** The board keeps ringing while at least one order waits for accept or reject. */
export const waitingCount = (orders: readonly TBoardOrder[]) =>
  orders.filter((o) => o.status === 'new').length;

/** What a feed event means for the board's sound: a new order rings, a cancellation has its own tone. */
export const soundOf = (e: Pick<TBoardEvent, 'kind' | 'status'>): 'new' | 'canceled' | null =>
  e.kind === 'created' && e.status === 'new'
    ? 'new'
    : e.kind === 'status' && e.status === 'canceled'
      ? 'canceled'
      : null;

/** The pickup display shows an order as ready for this long after it was completed. */
export const PICKUP_READY_MINUTES = 30;
/** A customer display link works for this long (one business day and a bit; the board makes a new one). */
export const PICKUP_LINK_HOURS = 18;
/** Purpose of the signed link (packages/server/src/lib/signed-link.ts). */
export const PICKUP_LINK_PURPOSE = 'pub-qcpos';

/** The board's feed: Server-Sent Events at this path (under /console/apis), POS cookie, not a JSON call. */
export const POS_BOARD_EVENTS_PATH = '/qcpos/board/events';
/** Keep-alive comment interval of the feed: proxies close idle connections. */
export const POS_BOARD_PING_MS = 15_000;

export const POS_BOARD_MESSAGES = {
  linkExpired: msg('此連結已失效，請向店家索取新連結', 'This link has expired; ask the shop for a new one'),
  unknownProduct: msg('找不到此商品', 'Product not found'),
  // /pub/qcpos opened without its token
  linkMissing: msg(
    '這個畫面要用點餐機產生的連結開啟：請在點餐機按「顧客取餐顯示連結」，再開啟它給的網址。',
    'Open this screen with the link the point of sale makes: press “Customer display link” there and open the address it gives.',
  ),
} as const satisfies Record<string, TMessage>;
