import {
  pubShopStatOp,
  stats360Op,
  statsShopsOp,
  statsSummaryOp,
  type TStatsShopsQuery,
  type TStatsSummaryQuery,
  type TUserType,
} from '@shopdesk/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '../../../lib/api-query';

/** One key family per stats call; previous data stays on screen while a new period loads. */
const keep = { placeholderData: keepPreviousData, staleTime: 60_000 } as const;

export const useStatsSummary = (type: TUserType, query: TStatsSummaryQuery) =>
  useApiQuery(statsSummaryOp, { params: { type }, query }, keep);

export const useStatsShops = (query: TStatsShopsQuery) =>
  useApiQuery(statsShopsOp, { params: { type: 'gaa' }, query }, keep);

export const useStats360 = (
  type: TUserType,
  accountId: number | undefined,
  range: { from: string; to: string },
) =>
  useApiQuery(
    stats360Op,
    { params: { type, accountId: accountId ?? 0 }, query: range },
    { ...keep, enabled: !!accountId },
  );

export const usePubShopStat = (token: string | undefined, range: { from: string; to: string }) =>
  useApiQuery(
    pubShopStatOp,
    { query: { token: token ?? '', ...range } },
    { ...keep, enabled: !!token, retry: false },
  );
