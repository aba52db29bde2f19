import {
  addBannedCustomerOp,
  blockOrderCustomerOp,
  deleteBannedCustomerOp,
  getSummaryOrderOp,
  listBannedCustomersOp,
  listSummaryOrdersOp,
  logisticRecallOp,
  SHOP_TIME_ZONE,
  summaryOrderActionOp,
  type TBannedListQuery,
  type TSummaryOrdersQuery,
  type TUserType,
} from '@shopdesk/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

/** One key family for this feature: every write refreshes the lists and the open order. */
export const summaryKeys = {
  all: ['order-summary'] as const,
  orders: (type: TUserType, q: TSummaryOrdersQuery) => ['order-summary', 'orders', type, q] as const,
  order: (type: TUserType, id: number) => ['order-summary', 'order', type, id] as const,
  banned: (type: TUserType, q: TBannedListQuery) => ['order-summary', 'banned', type, q] as const,
};

export const useSummaryOrders = (type: TUserType, query: TSummaryOrdersQuery) =>
  useApiQuery(
    listSummaryOrdersOp,
    { params: { type }, query },
    { queryKey: summaryKeys.orders(type, query), placeholderData: keepPreviousData, retry: false },
  );

/** Logistics statuses a courier still moves: the open drawer polls them so a recall's courier shows up. */
const MOVING: readonly (string | null)[] = ['matching', 'en_route_pickup', 'picked_up'];
const COURIER_POLL_MS = 3_000;

export const useSummaryOrder = (type: TUserType, id: number | null) =>
  useApiQuery(
    getSummaryOrderOp,
    { params: { type, orderId: id ?? 0 } },
    {
      queryKey: summaryKeys.order(type, id ?? 0),
      enabled: id !== null,
      staleTime: 0,
      refetchInterval: (q) => {
        const o = q.state.data?.order;
        return o?.courier && o.status === 'accepted' && MOVING.includes(o.logisticsStatus)
          ? COURIER_POLL_MS
          : false;
      },
    },
  );

const useRefreshAll = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: summaryKeys.all });
};

export const useOrderAction = () => useApiMutation(summaryOrderActionOp, { onSettled: useRefreshAll() });
export const useLogisticRecall = () => useApiMutation(logisticRecallOp, { onSettled: useRefreshAll() });
export const useBlockCustomer = () => useApiMutation(blockOrderCustomerOp, { onSettled: useRefreshAll() });

export const useBannedList = (type: TUserType, query: TBannedListQuery) =>
  useApiQuery(
    listBannedCustomersOp,
    { params: { type: type as 'gaa' | 'eaa' }, query },
    { queryKey: summaryKeys.banned(type, query), placeholderData: keepPreviousData },
  );
export const useAddBanned = () => useApiMutation(addBannedCustomerOp, { onSettled: useRefreshAll() });
export const useRemoveBanned = () => useApiMutation(deleteBannedCustomerOp, { onSettled: useRefreshAll() });

/** A contract message in the current language. */
// Times show in Asia/Taipei, "YYYY-MM-DD HH:mm" (sv-SE prints that form).
const taipei = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
export const taipeiTime = (iso: string) => taipei.format(new Date(iso));
