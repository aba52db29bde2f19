import {
  getPosBoardOp,
  getPosOrderOp,
  ORDER_ACTIONS,
  reprintPosOrderOp,
  type TBoardEvent,
  type TBoardOrder,
  type TBoardShop,
  type TOrderAction,
  transitionPosOrderOp,
} from '@shopdesk/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiClientError, callApi, type TResponse } from '../../../lib/api';
import { notify } from '../../../lib/notify';

export const BOARD_KEY = ['pos-board', 'board'] as const;
type TBoard = TResponse<typeof getPosBoardOp>;

const withOrder = (orders: readonly TBoardOrder[], order: TBoardOrder) =>
  orders.some((o) => o.id === order.id)
    ? orders.map((o) => (o.id === order.id ? order : o))
    : [...orders, order];

/**
 * A fresh read of the whole board, keeping what the feed brought while it was on its way: an order the
 * board re-read for an event after the read's cursor (`lastEventId`, taken before its orders) is newer than
 * the read's copy, or missing from it. Without this a re-read (a shop switch, a reconnect) that answered
 * after a new order's event took that order's card off the board.
 */
export const mergeBoardRead = (
  read: TBoard,
  shown: TBoard | undefined,
  eventOf: ReadonlyMap<number, number>,
): TBoard => {
  const newer = (shown?.orders ?? []).filter((o) => (eventOf.get(o.id) ?? 0) > read.lastEventId);
  return newer.length ? { ...read, orders: newer.reduce(withOrder, read.orders) } : read;
};

/**
 * The board's data: one query for the shop and its orders; feed events and the board's own actions
 * replace single orders in it (read back from the server, so a card always shows the stored state).
 */
export const useBoard = () => {
  const qc = useQueryClient();
  /** Per order, the id of the newest feed event its shown copy was read after. */
  const eventOf = useRef(new Map<number, number>());
  const query = useQuery<TBoard, ApiClientError>({
    queryKey: BOARD_KEY,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) =>
      mergeBoardRead(
        await callApi(getPosBoardOp, { signal }),
        qc.getQueryData<TBoard>(BOARD_KEY),
        eventOf.current,
      ),
  });
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

  const putOrder = useCallback(
    (order: TBoardOrder) =>
      qc.setQueryData<TBoard>(BOARD_KEY, (old) =>
        old ? { ...old, orders: withOrder(old.orders, order) } : old,
      ),
    [qc],
  );
  const putShop = useCallback(
    (shop: TBoardShop) => qc.setQueryData<TBoard>(BOARD_KEY, (old) => (old ? { ...old, shop } : old)),
    [qc],
  );
  /** Reads one order again and shows it; `eventId`: the feed event that asked (the order is newer than it). */
  const reloadOrder = useCallback(
    async (orderId: number, eventId?: number) => {
      const { order } = await callApi(getPosOrderOp, { params: { orderId } });
      if (eventId !== undefined)
        eventOf.current.set(orderId, Math.max(eventOf.current.get(orderId) ?? 0, eventId));
      putOrder(order);
      return order;
    },
    [putOrder],
  );
  const reload = useCallback(() => qc.invalidateQueries({ queryKey: BOARD_KEY }), [qc]);

  const setBusyOf = (id: number, on: boolean) =>
    setBusy((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** An action of the board; a 409 (another board was faster) shows the server's reason and the current state. */
  const act = async (order: TBoardOrder, action: TOrderAction, reason?: string) => {
    setBusyOf(order.id, true);
    try {
      const res = await callApi(transitionPosOrderOp, {
        params: { orderId: order.id, action },
        body: ORDER_ACTIONS[action].needsReason ? { reason } : {},
      });
      putOrder(res.order);
    } catch (err) {
      notify.apiError(err);
      if (err instanceof ApiClientError && err.status === 409) await reloadOrder(order.id).catch(() => {});
    } finally {
      setBusyOf(order.id, false);
    }
  };

  const reprint = async (order: TBoardOrder, sent: string) => {
    try {
      await callApi(reprintPosOrderOp, { params: { orderId: order.id } });
      notify.success(sent);
    } catch (err) {
      notify.apiError(err); // 502: the contract's "reprint failed"
    }
  };

  /** A feed event: re-read the order it names; a shop switch re-reads the board. */
  const apply = async (e: TBoardEvent): Promise<TBoardOrder | null> => {
    if (e.kind === 'shop') {
      void reload();
      return null;
    }
    if (e.orderId === null) return null;
    // print outcomes re-read the order too: its card shows a failed print until a reprint works
    return reloadOrder(e.orderId, e.id).catch(() => null);
  };

  return { query, busy, act, reprint, apply, reload, putShop };
};
