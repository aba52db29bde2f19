import {
  getRecordByActionOp,
  getRecordByResourceOp,
  getRecordOp,
  revertRecordOp,
  type TAuditAction,
  type TAuditPage,
} from '@shopdesk/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClientError } from '../../../../../lib/api';
import { callApi } from '../../../../../lib/api';
import { useApiMutation } from '../../../../../lib/api-query';
import { shopProfileKeys } from '../../../shop-profile/shop-profile-queries';
import { shopTimeKeys } from '../../../shop-time/shop-time-queries';
import { settingsKeys, usePatchSettings } from '../../settings-queries';

/** The one filter the Record tab may have (spec 001 §2.8 "one filter at a time"). */
export type TRecordFilter =
  | { kind: 'resource'; value: string }
  | { kind: 'action'; value: TAuditAction }
  | null;

/** One page of records through the call the filter names (spec 001 §7 record, record-resource, record-action). */
export const useRecords = (accountId: number, filter: TRecordFilter, page: number, size: number) =>
  useQuery<TAuditPage, ApiClientError>({
    queryKey: [...settingsKeys.records(accountId), filter, page, size],
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: accountId > 0, // no shop chosen yet (the timeline page before a shop id is typed)
    queryFn: ({ signal }) => {
      const params = { id: accountId };
      const paging = { offset: (page - 1) * size, limit: size };
      if (filter?.kind === 'resource') {
        return callApi(getRecordByResourceOp, {
          params,
          query: { ...paging, resourceCode: filter.value },
          signal,
        });
      }
      if (filter?.kind === 'action') {
        return callApi(getRecordByActionOp, { params, query: { ...paging, action: filter.value }, signal });
      }
      return callApi(getRecordOp, { params, query: paging, signal });
    },
  });

/**
 * Reverts a record (ours): the settings boxes take the written value, the list refreshes, and so do the Time
 * tab and the shop pages (a revert of hours, limits, days off or the label printer writes there).
 */
export const useRevertRecord = (accountId: number) => {
  const patch = usePatchSettings(accountId);
  const client = useQueryClient();
  return useApiMutation(revertRecordOp, {
    onSuccess: (result) => {
      patch(result.changes);
      void client.invalidateQueries({ queryKey: shopTimeKeys.shop(accountId) });
      void client.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === shopProfileKeys.shop('gaa', accountId)[0] && q.queryKey[2] === accountId,
      });
    },
  });
};
