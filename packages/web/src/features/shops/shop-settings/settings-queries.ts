import {
  getLargeOrderOp,
  getSettingsBusinessOp,
  getSettingsInfoOp,
  type TSettingChange,
  type TSettingValue,
} from '@shopdesk/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useApiQuery } from '../../../lib/api-query';

/** One key family per shop: a save patches the loads and refreshes the Record tab of that shop only. */
export const settingsKeys = {
  shop: (accountId: number) => ['shop-settings', accountId] as const,
  load: (accountId: number, part: 'info' | 'settings' | 'large-order') =>
    ['shop-settings', accountId, 'load', part] as const,
  records: (accountId: number) => ['shop-settings', accountId, 'records'] as const,
};

/** Values by the table a save names, then by key (spec 001 §7 loads, merged). */
export type TSettingsValues = Record<string, Record<string, TSettingValue>>;

/** Which load holds a table's values. */
const LOAD_OF: Record<string, 'info' | 'settings' | 'large-order'> = {
  accounts: 'info',
  account_sso: 'info',
  business_info: 'info',
  business: 'settings',
  both: 'settings',
  large_order: 'large-order',
};

/** The account side of a shop, with its name (spec 001 §7 GET /console/{id}/info). */
export const useSettingsInfo = (accountId: number) =>
  useApiQuery(
    getSettingsInfoOp,
    { params: { id: accountId } },
    { queryKey: settingsKeys.load(accountId, 'info'), enabled: accountId > 0 },
  );

/** The three loads of the settings page (spec 001 §7 GET /console/{id}/info, /settings, /large-order). */
export const useSettingsValues = (accountId: number) => {
  const args = { params: { id: accountId } };
  const enabled = accountId > 0;
  const info = useSettingsInfo(accountId);
  const settings = useApiQuery(getSettingsBusinessOp, args, {
    queryKey: settingsKeys.load(accountId, 'settings'),
    enabled,
  });
  const large = useApiQuery(getLargeOrderOp, args, {
    queryKey: settingsKeys.load(accountId, 'large-order'),
    enabled,
  });
  const values: TSettingsValues | undefined =
    info.data && settings.data && large.data
      ? { ...info.data.values, ...settings.data.values, ...large.data.values }
      : undefined;
  return {
    values,
    info: info.data,
    isLoading: info.isLoading || settings.isLoading || large.isLoading,
    error: info.error ?? settings.error ?? large.error,
    /** Which load failed (spec 001 §8 "Load failure (advanced)"): the info, or the settings data. */
    failedPart: info.error ? ('info' as const) : settings.error || large.error ? ('data' as const) : null,
    refetch: () => Promise.all([info.refetch(), settings.refetch(), large.refetch()]),
  };
};

type TLoad = { values: Record<string, Record<string, unknown>> };

/** Puts what a save changed into the loaded values, so every box shows it without another call. */
export const patchSettings = (client: QueryClient, accountId: number, changes: readonly TSettingChange[]) => {
  for (const change of changes) {
    const part = LOAD_OF[change.table];
    if (!part) continue;
    client.setQueryData<TLoad>(settingsKeys.load(accountId, part), (old) =>
      old
        ? {
            ...old,
            values: {
              ...old.values,
              [change.table]: { ...old.values[change.table], [change.key]: change.value },
            },
          }
        : old,
    );
  }
  void client.invalidateQueries({ queryKey: settingsKeys.records(accountId) });
};

export const usePatchSettings = (accountId: number) => {
  const client = useQueryClient();
  return (changes: readonly TSettingChange[]) => patchSettings(client, accountId, changes);
};
